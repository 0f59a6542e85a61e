package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * An expected failure: the exception's class and, for a {@link FileSystemException}, its {@code
 * getFile()}, {@code getOtherFile()} and reason. Two kinds, by who decides the form.
 *
 * <h2>NIO's forms, computed on the running JDK</h2>
 *
 * Where the contract's answer is "what {@code Files} throws", the case names the equivalent {@code
 * Files} call ({@link #likeFiles}) and the kit runs it on the same fixture, right after the backend
 * failed (and the sandbox was found unchanged), on the JDK and filesystem the tests run on. Its
 * exception is the expectation: a file used as a directory, the reason of a {@link
 * FileSystemException} that carries {@code strerror}'s text (EPERM, ELOOP, EINVAL, a rename's
 * ENOTEMPTY or EISDIR), which of two paths a two-path call names. These are NIO's decisions, and
 * they change between releases: JDK 25's lookups ({@code readAttributes}, {@code checkAccess}, and
 * the lookup {@code copy} starts with) report a file used as a directory as a {@link
 * java.nio.file.NoSuchFileException} where JDK 17 said "Not a directory" (JDK-8356678, DESIGN.md's
 * error section). On the default filesystem the comparison is exact (class, not a subclass; file;
 * other file; reason); on another filesystem (Jimfs) it is the class and the file, since only the
 * JDK's provider is known to set the other file. A bare {@code IOException} from the equivalent
 * must be a {@code FileSystemException} naming the call's path here: the contract wants every
 * failure to name its path.
 *
 * <h2>The contract's own forms, fixed</h2>
 *
 * The rest is asserted as written ({@link #of}, {@link #isADirectory}, ...): the conditions {@code
 * Files} has no equivalent call for (unlink of a directory, rmdir of a file, readFile of a
 * directory, whose {@code Files} forms the contract replaces with {@link FsErrors}), and the named
 * exceptions DESIGN.md's error list gives a plain condition on every filesystem: {@link
 * java.nio.file.NoSuchFileException} naming a missing path, {@link
 * java.nio.file.FileAlreadyExistsException} naming an existing one, {@link
 * java.nio.file.DirectoryNotEmptyException}, {@link java.nio.file.NotDirectoryException} for
 * listing a non-directory, {@link java.nio.file.NotLinkException}, {@link
 * java.nio.file.AccessDeniedException}, and the unchecked exceptions of bad arguments. On another
 * filesystem {@code getOtherFile()} may be {@code null} there too.
 */
final class Failure {

  /**
   * A call whose result the check does not read: the one shape every case's failing call takes, so
   * a void call is written as it is ({@code () -> s.fs().unlink(p)}) and a call that returns a
   * value as well ({@code () -> s.fs().stat(p)}), its value discarded.
   */
  @FunctionalInterface
  interface Action {
    void run() throws Exception;
  }

  private final Class<? extends Throwable> type;
  private final String file;
  private final Predicate<String> fileMatcher;
  private final String other;
  private final String reason;
  private final Action filesEquivalent;

  private Failure(
      Class<? extends Throwable> type,
      String file,
      Predicate<String> fileMatcher,
      String other,
      String reason,
      Action filesEquivalent) {
    this.type = type;
    this.file = file;
    this.fileMatcher = fileMatcher;
    this.other = other;
    this.reason = reason;
    this.filesEquivalent = filesEquivalent;
  }

  // ----------------------------------------------------------------------------------------------
  // NIO's forms

  /**
   * What {@code equivalent}, a {@code Files} call doing what the backend's call does, throws on the
   * same fixture on the running JDK. {@code file} is the path the call names: the one a bare {@code
   * IOException} from {@code Files} (which names none) must name here.
   */
  static Failure likeFiles(Path file, Action equivalent) {
    return new Failure(
        null, file.toString(), null, null, null, Objects.requireNonNull(equivalent, "equivalent"));
  }

  /**
   * As {@link #likeFiles} for a call that fails on a name it generates (mkdtemp): the backend's and
   * the equivalent's path must each satisfy {@code matcher}, which {@code description} describes.
   */
  static Failure likeFilesMatching(
      String description, Predicate<String> matcher, Action equivalent) {
    return new Failure(
        null, description, matcher, null, null, Objects.requireNonNull(equivalent, "equivalent"));
  }

  // ----------------------------------------------------------------------------------------------
  // the contract's forms

  /**
   * A {@link FileSystemException} of exactly {@code type} naming {@code file} and no other path.
   */
  static Failure of(Class<? extends FileSystemException> type, Path file) {
    return new Failure(type, file.toString(), null, null, null, null);
  }

  /** "Is a directory", the contract's form of EISDIR. */
  static Failure isADirectory(Path path) {
    return of(FileSystemException.class, path).reason(FsErrors.IS_A_DIRECTORY);
  }

  /** "Not a directory", the contract's form of a non-directory where {@code Files} has no call. */
  static Failure notADirectory(Path path) {
    return of(FileSystemException.class, path).reason(FsErrors.NOT_A_DIRECTORY);
  }

  /**
   * An unchecked exception of {@code type} or a subclass, thrown or failing the future, before
   * anything changes.
   */
  static Failure unchecked(Class<? extends RuntimeException> type) {
    return new Failure(type, null, null, null, null, null);
  }

  /** A {@link FileSystemException} of exactly {@code type} whose path satisfies {@code matcher}. */
  static Failure matching(
      Class<? extends FileSystemException> type, String description, Predicate<String> matcher) {
    return new Failure(type, description, matcher, null, null, null);
  }

  Failure other(Path otherPath) {
    requireFixed("other");
    return new Failure(type, file, fileMatcher, otherPath.toString(), reason, null);
  }

