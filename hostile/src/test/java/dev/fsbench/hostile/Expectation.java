package dev.fsbench.hostile;

import java.nio.file.FileSystemException;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a case requires of a backend's call. {@link #NIO} (the default) requires what NIO did on a
 * twin fixture: the same exception class naming the same file, or the same value and the same
 * effect on the fixture. The others are declared where NIO is no oracle (it blocks, runs out of
 * memory, or cannot address the input at all), each with the reason in its description.
 */
interface Expectation {

  /** One line for the report. */
  String describe();

  /** Null when the call met the expectation, else what is wrong, for the failure message. */
  String check(Observed o) throws Exception;

  /** As NIO did it on the twin. */
  Expectation NIO =
      new Expectation() {
        @Override
        public String describe() {
          return "as NIO on a twin fixture";
        }

        @Override
        public String check(Observed o) {
          Outcome nio = o.nio();
          Outcome got = o.outcome();
          if (nio.failed()) {
            if (!got.failed()) {
              return "returned (" + got.value() + ") where NIO " + nio;
            }
            if (!nio.thrown().equals(got.thrown())) {
              return got + ", NIO " + nio;
            }
            if (!namesAsNio(o, nio.file(), got.file())) {
              return "names " + got.file() + " where NIO names " + nio.file() + ": " + got;
            }
            if (!o.family().walksTree()
                && o.nioBefore().equals(o.nioAfter())
                && !o.before().equals(o.after())) {
              return "failed as NIO does ("
                  + got
                  + ") but changed the fixture, which NIO left as it was: "
                  + Manifest.diff(o.before(), o.after());
            }
            return null;
          }
          if (got.failed()) {
            return got + " where NIO returned " + nio.value();
          }
          if (!nio.value().equals(got.value())) {
            return "returned " + got.value() + " where NIO returned " + nio.value();
          }
          List<String> diff = Manifest.diff(o.nioAfter(), o.after());
          if (!diff.isEmpty()) {
            return "left the fixture otherwise than NIO did (NIO's -> this one's): " + diff;
          }
          return null;
        }
      };

  /**
   * Fails with exactly {@code type}, naming the path it was given, and leaves the fixture as it
   * was.
   */
  static Expectation refuses(Class<? extends Throwable> type, String why) {
    return new Expectation() {
      @Override
      public String describe() {
        return "refused with " + type.getSimpleName() + " naming the path, nothing changed: " + why;
      }

      @Override
      public String check(Observed o) {
        Outcome got = o.outcome();
        if (!got.failed()) {
          return "returned (" + got.value() + "); expected " + describe();
        }
        if (!got.thrown().equals(type.getName())) {
          return got + "; expected " + type.getName();
        }
        if (!o.givenPath().equals(got.file())) {
          return "names " + got.file() + ", not the path given, " + o.givenPath();
        }
        if (!o.before().equals(o.after())) {
          return "refused but changed the fixture: " + Manifest.diff(o.before(), o.after());
        }
        return null;
      }
    };
  }

  /** How a declared expectation checks a call that returned. */
  interface Verifier {
    /** Null when the value and the fixture are right, else what is wrong. */
    String verify(Observed o) throws Exception;
  }

  /**
   * Either returns and passes {@code verifier}, or fails with a {@link FileSystemException} (any of
   * NIO's subclasses) naming the path given or a path below it. For inputs NIO cannot walk (depth
   * past PATH_MAX) and for concurrent mutation, where both are honest answers.
   */
  static Expectation succeedsOrFailsNamed(String what, Verifier verifier) {
    return new Expectation() {
      @Override
      public String describe() {
        return what + ", or a FileSystemException naming the path or one below it";
      }

      @Override
      public String check(Observed o) throws Exception {
        Outcome got = o.outcome();
        if (!got.failed()) {
          return verifier.verify(o);
        }
        return namedFailure(o);
      }
    };
  }

