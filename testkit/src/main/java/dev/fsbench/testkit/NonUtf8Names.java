package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * Names whose bytes are not valid UTF-8, one case per family: the data-safety cases of the kit.
 *
 * <p>A file named by the bytes {@code caf\xe9} prints, on Linux with a UTF-8 {@code
 * sun.jnu.encoding}, as {@code "caf\uFFFD"}, and so does the file {@code caf\xef\xbf\xbd} (the
 * UTF-8 of U+FFFD), its <em>twin</em>. NIO's {@code Path} of the first holds its bytes and
 * addresses it; a backend that goes through the string addresses the twin. Each case makes both,
 * with different contents (or kinds), passes NIO's own path of the first, and accepts one of two
 * outcomes: the call acted on that file (checked by content, inode, mode, time or existence), or it
 * refused with a {@link FileSystemException} naming the path whose reason says the name is not
 * valid UTF-8. In both the twin must be untouched. Where acting on the twin would pass unnoticed (a
 * call that only reads), the first is left missing so that the twin's presence gives the wrong
 * answer away.
 *
 * <p>Only the default filesystem has such names (another filesystem's paths are strings): elsewhere
 * the container holds one aborted test saying so. The names are made with {@code Files} through a
 * {@code file:} URI, which is how NIO builds a path from bytes ({@code %E9}); a kit self-check
 * asserts the two paths print alike and differ.
 *
 * <p>{@link Sandbox#manifest} keys entries by their printed names, under which the two collide, so
 * these cases read each file through its own path instead.
 */
final class NonUtf8Names {
  private NonUtf8Names() {}

  static final byte[] LATIN = "named caf\\xe9\n".getBytes(StandardCharsets.UTF_8);
  static final byte[] TWIN =
      "named caf\\xef\\xbf\\xbd, its twin\n".getBytes(StandardCharsets.UTF_8);
  static final byte[] OTHER = "a third content\n".getBytes(StandardCharsets.UTF_8);

  /** One family's case. */
  record NameCase(Op op, Case c) {
    String label() {
      return op.family() + ": " + c.name();
    }
  }

  static DynamicNode container(BackendContract contract) {
    Env env = contract.env();
    if (!env.isDefaultFileSystem()) {
      return DynamicContainer.dynamicContainer(
          "non-UTF-8 names",
          List.of(
              DynamicTest.dynamicTest(
                  "not run: only the default filesystem has names that are bytes",
                  () ->
                      Assumptions.abort(
                          "paths of "
                              + env.fileSystem().provider().getScheme()
                              + " are strings"))));
    }
    List<DynamicNode> tests = new ArrayList<>();
    for (NameCase nc : all()) {
      for (Calls.Mode mode : Calls.Mode.values()) {
        String label = nc.label() + (mode == Calls.Mode.ASYNC ? " [async]" : "");
        tests.add(DynamicTest.dynamicTest(label, () -> run(contract, nc, mode)));
      }
    }
    return DynamicContainer.dynamicContainer("non-UTF-8 names", tests);
  }

  private static void run(BackendContract contract, NameCase nc, Calls.Mode mode) throws Exception {
    Env env = contract.env();
    Set<Capability> lacking =
        nc.c().needs().stream().filter(n -> !env.has(n)).collect(Collectors.toSet());
    Assumptions.assumeTrue(lacking.isEmpty(), () -> "not applicable: the backend lacks " + lacking);
    try (Sandbox sandbox = Sandbox.create(env, new Calls(contract.backend(), mode))) {
      nc.c().body().run(sandbox);
    } catch (AssertionError e) {
      AssertionError named =
          new AssertionError("[" + nc.label() + ", " + mode + "] " + e.getMessage(), e.getCause());
      named.setStackTrace(e.getStackTrace());
      throw named;
    }
  }

  // ------------------------------------------------------------------------------------------------ fixtures

  /**
   * The path of the name {@code caf\xe9} (bytes) in {@code dir}, built from bytes as NIO builds it.
   */
  static Path latin(Path dir) {
    return latin(dir, "");
  }

  /** The path of {@code caf\xe9} followed by the ASCII {@code suffix} in {@code dir}. */
  static Path latin(Path dir, String suffix) {
    String base = dir.toAbsolutePath().toUri().toString();
    return Path.of(URI.create((base.endsWith("/") ? base : base + "/") + "caf%E9" + suffix));
  }

  /** The path of {@code caf\xef\xbf\xbd} in {@code dir}, which prints as {@link #latin} does. */
  static Path twin(Path dir) {
    Path twin;
    try {
      twin = dir.resolve("caf\uFFFD");
    } catch (InvalidPathException e) {
      Assumptions.abort(
          "sun.jnu.encoding " + System.getProperty("sun.jnu.encoding") + " cannot name U+FFFD");
      throw e;
    }
    Path latin = latin(dir);
    assertEquals(twin.toString(), latin.toString(), "kit self-check: the two names print alike");
    assertFalse(twin.equals(latin), "kit self-check: the two paths differ (by their bytes)");
    return twin;
  }

  /**
   * A directory holding the file {@code caf\xe9} (LATIN) and its twin (TWIN), or without the first.
   */
  record Pair(Path dir, Path latin, Path twin) {
    static Pair files(Sandbox s, boolean withLatin) throws IOException {
      return files(s, "names", withLatin);
    }

    static Pair files(Sandbox s, String at, boolean withLatin) throws IOException {
      Path dir = Fixtures.emptyDir(s.path(at));
      Path twin = Files.write(NonUtf8Names.twin(dir), TWIN);
      Path latin = NonUtf8Names.latin(dir);
      if (withLatin) {
        Files.write(latin, LATIN);
      }
      return new Pair(dir, latin, twin);
    }

    /**
     * Both as directories, each with one file: {@code a} (LATIN) in the first, {@code b} (TWIN) in
     * the twin.
     */
    static Pair directories(Sandbox s, boolean withLatin) throws IOException {
      return directories(s, "names", withLatin);
    }

    static Pair directories(Sandbox s, String at, boolean withLatin) throws IOException {
      Path dir = Fixtures.emptyDir(s.path(at));
      Path twin = Files.createDirectory(NonUtf8Names.twin(dir));
      Files.write(twin.resolve("b"), TWIN);
      Path latin = NonUtf8Names.latin(dir);
      if (withLatin) {
        Files.createDirectory(latin);
        Files.write(latin.resolve("a"), LATIN);
      }
      return new Pair(dir, latin, twin);
    }

    void twinFileUntouched() throws IOException {
      assertTrue(
          Files.isRegularFile(twin, LinkOption.NOFOLLOW_LINKS),
          "the twin caf\\xef\\xbf\\xbd is still a file");
      assertArrayEquals(TWIN, Files.readAllBytes(twin), "the twin caf\\xef\\xbf\\xbd is untouched");
    }

    void twinDirectoryUntouched() throws IOException {
      try (Stream<Path> entries = Files.list(twin)) {
        assertEquals(
            List.of(twin.resolve("b")),
            entries.collect(Collectors.toList()),
            "the twin directory's entries");
      }
      assertArrayEquals(TWIN, Files.readAllBytes(twin.resolve("b")), "the twin directory's file");
    }

    void latinFile(byte[] expected) throws IOException {
      assertArrayEquals(expected, Files.readAllBytes(latin), "the content of caf\\xe9");
    }
  }

  // ------------------------------------------------------------------------------------------------ outcomes

  /**
   * Runs {@code call}: true if it returned, false if it refused as the contract allows (a {@link
   * FileSystemException} of exactly that class naming {@code named}, its reason saying "not valid
   * UTF-8"). Any other failure fails the case.
   */
  static boolean acted(Path named, Failure.Action call) {
    try {
      call.run();
      return true;
    } catch (AssertionError e) {
      throw e;
    } catch (Throwable t) {
      assertRefusal(named, t);
      return false;
    }
  }

  /** As {@link #acted} for a call whose right answer is {@code expected} naming {@code named}. */
  static void failsOrRefuses(
      Class<? extends FileSystemException> expected, Path named, Failure.Action call) {
    Throwable thrown;
    try {
      call.run();
      throw new AssertionError(
          "expected "
              + expected.getSimpleName()
              + " for the missing caf\\xe9, or a refusal, but "
              + "the call succeeded: it acted on its twin caf\\xef\\xbf\\xbd");
    } catch (AssertionError e) {
      throw e;
    } catch (Throwable t) {
      thrown = t;
    }
    if (thrown.getClass() == expected) {
      assertEquals(
          named.toString(),
          ((FileSystemException) thrown).getFile(),
          "getFile() of " + Failure.describe(thrown));
      return;
    }
    assertRefusal(named, thrown);
  }

  private static void assertRefusal(Path named, Throwable t) {
    boolean refusal =
        t.getClass() == FileSystemException.class
            && named.toString().equals(((FileSystemException) t).getFile())
            && String.valueOf(((FileSystemException) t).getReason()).contains("not valid UTF-8");
    if (!refusal) {
      AssertionError e =
          new AssertionError(
              "expected the call to act on caf\\xe9 or to refuse it (FileSystemException"
                  + " naming it, reason \"... not valid UTF-8 ...\"), but it threw "
                  + Failure.describe(t));
      e.addSuppressed(t);
      throw e;
    }
  }

  private static long ino(Path path) throws IOException {
    return Oracle.unix(path, "ino", Oracle.NOFOLLOW);
  }

  // ------------------------------------------------------------------------------------------------ the cases

  private static NameCase of(Op op, String name, Case.Body body) {
    return new NameCase(op, Case.result(name, body));
  }

  static List<NameCase> all() {
    return List.of(
        of(
            Op.ACCESS,
            "caf\\xe9 missing, its twin present: NoSuchFileException",
            s -> {
              Pair p = Pair.files(s, false);
              failsOrRefuses(
                  NoSuchFileException.class,
                  p.latin(),
                  () -> {
                    s.fs().access(p.latin());
                    return null;
                  });
              p.twinFileUntouched();
            }),
        of(
            Op.APPEND_FILE,
            "appends to caf\\xe9, not to its twin",
            s -> {
              Pair p = Pair.files(s, true);
              boolean acted =
                  acted(
                      p.latin(),
                      () -> {
                        s.fs().appendFile(p.latin(), OTHER);
                        return null;
                      });
              byte[] expected = LATIN;
              if (acted) {
                expected = new byte[LATIN.length + OTHER.length];
                System.arraycopy(LATIN, 0, expected, 0, LATIN.length);
                System.arraycopy(OTHER, 0, expected, LATIN.length, OTHER.length);
              }
              p.latinFile(expected);
              p.twinFileUntouched();
            }),
        new NameCase(
            Op.CHMOD,
            Case.result(
                    "sets caf\\xe9's bits, not its twin's",
                    s -> {
                      Pair p = Pair.files(s, true);
                      Fixtures.setPermissions(p.latin(), 0644);
                      Fixtures.setPermissions(p.twin(), 0644);
                      boolean acted =
                          acted(
                              p.latin(),
                              () -> {
                                s.fs().chmod(p.latin(), 0600);
                                return null;
                              });
                      Checks.assertPermissions(acted ? 0600 : 0644, p.latin());
                      Checks.assertPermissions(0644, p.twin());
                      p.twinFileUntouched();
                    })
                .needing(Capability.POSIX_PERMISSIONS)),
        new NameCase(
            Op.CHOWN,
            Case.result(
                    "caf\\xe9 missing, its twin present: NoSuchFileException",
                    s -> {
                      Pair p = Pair.files(s, false);
                      failsOrRefuses(
                          NoSuchFileException.class,
                          p.latin(),
                          () -> {
                            s.fs().chown(p.latin(), s.env().uid(), s.env().gid());
                            return null;
                          });
                      p.twinFileUntouched();
                    })
                .needing(Capability.OWNERSHIP)),
        of(
            Op.COPY_FILE,
            "copies caf\\xe9, and replaces caf\\xe9 as a target, never its twin",
            s -> {
              Pair p = Pair.files(s, true);
              Path copy = s.path("copy");
              if (acted(
                  p.latin(),
                  () -> {
                    s.fs().copyFile(p.latin(), copy, CopyFileOptions.DEFAULT);
                    return null;
                  })) {
                Checks.assertContent(LATIN, copy);
              }
              Path source = Fixtures.fileWith(s.path("source"), OTHER);
              boolean acted =
                  acted(
                      p.latin(),
                      () -> {
                        s.fs()
                            .copyFile(
                                source,
                                p.latin(),
                                CopyFileOptions.DEFAULT.withReplaceExisting(true));
                        return null;
                      });
              p.latinFile(acted ? OTHER : LATIN);
              p.twinFileUntouched();
            }),
        of(
            Op.CP,
            "copies the tree caf\\xe9, and copies to a missing caf\\xe9, never into its twin",
            s -> {
              Pair p = Pair.directories(s, true);
              Path out = s.path("out");
              if (acted(
                  p.latin(),
                  () -> {
                    s.fs().cp(p.latin(), out, CpOptions.DEFAULT);
                    return null;
                  })) {
                try (Stream<Path> entries = Files.list(out)) {
                  assertEquals(
                      List.of(out.resolve("a")),
                      entries.collect(Collectors.toList()),
                      "the copy's entries");
                }
                Checks.assertContent(LATIN, out.resolve("a"));
              }
              Pair q = Pair.directories(s, "second", false);
              Path source = Fixtures.fileWith(s.path("tree/c"), OTHER).getParent();
              if (acted(
                  q.latin(),
                  () -> {
                    s.fs().cp(source, q.latin(), CpOptions.DEFAULT);
                    return null;
                  })) {
                Checks.assertContent(OTHER, q.latin().resolve("c"));
              }
              p.twinDirectoryUntouched();
              q.twinDirectoryUntouched();
            }),
        of(
            Op.EXISTS,
            "caf\\xe9 missing, its twin present: false",
            s -> {
              Pair p = Pair.files(s, false);
              assertFalse(s.fs().exists(p.latin()), "exists(caf\\xe9) answered for its twin");
              p.twinFileUntouched();
            }),
        of(
            Op.GLOB,
            "walks the directory caf\\xe9, not its twin",
            s -> {
              Pair p = Pair.directories(s, true);
              List<String>[] found = new List[1];
              if (acted(
                  p.latin(),
                  () -> found[0] = s.fs().glob(p.latin(), List.of("*"), GlobOptions.DEFAULT))) {
                assertEquals(List.of("a"), found[0]);
              }
              p.twinDirectoryUntouched();
            }),
        new NameCase(
            Op.LINK,
            Case.result(
                    "links to caf\\xe9, and creates caf\\xe9 as a link, never its twin",
                    s -> {
                      Pair p = Pair.files(s, true);
                      Path hard = s.path("hard");
                      if (acted(
                          p.latin(),
                          () -> {
                            s.fs().link(p.latin(), hard);
                            return null;
                          })) {
                        assertEquals(ino(p.latin()), ino(hard), "the link's inode is caf\\xe9's");
                      }
                      Pair q = Pair.files(s, "second", false);
                      Path existing = Fixtures.fileWith(s.path("existing"), OTHER);
                      if (acted(
                          q.latin(),
                          () -> {
                            s.fs().link(existing, q.latin());
                            return null;
                          })) {
                        assertEquals(ino(existing), ino(q.latin()), "caf\\xe9 is the new link");
                      }
                      p.twinFileUntouched();
                      q.twinFileUntouched();
                    })
                .needing(Capability.HARD_LINKS)),
        of(
            Op.LSTAT,
            "reports caf\\xe9, not its twin",
            s -> {
              Pair p = Pair.files(s, true);
              FileStat[] stat = new FileStat[1];
              if (acted(p.latin(), () -> stat[0] = s.fs().lstat(p.latin()))) {
                assertEquals(LATIN.length, stat[0].size(), "size");
                if (s.env().hasUnixView()) {
                  assertEquals(ino(p.latin()), stat[0].ino(), "ino");
                }
              }
              p.twinFileUntouched();
            }),
        of(
            Op.MKDIR,
            "creates caf\\xe9 beside its twin",
            s -> {
              Pair p = Pair.files(s, false);
              if (acted(
                  p.latin(),
                  () -> {
                    s.fs().mkdir(p.latin(), MkdirOptions.DEFAULT);
                    return null;
                  })) {
                assertTrue(
                    Files.isDirectory(p.latin(), LinkOption.NOFOLLOW_LINKS),
                    "caf\\xe9 is a directory");
              }
              p.twinFileUntouched();
            }),
        of(
            Op.MKDTEMP,
            "creates its directory in caf\\xe9 and returns a path to it",
            s -> {
              Pair p = Pair.directories(s, true);
              Path[] made = new Path[1];
              Path prefix = p.latin().resolve("job-");
              if (acted(prefix, () -> made[0] = s.fs().mkdtemp(prefix))) {
                assertTrue(
                    Files.isDirectory(made[0], LinkOption.NOFOLLOW_LINKS),
                    "the returned path " + made[0] + " exists");
                assertEquals(
                    p.latin(),
                    made[0].getParent(),
                    "the returned path's parent is caf\\xe9 (by its bytes)");
                try (Stream<Path> entries = Files.list(p.latin())) {
                  assertEquals(
                      Set.of(p.latin().resolve("a"), made[0]), entries.collect(Collectors.toSet()));
                }
              }
              p.twinDirectoryUntouched();
            }),
        of(
            Op.READ_FILE,
            "reads caf\\xe9, not its twin",
            s -> {
              Pair p = Pair.files(s, true);
              byte[][] read = new byte[1][];
              if (acted(p.latin(), () -> read[0] = s.fs().readFile(p.latin()))) {
                assertArrayEquals(LATIN, read[0]);
              }
              String[] text = new String[1];
              if (acted(p.latin(), () -> text[0] = s.fs().readFileText(p.latin()))) {
                assertEquals(new String(LATIN, StandardCharsets.UTF_8), text[0]);
              }
              p.twinFileUntouched();
            }),
        of(
            Op.READDIR,
            "lists the directory caf\\xe9, not its twin",
            s -> {
              Pair p = Pair.directories(s, true);
              List<String>[] names = new List[1];
              if (acted(
                  p.latin(), () -> names[0] = s.fs().readdir(p.latin(), ReaddirOptions.DEFAULT))) {
                assertEquals(List.of("a"), names[0]);
              }
              if (acted(
                  p.latin(),
                  () -> names[0] = s.fs().readdir(p.latin(), ReaddirOptions.RECURSIVE))) {
                assertEquals(List.of("a"), names[0]);
              }
              p.twinDirectoryUntouched();
            }),
        new NameCase(
            Op.READLINK,
            Case.result(
                    "reads the link caf\\xe9, and returns a target named caf\\xe9",
                    s -> {
                      Pair p = Pair.files(s, false);
                      Files.createSymbolicLink(p.latin(), Path.of("to-latin"));
                      Path[] target = new Path[1];
                      if (acted(p.latin(), () -> target[0] = s.fs().readlink(p.latin()))) {
                        assertEquals(Path.of("to-latin"), target[0]);
                      }
                      Path link =
                          Files.createSymbolicLink(s.path("l"), p.dir().relativize(p.latin()));
                      if (acted(link, () -> target[0] = s.fs().readlink(link))) {
                        assertEquals(
                            Files.readSymbolicLink(link), target[0], "the target, by its bytes");
                      }
                      p.twinFileUntouched();
                    })
                .needing(Capability.SYMBOLIC_LINKS)),
        of(
            Op.REALPATH,
            "resolves caf\\xe9 to itself, not to its twin",
            s -> {
              Pair p = Pair.files(s, true);
              Path[] real = new Path[1];
              if (acted(p.latin(), () -> real[0] = s.fs().realpath(p.latin()))) {
                assertEquals(p.latin().toRealPath(), real[0], "by its bytes");
              }
              p.twinFileUntouched();
            }),
        of(
            Op.RENAME,
            "moves caf\\xe9, and replaces caf\\xe9 as a target, never its twin",
            s -> {
              Pair p = Pair.files(s, true);
              Path moved = s.path("moved");
              if (acted(
                  p.latin(),
                  () -> {
                    s.fs().rename(p.latin(), moved);
                    return null;
                  })) {
                Checks.assertContent(LATIN, moved);
                Checks.assertGone(p.latin());
                Files.move(moved, p.latin());
              }
              Path source = Fixtures.fileWith(s.path("source"), OTHER);
              boolean acted =
                  acted(
                      p.latin(),
                      () -> {
                        s.fs().rename(source, p.latin());
                        return null;
                      });
              p.latinFile(acted ? OTHER : LATIN);
              p.twinFileUntouched();
            }),
        of(
            Op.RM,
            "removes the file and the tree caf\\xe9, never its twin",
            s -> {
              Pair p = Pair.files(s, true);
              if (acted(
                  p.latin(),
                  () -> {
                    s.fs().rm(p.latin(), RmOptions.DEFAULT);
                    return null;
                  })) {
                Checks.assertGone(p.latin());
              }
              p.twinFileUntouched();
              Pair q = Pair.directories(s, "second", true);
              if (acted(
                  q.latin(),
                  () -> {
                    s.fs().rm(q.latin(), RmOptions.RECURSIVE_FORCE);
                    return null;
                  })) {
                Checks.assertGone(q.latin());
              }
              q.twinDirectoryUntouched();
            }),
        of(
            Op.RMDIR,
            "removes the empty directory caf\\xe9, not its twin",
            s -> {
              Path dir = Fixtures.emptyDir(s.path("names"));
              Path twin = Files.createDirectory(twin(dir));
              Path latin = Files.createDirectory(latin(dir));
              if (acted(
                  latin,
                  () -> {
                    s.fs().rmdir(latin);
                    return null;
                  })) {
                Checks.assertGone(latin);
              }
              assertTrue(
                  Files.isDirectory(twin, LinkOption.NOFOLLOW_LINKS),
                  "the twin directory is still there");
            }),
        of(
            Op.SCAN,
            "walks the directory caf\\xe9, not its twin",
            s -> {
              Pair p = Pair.directories(s, true);
              List<ScanEntry>[] entries = new List[1];
              if (acted(
                  p.latin(), () -> entries[0] = s.fs().scan(p.latin(), ScanOptions.DEFAULT))) {
                assertEquals(
                    List.of("a"),
                    entries[0].stream().map(ScanEntry::path).collect(Collectors.toList()));
                assertEquals(LATIN.length, entries[0].get(0).size());
              }
              p.twinDirectoryUntouched();
            }),
        of(
            Op.STAT,
            "reports caf\\xe9, not its twin",
            s -> {
              Pair p = Pair.files(s, true);
              FileStat[] stat = new FileStat[1];
              if (acted(p.latin(), () -> stat[0] = s.fs().stat(p.latin()))) {
                assertEquals(LATIN.length, stat[0].size(), "size");
                if (s.env().hasUnixView()) {
                  assertEquals(ino(p.latin()), stat[0].ino(), "ino");
                }
              }
              p.twinFileUntouched();
            }),
        new NameCase(
            Op.SYMLINK,
            Case.result(
                    "creates the link caf\\xe9, and stores the target caf\\xe9, by its bytes",
                    s -> {
                      Pair p = Pair.files(s, false);
                      if (acted(
                          p.latin(),
                          () -> {
                            s.fs().symlink(Path.of("t"), p.latin());
                            return null;
                          })) {
                        assertEquals(Path.of("t"), Files.readSymbolicLink(p.latin()));
                      }
                      p.twinFileUntouched();
                      Pair q = Pair.files(s, "second", true);
                      Path target = q.dir().relativize(q.latin());
                      Path link = q.dir().resolve("l");
                      if (acted(
                          target,
                          () -> {
                            s.fs().symlink(target, link);
                            return null;
                          })) {
                        assertEquals(
                            target,
                            Files.readSymbolicLink(link),
                            "the stored target, by its bytes");
                        Checks.assertContent(LATIN, link);
                      }
                    })
                .needing(Capability.SYMBOLIC_LINKS)),
        of(
            Op.TRUNCATE,
            "cuts caf\\xe9, not its twin",
            s -> {
              Pair p = Pair.files(s, true);
              boolean acted =
                  acted(
                      p.latin(),
                      () -> {
                        s.fs().truncate(p.latin(), 3);
                        return null;
                      });
              p.latinFile(acted ? java.util.Arrays.copyOf(LATIN, 3) : LATIN);
              p.twinFileUntouched();
            }),
        of(
            Op.UNLINK,
            "removes caf\\xe9, not its twin",
            s -> {
              Pair p = Pair.files(s, true);
              if (acted(
                  p.latin(),
                  () -> {
                    s.fs().unlink(p.latin());
                    return null;
                  })) {
                Checks.assertGone(p.latin());
              }
              p.twinFileUntouched();
            }),
        of(
            Op.UTIMES,
            "sets caf\\xe9's times, not its twin's",
            s -> {
              Pair p = Pair.files(s, true);
              long twinMtime = Oracle.mtimeNanos(p.twin());
              if (acted(
                  p.latin(),
                  () -> {
                    s.fs().utimes(p.latin(), Fixtures.ATIME, Fixtures.MTIME);
                    return null;
                  })) {
                assertEquals(
                    Oracle.nanos(Fixtures.MTIME), Oracle.mtimeNanos(p.latin()), "caf\\xe9's mtime");
              }
              assertEquals(twinMtime, Oracle.mtimeNanos(p.twin()), "the twin's mtime");
              p.twinFileUntouched();
            }),
        of(
            Op.WRITE_FILE,
            "writes caf\\xe9, existing or new, never its twin",
            s -> {
              Pair p = Pair.files(s, true);
              boolean acted =
                  acted(
                      p.latin(),
                      () -> {
                        s.fs().writeFile(p.latin(), OTHER);
                        return null;
                      });
              p.latinFile(acted ? OTHER : LATIN);
              p.twinFileUntouched();
              Pair q = Pair.files(s, "second", false);
              if (acted(
                  q.latin(),
                  () -> {
                    s.fs().writeFile(q.latin(), OTHER);
                    return null;
                  })) {
                Checks.assertContent(OTHER, q.latin());
              }
              q.twinFileUntouched();
            }));
  }
}
