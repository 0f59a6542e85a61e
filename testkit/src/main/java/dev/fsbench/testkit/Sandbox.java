package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;

/**
 * A fresh directory for one case, made by the kit and removed after it, and the case's handles: the
 * calls in the current mode, the environment, and assertions that need the sandbox (a failure that
 * must change nothing).
 *
 * <p>On the default filesystem it lives under {@code java.io.tmpdir}, on another filesystem under
 * its first root. Removal restores the owner's permission bits first (a case may leave a 000 file
 * or a 0555 directory), never follows a link, and never touches anything outside the sandbox.
 */
final class Sandbox implements AutoCloseable {
  static final String PREFIX = "fsbench-contract-";

  private final Path root;
  private final Env env;
  private final Calls fs;

  private Sandbox(Path root, Env env, Calls fs) {
    this.root = root;
    this.env = env;
    this.fs = fs;
  }

  static Sandbox create(Env env, Calls fs) throws IOException {
    return new Sandbox(newDirectory(env), env, fs);
  }

  static Path newDirectory(Env env) throws IOException {
    if (env.isDefaultFileSystem()) {
      return Files.createTempDirectory(PREFIX);
    }
    Path base = env.fileSystem().getRootDirectories().iterator().next();
    return Files.createTempDirectory(base, PREFIX);
  }

  Path root() {
    return root;
  }

  /** {@code root} resolved with a '/'-separated relative path. */
  Path path(String relative) {
    return root.resolve(relative);
  }

  Calls fs() {
    return fs;
  }

  Env env() {
    return env;
  }

  Map<String, String> manifest() throws IOException {
    return Oracle.manifest(root);
  }

  /**
   * Asserts that {@code call} fails as {@code expected} and that nothing in the sandbox changed.
   */
  void fails(Failure expected, Failure.Action call) throws IOException {
    Map<String, String> before = manifest();
    Throwable thrown = capture(call);
    if (thrown == null) {
      throw new AssertionError("expected " + expected + " but the call succeeded");
    }
    assertEquals(
        before,
        manifest(),
        "a failed call must change nothing; it threw " + Failure.describe(thrown));
    // NIO's form: the Files equivalent on the same fixture, which the failed call left unchanged
    Throwable oracle = expected.isLikeFiles() ? expected.runFilesEquivalent() : null;
    expected.check(thrown, env, oracle);
  }

  /**
   * Asserts that {@code call} changes nothing and ends as {@code equivalent}, a {@code Files} call
   * doing the same, ends on the same fixture: it returns where that returns (rm with force of a
   * path Jimfs calls missing), and fails as {@link Failure#likeFiles} where that throws.
   */
  void endsLikeFiles(Path file, Failure.Action equivalent, Failure.Action call) throws IOException {
    Map<String, String> before = manifest();
    Throwable thrown = capture(call);
    assertEquals(
        before,
        manifest(),
        "the call must change nothing"
            + (thrown == null ? "" : "; it threw " + Failure.describe(thrown)));
    Throwable oracle = capture(equivalent);
    if (oracle == null) {
      if (thrown != null) {
        throw new AssertionError(
            "the Files equivalent returns here, but the call threw " + Failure.describe(thrown),
            thrown);
      }
      return;
    }
    Failure.likeFiles(file, equivalent).check(thrown, env, oracle);
  }

  /**
   * As {@link #fails} for a call that may have done part of its work before failing (a tree copy,
   * say).
   */
  void failsPartway(Failure expected, Failure.Action call) {
    Throwable thrown = capture(call);
    if (thrown == null) {
      throw new AssertionError("expected " + expected + " but the call succeeded");
    }
    Throwable oracle = expected.isLikeFiles() ? expected.runFilesEquivalent() : null;
    expected.check(thrown, env, oracle);
  }

  private static Throwable capture(Failure.Action call) {
    try {
      call.run();
      return null;
    } catch (AssertionError e) {
      throw e;
    } catch (Throwable t) {
      return t;
    }
  }

  @Override
  public void close() throws IOException {
    remove(root);
  }

  /**
   * Removes a kit-made directory with the one race-safe removal ({@link TreeRemoval#cleanUp}: owner
   * access restored, links removed as links, by directory handles).
   */
  static void remove(Path directory) throws IOException {
    if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (!directory.getFileName().toString().startsWith(PREFIX)) {
      throw new IllegalStateException("refusing to remove " + directory + ": not a kit sandbox");
    }
    TreeRemoval.cleanUp(directory);
  }

  /**
   * Gives the owner rwx on every directory and rw on every file below, top-down so each directory
   * can be listed.
   */
  static void restoreOwnerAccess(Path directory) throws IOException {
    if (!directory.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return;
    }
    Files.setPosixFilePermissions(
        directory, Fixtures.permissions(Oracle.permissions(directory, Oracle.NOFOLLOW) | 0700));
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
      for (Path entry : entries) {
        BasicFileAttributes attrs =
            Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (attrs.isDirectory()) {
          restoreOwnerAccess(entry);
        } else if (attrs.isRegularFile()) {
          Files.setPosixFilePermissions(
              entry, Fixtures.permissions(Oracle.permissions(entry, Oracle.NOFOLLOW) | 0600));
        }
      }
    }
  }
}