  /**
   * For the backends in {@code strict}, returns and passes {@code verifier}: their walks are
   * bounded in stack and descriptors by design, so a failure there is a defect, not an honest
   * limit. The others may also fail as {@link #succeedsOrFailsNamed} allows.
   */
  static Expectation succeedsFor(Set<String> strict, String what, Verifier verifier) {
    Expectation lenient = succeedsOrFailsNamed(what, verifier);
    return new Expectation() {
      @Override
      public String describe() {
        return what
            + " ("
            + String.join(", ", new TreeSet<>(strict))
            + "); the others may fail naming a path";
      }

      @Override
      public String check(Observed o) throws Exception {
        if (!strict.contains(o.backend())) {
          return lenient.check(o);
        }
        Outcome got = o.outcome();
        if (got.failed()) {
          return got + "; expected: " + what + ", as this backend's walk is bounded at any depth";
        }
        return verifier.verify(o);
      }
    };
  }

  /**
   * Fails with a {@link FileSystemException} naming the path given, a path below it, or the call's
   * other path (a copy that failed writing its target names the target).
   */
  static Expectation failsNamedEitherSide(String why) {
    return new Expectation() {
      @Override
      public String describe() {
        return "a FileSystemException naming the source or the target: " + why;
      }

      @Override
      public String check(Observed o) {
        Outcome got = o.outcome();
        if (!got.failed()) {
          return "returned (" + got.value() + "); expected " + describe();
        }
        if (!got.threw(FileSystemException.class)) {
          return got + ", not a java.nio.file.FileSystemException";
        }
        String source = o.givenPath();
        String target = o.fixture().normalize(o.fixture().copy().toString());
        for (String named : java.util.Arrays.asList(got.file(), got.other())) {
          if (source.equals(named) || target.equals(named)) {
            return null;
          }
        }
        return got + " names neither the source " + source + " nor the target " + target;
      }
    };
  }

  /** Fails with a {@link FileSystemException} naming the path given or a path below it. */
  static Expectation failsNamed(String why) {
    return new Expectation() {
      @Override
      public String describe() {
        return "a FileSystemException naming the path: " + why;
      }

      @Override
      public String check(Observed o) {
        if (!o.outcome().failed()) {
          return "returned (" + o.outcome().value() + "); expected " + describe();
        }
        return namedFailure(o);
      }
    };
  }

  /** Null when the outcome is a FileSystemException naming the given path or one below it. */
  static String namedFailure(Observed o) {
    Outcome got = o.outcome();
    if (!got.threw(FileSystemException.class)) {
      return got + ", not a java.nio.file.FileSystemException";
    }
    String given = o.givenPath();
    String file = got.file();
    String other = got.other();
    if (!isAtOrBelow(file, given) && !isAtOrBelow(other, given)) {
      return got + " names neither the path given (" + given + ") nor one below it";
    }
    return null;
  }

  /**
   * Whether a failure names what NIO's names: the same file; or the path the call was given where
   * NIO names a parent of it it could not resolve or a child it could not write (as good); or, for
   * a tree walk, any entry of the walked trees (which one a walk meets first depends on the order
   * it reads directories in, which nothing specifies).
   */
  private static boolean namesAsNio(Observed o, String nioFile, String file) {
    if (Objects.equals(nioFile, file)) {
      return true;
    }
    if (file == null || nioFile == null) {
      return false;
    }
    String given = o.givenPath();
    if (file.equals(given) && (isAtOrBelow(given, nioFile) || isAtOrBelow(nioFile, given))) {
      return true;
    }
    if (o.family().walksTree()) {
      Fixture f = o.fixture();
      for (String root :
          List.of(given, f.normalize(f.copy().toString()), f.normalize(f.srcTree().toString()))) {
        if (isAtOrBelow(file, root) && isAtOrBelow(nioFile, root)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean isAtOrBelow(String file, String given) {
    return file != null
        && (file.equals(given) || file.startsWith(given.endsWith("/") ? given : given + "/"));
  }
}
