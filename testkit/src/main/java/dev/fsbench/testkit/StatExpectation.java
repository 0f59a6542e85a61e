package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * What stat and lstat must report, field by field. Known values where the case set them (size,
 * permission bits, times, the link count of a fresh file, the owner of files this process creates);
 * {@code Files} reads only what no case can choose: inode, device and ctime (from the "unix" view,
 * -1 without it), and a directory's size and link count.
 */
final class StatExpectation {
  private StatExpectation() {}

  /**
   * A file made by {@link #knownFile}: 4 KiB, 0640, times {@link Fixtures#ATIME} and {@link
   * Fixtures#MTIME}.
   */
  static Path knownFile(Sandbox s, String name) throws IOException {
    Path file = Fixtures.fileOf4KiB(s.path(name));
    if (s.env().fileSystem().supportedFileAttributeViews().contains("posix")) {
      Fixtures.setPermissions(file, 0640);
    }
    Fixtures.setTimes(file, Fixtures.ATIME, Fixtures.MTIME);
    return file;
  }

  static int knownFileMode(Env env) {
    boolean posix = env.fileSystem().supportedFileAttributeViews().contains("posix");
    return FileKind.FILE.typeBits() | (posix ? 0640 : 0);
  }

  /**
   * Asserts {@code st} describes the {@link #knownFile} at {@code file} (reached directly or
   * through a link).
   */
  static void assertKnownFile(Env env, FileStat st, Path file) throws IOException {
    assertAll(
        "stat of a 4 KiB 0640 file",
        () -> assertEquals(FileKind.FILE, st.kind(), "kind"),
        () -> assertEquals(4096, st.size(), "size"),
        () ->
            assertEquals(
                Integer.toOctalString(knownFileMode(env)),
                Integer.toOctalString(st.mode()),
                "mode"),
        () -> assertEquals(1, st.nlink(), "nlink"),
        () -> assertEquals(Oracle.nanos(Fixtures.ATIME), st.atimeNanos(), "atime"),
        () -> assertEquals(Oracle.nanos(Fixtures.MTIME), st.mtimeNanos(), "mtime"),
        () -> assertOwnersAndIdentity(env, st, file, LinkOption.NOFOLLOW_LINKS));
  }

  /** A directory: kind, mode and times known; size and link count as {@code Files} reads them. */
  static void assertKnownDirectory(Env env, FileStat st, Path dir) throws IOException {
    boolean posix = env.fileSystem().supportedFileAttributeViews().contains("posix");
    assertAll(
        "stat of a 0750 directory",
        () -> assertEquals(FileKind.DIRECTORY, st.kind(), "kind"),
        () -> assertEquals(Files.size(dir), st.size(), "size"),
        () ->
            assertEquals(
                Integer.toOctalString(FileKind.DIRECTORY.typeBits() | (posix ? 0750 : 0)),
                Integer.toOctalString(st.mode()),
                "mode"),
        () -> assertEquals(Oracle.unix(dir, "nlink"), env.hasUnixView() ? st.nlink() : -1, "nlink"),
        () -> assertEquals(Oracle.nanos(Fixtures.ATIME), st.atimeNanos(), "atime"),
        () -> assertEquals(Oracle.nanos(Fixtures.MTIME), st.mtimeNanos(), "mtime"),
        () -> assertOwnersAndIdentity(env, st, dir, LinkOption.NOFOLLOW_LINKS));
  }

  /** A link itself: its kind, the size and bits of the link, its own times. */
  static void assertLink(Env env, FileStat st, Path link, String target) throws IOException {
    long size =
        env.isDefaultFileSystem()
            ? target.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
            : Files.readAttributes(
                    link, java.nio.file.attribute.BasicFileAttributes.class, Oracle.NOFOLLOW)
                .size();
    assertAll(
        "lstat of a link to " + target,
        () -> assertEquals(FileKind.SYMLINK, st.kind(), "kind"),
        () -> assertEquals(size, st.size(), "size"),
        () ->
            assertEquals(
                Integer.toOctalString(Oracle.mode(link, Oracle.NOFOLLOW)),
                Integer.toOctalString(st.mode()),
                "mode"),
        () -> assertEquals(Oracle.nanos(Fixtures.ATIME), st.atimeNanos(), "atime"),
        () -> assertEquals(Oracle.nanos(Fixtures.MTIME), st.mtimeNanos(), "mtime"),
        () -> assertOwnersAndIdentity(env, st, link, LinkOption.NOFOLLOW_LINKS));
  }

  private static void assertOwnersAndIdentity(
      Env env, FileStat st, Path path, LinkOption... options) throws IOException {
    assertAll(
        "owners and identity",
        () -> assertEquals(env.uid(), st.uid(), "uid"),
        () -> assertEquals(env.gid(), st.gid(), "gid"),
        () -> assertEquals(Oracle.unix(path, "ino", options), st.ino(), "ino"),
        () -> assertEquals(Oracle.unix(path, "dev", options), st.dev(), "dev"),
        () -> assertEquals(Oracle.unix(path, "ctime", options), st.ctimeNanos(), "ctime"));
  }
}