  Failure reason(String expectedReason) {
    requireFixed("reason");
    return new Failure(type, file, fileMatcher, other, expectedReason, null);
  }

  private void requireFixed(String what) {
    if (filesEquivalent != null) {
      throw new IllegalStateException(
          "a failure like Files' takes its " + what + " from the Files call, not from the case");
    }
  }

  // ----------------------------------------------------------------------------------------------
  // checking

  /** Whether the expectation is what a {@code Files} call throws (to be run by the caller). */
  boolean isLikeFiles() {
    return filesEquivalent != null;
  }

  /** Runs the {@code Files} equivalent and returns what it threw; fails if it did not throw. */
  Throwable runFilesEquivalent() {
    try {
      filesEquivalent.run();
    } catch (Throwable t) {
      return t;
    }
    throw new AssertionError(
        "the Files equivalent succeeded, so it cannot tell what this JDK and filesystem throw");
  }

  /**
   * Asserts {@code actual} is this failure; {@code oracle} is what the {@code Files} equivalent
   * threw, for a failure {@link #isLikeFiles like Files'}, else null.
   */
  void check(Throwable actual, Env env, Throwable oracle) {
    if (actual == null) {
      fail("expected " + this + " but the call succeeded");
    }
    try {
      if (isLikeFiles()) {
        checkAgainst(actual, Objects.requireNonNull(oracle, "oracle"), env.isDefaultFileSystem());
      } else {
        check(Observed.of(actual), env.isDefaultFileSystem());
      }
    } catch (AssertionError e) {
      e.addSuppressed(actual);
      throw e;
    }
  }

  /** What a failure looked like, also as reported by a child JVM (see {@link PermissionChild}). */
  record Observed(Class<?> type, String file, String other, String reason) {
    static Observed of(Throwable t) {
      if (t instanceof FileSystemException) {
        FileSystemException e = (FileSystemException) t;
        return new Observed(t.getClass(), e.getFile(), e.getOtherFile(), e.getReason());
      }
      return new Observed(t.getClass(), null, null, t.getMessage());
    }

    @Override
    public String toString() {
      return type.getSimpleName()
          + "(file="
          + file
          + ", other="
          + other
          + ", reason="
          + reason
          + ")";
    }
  }

  /** Asserts a contract form; {@code strictOther}: the other path too, also when it is absent. */
  void check(Observed e, boolean strictOther) {
    if (isLikeFiles()) {
      throw new IllegalStateException("a failure like Files' is checked against the Files call");
    }
    if (!FileSystemException.class.isAssignableFrom(type)) {
      assertTrue(type.isAssignableFrom(e.type()), () -> "expected " + this + " but got " + e);
      return;
    }
    assertEquals(type, e.type(), () -> "expected " + this + " but got " + e);
    assertFile(e.file(), () -> "getFile() of " + e);
    if (strictOther || e.other() != null) {
      assertEquals(other, e.other(), () -> "getOtherFile() of " + e);
    }
    if (reason != null) {
      assertEquals(reason, e.reason(), () -> "getReason() of " + e);
    }
  }

  private void checkAgainst(Throwable actual, Throwable oracle, boolean exact) {
    boolean bare = oracle.getClass() == IOException.class;
    Class<?> expectedType = bare ? FileSystemException.class : oracle.getClass();
    String expected = describe(oracle) + ", as Files throws it on JDK " + Runtime.version();
    if (actual.getClass() != expectedType) {
      throw new AssertionError(
          "expected "
              + expectedType.getSimpleName()
              + (bare ? " naming " + file : "")
              + " like "
              + expected
              + ", but got "
              + describe(actual),
          actual);
    }
    if (!(actual instanceof FileSystemException)) {
      return;
    }
    FileSystemException e = (FileSystemException) actual;
    if (bare || !(oracle instanceof FileSystemException)) {
      assertFile(e.getFile(), () -> "getFile() of " + describe(e));
      return;
    }
    FileSystemException o = (FileSystemException) oracle;
    if (fileMatcher != null) {
      assertTrue(
          o.getFile() != null && fileMatcher.test(o.getFile()),
          () -> "the Files equivalent failed elsewhere than " + file + ": " + describe(o));
      assertFile(e.getFile(), () -> "getFile() of " + describe(e) + "; Files threw " + expected);
    } else {
      assertEquals(
          o.getFile(),
          e.getFile(),
          () -> "getFile() of " + describe(e) + "; Files threw " + expected);
    }
    if (exact) {
      assertEquals(
          o.getOtherFile(),
          e.getOtherFile(),
          () -> "getOtherFile() of " + describe(e) + "; Files threw " + expected);
      assertEquals(
          o.getReason(),
          e.getReason(),
          () -> "getReason() of " + describe(e) + "; Files threw " + expected);
    }
  }

  private void assertFile(String actualFile, java.util.function.Supplier<String> message) {
    if (fileMatcher != null) {
      assertTrue(actualFile != null && fileMatcher.test(actualFile), message);
    } else {
      assertEquals(file, actualFile, message);
    }
  }

  static String describe(Throwable t) {
    if (t instanceof FileSystemException) {
      FileSystemException e = (FileSystemException) t;
      return t.getClass().getSimpleName()
          + "(file="
          + e.getFile()
          + ", other="
          + e.getOtherFile()
          + ", reason="
          + e.getReason()
          + ")";
    }
    return String.valueOf(t);
  }

  @Override
  public String toString() {
    if (isLikeFiles()) {
      return "what the equivalent Files call throws (naming " + file + ")";
    }
    return type.getSimpleName()
        + (file == null
            ? ""
            : "(file="
                + file
                + (other == null ? "" : ", other=" + other)
                + (reason == null ? "" : ", reason=" + reason)
                + ")");
  }
}
