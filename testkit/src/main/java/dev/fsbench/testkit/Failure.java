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
 * getFile()}, {@code getOtherFile()} and, where the contract names one, its reason.
 *
 * <h2>Which form is expected</h2>
 *
 * The forms are those the JDK's NIO throws on Linux, found by running the {@code Files} calls and
 * written down here, and on the default filesystem they are asserted exactly: the class (not a
 * subclass), the path, the other path ({@code null} where NIO names none) and the contract's
 * reasons ("Is a directory", "Not a directory").
 *
 * <p>Another filesystem (Jimfs) is its own oracle where it models a condition differently from
 * Linux (Jimfs reports a file used as a directory as a missing path, and names the target, not the
 * source, of a failed move). Such a failure is declared with {@link #onForeign}: the equivalent
 * {@code Files} call, run on the same untouched fixture after the backend failed, gives the class
 * and path to expect; a bare {@code IOException} there must be a {@code FileSystemException} naming
 * the call's path here, since the contract wants every failure to name its path. The contract's own
 * forms (reasons it names, {@link java.nio.file.NotLinkException}, {@link
 * java.nio.file.NoSuchFileException} for a missing path) hold on every filesystem. On another
 * filesystem {@code getOtherFile()} may be {@code null}: only the JDK's provider is known to set
 * it.
 */
final class Failure {

  @FunctionalInterface
  interface Action {
    Object run() throws Exception;
  }

  private final Class<? extends Throwable> type;
  private final String file;
  private final Predicate<String> fileMatcher;
  private final String other;
  private final String reason;
  private final Action foreignEquivalent;

  private Failure(
      Class<? extends Throwable> type,
      String file,
      Predicate<String> fileMatcher,
      String other,
      String reason,
      Action foreignEquivalent) {
    this.type = type;
    this.file = file;
    this.fileMatcher = fileMatcher;
    this.other = other;
    this.reason = reason;
    this.foreignEquivalent = foreignEquivalent;
  }

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

  /** "Not a directory", the contract's form of ENOTDIR outside directory listing. */
  static Failure notADirectory(Path path) {
    return of(FileSystemException.class, path).reason(FsErrors.NOT_A_DIRECTORY);
  }

  /**
   * A regular file used as a directory in {@code path}'s parents: Linux says "Not a directory"; on
   * another filesystem whatever {@code equivalent} throws there.
   */
  static Failure fileInPath(Path path, Action equivalent) {
    return notADirectory(path).onForeign(equivalent);
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
    return new Failure(type, file, fileMatcher, otherPath.toString(), reason, foreignEquivalent);
  }

  Failure reason(String expectedReason) {
    return new Failure(type, file, fileMatcher, other, expectedReason, foreignEquivalent);
  }

  Failure onForeign(Action equivalent) {
    return new Failure(type, file, fileMatcher, other, reason, Objects.requireNonNull(equivalent));
  }

  boolean hasForeignEquivalent() {
    return foreignEquivalent != null;
  }

  /** Runs the {@code Files} equivalent and returns what it threw; fails if it did not throw. */
  Throwable foreignOracle() {
    try {
      foreignEquivalent.run();
    } catch (Throwable t) {
      return t;
    }
    throw new AssertionError(
        "the Files equivalent succeeded, so it cannot tell what this filesystem throws");
  }

  /**
   * Asserts {@code actual} is this failure; {@code oracle} is the foreign equivalent's exception,
   * or null.
   */
  void check(Throwable actual, Env env, Throwable oracle) {
    if (actual == null) {
      fail("expected " + this + " but the call succeeded");
    }
    if (oracle != null) {
      checkAgainst(actual, oracle);
      return;
    }
    try {
      check(Observed.of(actual), env.isDefaultFileSystem());
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

  void check(Observed e, boolean strictOther) {
    if (!FileSystemException.class.isAssignableFrom(type)) {
      assertTrue(type.isAssignableFrom(e.type()), () -> "expected " + this + " but got " + e);
      return;
    }
    assertEquals(type, e.type(), () -> "expected " + this + " but got " + e);
    if (fileMatcher != null) {
      assertTrue(
          e.file() != null && fileMatcher.test(e.file()),
          () -> "getFile() is not " + file + ": " + e);
    } else {
      assertEquals(file, e.file(), () -> "getFile() of " + e);
    }
    if (strictOther || e.other() != null) {
      assertEquals(other, e.other(), () -> "getOtherFile() of " + e);
    }
    if (reason != null) {
      assertEquals(reason, e.reason(), () -> "getReason() of " + e);
    }
  }

  private void checkAgainst(Throwable actual, Throwable oracle) {
    Class<?> expectedType =
        oracle.getClass() == IOException.class ? FileSystemException.class : oracle.getClass();
    if (actual.getClass() != expectedType) {
      throw new AssertionError(
          "expected "
              + expectedType.getName()
              + " as this filesystem's Files throws ("
              + describe(oracle)
              + ") but got "
              + describe(actual),
          actual);
    }
    if (actual instanceof FileSystemException) {
      FileSystemException e = (FileSystemException) actual;
      if (fileMatcher != null) {
        assertTrue(
            e.getFile() != null && fileMatcher.test(e.getFile()),
            () -> "getFile() is not " + file + ": " + e);
        return;
      }
      String expectedFile =
          oracle instanceof FileSystemException ? ((FileSystemException) oracle).getFile() : file;
      assertEquals(
          expectedFile,
          e.getFile(),
          () -> "getFile() of " + describe(e) + ", Files threw " + describe(oracle));
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
