package dev.fsbench.hostile;

import static dev.fsbench.hostile.Family.COPY_FILE_FROM;
import static dev.fsbench.hostile.Family.CP_FROM;
import static dev.fsbench.hostile.Family.EXISTS;
import static dev.fsbench.hostile.Family.GLOB;
import static dev.fsbench.hostile.Family.LINES;
import static dev.fsbench.hostile.Family.READDIR;
import static dev.fsbench.hostile.Family.READDIR_RECURSIVE;
import static dev.fsbench.hostile.Family.READ_FILE;
import static dev.fsbench.hostile.Family.REALPATH;
import static dev.fsbench.hostile.Family.RM_RECURSIVE;
import static dev.fsbench.hostile.Family.SCAN;
import static dev.fsbench.hostile.Family.SCAN_FOLLOW;
import static dev.fsbench.hostile.Family.STAT;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The hostile inputs of each {@link Group}: every kind, each as one or more inputs, each given
 * every family that applies to it.
 */
final class Inputs {
  private Inputs() {}

  private static final List<Family> TREE_CALLS =
      List.of(READDIR, READDIR_RECURSIVE, SCAN, SCAN_FOLLOW, GLOB, CP_FROM, RM_RECURSIVE);

  // ------------------------------------------------------------------ empty, dot, long, non-UTF-8

  static List<Input> paths() {
    List<Input> out = new ArrayList<>();
    String dots = "empty and dot paths";
    out.add(Input.of("empty", dots, Inputs::workingDirectory).relativeToWorkingDirectory());
    out.add(
        Input.of("dot", dots, (dir, work) -> inWorkingDirectory(work, "."))
            .relativeToWorkingDirectory());
    out.add(
        Input.of("dotdot", dots, (dir, work) -> inWorkingDirectory(work, ".."))
            .relativeToWorkingDirectory());
    out.add(
        Input.of(
            "work-dotdot",
            dots,
            (dir, work) -> {
              simpleTree(work);
              return work.resolve("..");
            }));
    out.add(
        Input.of(
            "sub-dot",
            dots,
            (dir, work) -> {
              simpleTree(work);
              return work.resolve("sub").resolve(".");
            }));
    for (Input dot : out) {
      // rm -r of a directory the path does not name (its last name is . or .., or it is the
      // working directory): refused before anything goes, as GNU rm refuses it
      dot.declare(
          RM_RECURSIVE,
          Expectation.refuses(
              java.nio.file.FileSystemException.class,
              "rm refuses a last name of . or .. and the empty path (the working directory)"));
    }
    for (Input up : List.of(out.get(2), out.get(3))) {
      up.declare(
          CP_FROM,
          Expectation.refuses(
              java.nio.file.FileSystemException.class,
              "the copy would land inside its source: refused before anything is written"));
    }
    out.add(Input.of("long-path", "4 KiB paths", (dir, work) -> Builders.longPath(work, 4200)));
    String names = "255+ byte names";
    out.add(
        Input.of(
            "name-256",
            names,
            (dir, work) -> {
              simpleTree(work);
              return work.resolve("\u00e9".repeat(128)); // 256 bytes, 128 characters
            }));
    out.add(
        Input.of(
            "name-255",
            names,
            (dir, work) ->
                Builders.file(work.resolve("\u00e9".repeat(127) + "x"), "a 255-byte name\n")));
    out.add(
        Input.of(
            "name-255-dir",
            names,
            (dir, work) -> {
              Path d = Files.createDirectory(work.resolve("d".repeat(255)));
              Builders.file(d.resolve("f".repeat(255)), "inside\n");
              Files.createDirectory(d.resolve("\u00e9".repeat(127) + "y"));
              return d;
            }));
    String nonUtf8 = "non-UTF-8 names";
    out.add(
        Input.of(
            "non-utf8",
            nonUtf8,
            (dir, work) -> {
              Builders.copyInto(
                  Templates.get(
                      "non-utf8",
                      List.of(
                          Builders.fileSpec(LATIN1_CAFE, "latin-1 name\n"),
                          Builders.fileSpec(REPLACED_CAFE, "its U+FFFD twin\n"))),
                  work);
              return Builders.entry(work, LATIN1_CAFE);
            }));
    out.add(
        Input.of(
            "non-utf8-dir",
            nonUtf8,
            (dir, work) -> {
              byte[] inner = "inner".getBytes(StandardCharsets.US_ASCII);
              byte[] odd = {'x', (byte) 0xfe};
              Builders.copyInto(
                  Templates.get(
                      "non-utf8-dir",
                      List.of(
                          Builders.dirSpec(ODD_DIR),
                          Builders.fileSpec(concat(ODD_DIR, inner), "inside the odd directory\n"),
                          Builders.fileSpec(concat(ODD_DIR, odd), "an odd name inside\n"),
                          Builders.dirSpec(REPLACED_DIR),
                          Builders.fileSpec(concat(REPLACED_DIR, inner), "inside its twin\n"))),
                  work);
              return Builders.entry(work, ODD_DIR);
            }));
    return out;
  }

  /** {@code caf\xe9}: "café" in Latin-1, not UTF-8. */
  static final byte[] LATIN1_CAFE = {'c', 'a', 'f', (byte) 0xe9};

  /** {@code caf\xef\xbf\xbd}: the UTF-8 of the string NIO prints for {@link #LATIN1_CAFE}. */
  static final byte[] REPLACED_CAFE = {'c', 'a', 'f', (byte) 0xef, (byte) 0xbf, (byte) 0xbd};

  private static final byte[] ODD_DIR = {'d', (byte) 0xff};
  private static final byte[] REPLACED_DIR = {'d', (byte) 0xef, (byte) 0xbf, (byte) 0xbd};

  private static byte[] concat(byte[] dir, byte[] name) {
    byte[] out = new byte[dir.length + 1 + name.length];
    System.arraycopy(dir, 0, out, 0, dir.length);
    out[dir.length] = '/';
    System.arraycopy(name, 0, out, dir.length + 1, name.length);
    return out;
  }

  private static Path workingDirectory(Path dir, Path work) throws Exception {
    return inWorkingDirectory(work, "");
  }

  private static Path inWorkingDirectory(Path work, String path) throws Exception {
    simpleTree(work);
    return Path.of(path);
  }

  /** {@code f} and {@code sub/g}. */
  private static void simpleTree(Path work) throws Exception {
    Builders.file(work.resolve("f"), "file f\n");
    Builders.file(Files.createDirectory(work.resolve("sub")).resolve("g"), "file g\n");
  }

  // ------------------------------------------------------------------ loops, FIFOs, sockets,
  // devices

  static List<Input> special() {
    List<Input> out = new ArrayList<>();
    String loops = "symlink loops";
    out.add(
        Input.of(
            "loop",
            loops,
            (dir, work) -> {
              loopPair(work);
              return work.resolve("a");
            }));
    out.add(
        Input.of(
            "loop-parent",
            loops,
            (dir, work) -> {
              loopPair(work);
              return work.resolve("a").resolve("x");
            }));
    out.add(
        Input.of(
                "loop-tree",
                loops,
                (dir, work) -> {
                  Path tree = Files.createDirectory(work.resolve("tree"));
                  simpleTree(tree);
                  Files.createSymbolicLink(tree.resolve("sub").resolve("up"), Path.of("../.."));
                  Files.createSymbolicLink(tree.resolve("self"), Path.of("self"));
                  loopPair(tree);
                  return tree;
                })
            .only(
                List.of(
                    READDIR,
                    READDIR_RECURSIVE,
                    SCAN,
                    SCAN_FOLLOW,
                    GLOB,
                    CP_FROM,
                    RM_RECURSIVE,
                    STAT))
            .declare(
                SCAN_FOLLOW,
                Expectation.failsNamed(
                    "a link cycle is an error naming the path (ScanOptions); NIO's walk throws"
                        + " FileSystemLoopException for sub/up")));
    out.add(
        withFifoPeers(Input.of("fifo", "FIFOs", (dir, work) -> Builders.fifo(work.resolve("fifo"))))
            .declare(CP_FROM, SPECIAL_COPY)
            .declare(
                Family.UTIMES,
                Expectation.succeedsOrFailsNamed(
                    "sets the times without opening the FIFO (utimensat(2) does); NIO's setTimes"
                        + " opens it first and blocks until a writer comes",
                    o ->
                        Files.getLastModifiedTime(o.fixture().p()).equals(Family.Args.TIME)
                            ? null
                            : "returned, but the FIFO's mtime is "
                                + Files.getLastModifiedTime(o.fixture().p()))));
    out.add(
        Input.of("socket", "sockets", (dir, work) -> Builders.socket(work.resolve("sock")))
            .declare(CP_FROM, SPECIAL_COPY));
    String devices = "device files";
    // chmod, chown and utimes follow the link and would change the device node itself: not given.
    out.add(
        Input.of(
                "dev-null",
                devices,
                (dir, work) -> Files.createSymbolicLink(work.resolve("null"), Path.of("/dev/null")))
            .without(Family.CHMOD, Family.CHOWN, Family.UTIMES)
            .declare(Family.TRUNCATE, DEVICE_TRUNCATE));
    out.add(
        Input.of(
                "dev-zero",
                devices,
                (dir, work) -> Files.createSymbolicLink(work.resolve("zero"), Path.of("/dev/zero")))
            .without(Family.CHMOD, Family.CHOWN, Family.UTIMES)
            .declare(
                READ_FILE,
                Expectation.failsNamed(
                    "an endless source is refused past a limit; NIO's readAllBytes exhausts the"
                        + " heap instead"))
            .declare(Family.TRUNCATE, DEVICE_TRUNCATE)
            .declare(
                COPY_FILE_FROM,
                Expectation.failsNamedEitherSide(
                    "an endless source: every copy ends at the child's file-size limit (prlimit"
                        + " --fsize), EFBIG")));
    out.add(
        Input.of(
                "dev-tree",
                devices,
                (dir, work) -> {
                  Path tree = Files.createDirectory(work.resolve("tree"));
                  Builders.file(tree.resolve("f"), "file f\n");
                  Files.createSymbolicLink(tree.resolve("null"), Path.of("/dev/null"));
                  Files.createSymbolicLink(tree.resolve("zero"), Path.of("/dev/zero"));
                  return tree;
                })
            .only(TREE_CALLS));
    // a line of 4 GiB: read without a bound, it would fill any heap; every reader must refuse it
    // once the line passes LineBudget.bytes(), as nio's reference does
    out.add(
        Input.of(
                "line-4GiB",
                "a 4 GiB line",
                (dir, work) -> Files.createSymbolicLink(work.resolve("line"), line4GiB(dir)))
            .only(List.of(LINES)));
    return out;
  }

  /**
   * The sparse file of 4 GiB of zeros, without a newline, that the parent makes in each group's
   * directory ({@link #makeLine4GiB}) and the {@code line-4GiB} input links to: the child cannot
   * make it, its file-size limit ({@link ChildJvm#FILE_SIZE_LIMIT}) refuses any file past 256 MiB,
   * sparse or not.
   */
  static final String LINE_4GIB = "line-4GiB";

  /** Makes {@link #LINE_4GIB} in {@code groupDir}: one zero byte written at its last offset. */
  static void makeLine4GiB(Path groupDir) throws IOException {
    try (FileChannel file =
        FileChannel.open(
            groupDir.resolve(LINE_4GIB), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      file.write(ByteBuffer.wrap(new byte[1]), (4L << 30) - 1);
    }
  }

  /** The group's {@link #LINE_4GIB}, in a directory above the case directory {@code dir}. */
  private static Path line4GiB(Path dir) throws IOException {
    for (Path d = dir; d != null; d = d.getParent()) {
      if (Files.isRegularFile(d.resolve(LINE_4GIB), LinkOption.NOFOLLOW_LINKS)) {
        return d.resolve(LINE_4GIB);
      }
    }
    throw new IOException("no " + LINE_4GIB + " above " + dir + ": the parent makes it");
  }

  /**
   * truncate of a character device: ftruncate(2) refuses it (EINVAL); NIO's truncate, which extends
   * by writing the last byte, succeeds, and the device discards the byte. Both are honest.
   */
  private static final Expectation DEVICE_TRUNCATE =
      Expectation.succeedsOrFailsNamed(
          "nothing to check on a device that discards what is written", o -> null);

  /** A special file in a copied tree: refused naming it, or recreated as what it is. */
  private static final Expectation SPECIAL_COPY =
      Expectation.succeedsOrFailsNamed(
          "recreated as the same kind of special file (cp -a does)",
          o -> {
            String source =
                o.after().get("work/" + Manifest.rawName(o.fixture().p().getFileName()));
            String copy = o.after().get("copy");
            return source != null && source.equals(copy)
                ? null
                : "the copy is " + copy + ", the source " + source;
          });

  private static Input withFifoPeers(Input in) {
    return in.peer(READ_FILE, FifoPeer.Direction.WRITER)
        .peer(LINES, FifoPeer.Direction.WRITER)
        .peer(COPY_FILE_FROM, FifoPeer.Direction.WRITER)
        .peer(Family.WRITE_FILE, FifoPeer.Direction.READER)
        .peer(Family.APPEND_FILE, FifoPeer.Direction.READER)
        .peer(Family.TRUNCATE, FifoPeer.Direction.READER);
  }

  private static void loopPair(Path in) throws Exception {
    Files.createSymbolicLink(in.resolve("a"), Path.of("b"));
    Files.createSymbolicLink(in.resolve("b"), Path.of("a"));
  }

  // ------------------------------------------------------------------ depth 50,000

  /** Directories below the top of the deep chain. */
  static final int DEPTH = 50_000;

  /**
   * The backends whose cp and rm must finish the deep chain, not just fail cleanly: their walks
   * hold a bounded number of descriptors and no stack per level (nio's race-safe walks, the Rust
   * library's, and routed's, which are the library's in the suite's routes). commons-io walks with
   * Commons IO's visitors over {@code Files.walkFileTree}, one open directory per level, so it may
   * fail there naming a path (docs/semantics/deviations.md, H12). The listings (readdir -r, scan,
   * glob) stay lenient for every backend: the chain's listing is gigabytes of path names, past the
   * result cap native refuses with EOVERFLOW by design.
   */
  static final Set<String> DEEP_WALKERS = Set.of("nio", "native", "native-ffm", "routed");

  static List<Input> deep() {
    Expectation.Verifier listsAll =
        o ->
            o.outcome().value().startsWith("n=" + (DEPTH + 1) + " ")
                ? null
                : "returned " + o.outcome().value() + ", not the " + (DEPTH + 1) + " entries";
    String all = "lists all " + (DEPTH + 1) + " entries";
    return List.of(
        Input.of(
                "deep",
                "depth 50,000",
                (dir, work) -> {
                  Path top = work.resolve("deep");
                  Builders.chain(top, DEPTH);
                  return top;
                })
            .only(TREE_CALLS)
            .shared()
            .deadline(120)
            .declare(READDIR_RECURSIVE, Expectation.succeedsOrFailsNamed(all, listsAll))
            .declare(SCAN, Expectation.succeedsOrFailsNamed(all, listsAll))
            .declare(SCAN_FOLLOW, Expectation.succeedsOrFailsNamed(all, listsAll))
            .declare(GLOB, Expectation.succeedsOrFailsNamed(all, listsAll))
            .declare(
                CP_FROM,
                Expectation.succeedsFor(
                    DEEP_WALKERS,
                    "copies the whole chain (find counts it)",
                    Inputs::wholeChainCopied))
            .declare(
                RM_RECURSIVE,
                Expectation.succeedsFor(
                    DEEP_WALKERS,
                    "removes the whole chain",
                    o ->
                        Files.exists(o.fixture().p(), LinkOption.NOFOLLOW_LINKS)
                            ? "returned, but the chain is still there"
                            : null)));
  }

  private static String wholeChainCopied(Observed o) throws Exception {
    Tools.Result r =
        Tools.run(List.of("find", o.fixture().copy().toString(), "-printf", "x"), null, 120);
    if (r.exit() != 0) {
      return "find could not walk the copy: " + r.stderr();
    }
    int entries = r.stdout().length;
    // the copy's top, DEPTH directories, the file at the bottom
    return entries == DEPTH + 2 ? null : "the copy has " + entries + " entries, not " + (DEPTH + 2);
  }

  // ------------------------------------------------------------------ 200,000 entries

  static final int WIDE = 200_000;

  static List<Input> wide() {
    return List.of(
        Input.of(
                "wide",
                "200,000 entries in one directory",
                (dir, work) -> Builders.wide(work.resolve("wide"), WIDE))
            .only(List.of(READDIR, READDIR_RECURSIVE, SCAN, GLOB, CP_FROM, RM_RECURSIVE))
            .shared()
            .deadline(120)
            .declare(
                CP_FROM,
                Expectation.succeedsOrFailsNamed(
                    "copies every entry",
                    o -> {
                      String source = Values.list(NioReference.readdir(o.fixture().p()));
                      String copy = Values.list(NioReference.readdir(o.fixture().copy()));
                      return source.equals(copy)
                          ? null
                          : "the copy lists " + copy + ", the source " + source;
                    }))
            .declare(
                RM_RECURSIVE,
                Expectation.succeedsOrFailsNamed(
                    "removes all of it",
                    o ->
                        Files.exists(o.fixture().p(), LinkOption.NOFOLLOW_LINKS)
                            ? "returned, but the directory is still there"
                            : null)));
  }

  // ------------------------------------------------------------------ permissions

  static List<Input> unreadable() {
    String kind = "unreadable directories";
    List<Input> out = new ArrayList<>();
    out.add(
        Input.of("locked-dir", kind, (dir, work) -> locked(work.resolve("locked"), "---------")));
    out.add(
        Input.of(
            "locked-child",
            kind,
            (dir, work) -> locked(work.resolve("locked"), "---------").resolve("f")));
    out.add(
        Input.of(
                "locked-in-tree",
                kind,
                (dir, work) -> {
                  Path tree = Files.createDirectory(work.resolve("tree"));
                  Builders.file(Files.createDirectory(tree.resolve("a")).resolve("f1"), "f1\n");
                  Builders.file(Files.createDirectory(tree.resolve("b")).resolve("f2"), "f2\n");
                  locked(tree.resolve("locked"), "---------");
                  return tree;
                })
            .only(TREE_CALLS));
    out.add(
        Input.of(
            "file-000",
            kind,
            (dir, work) -> {
              Path f = Builders.file(work.resolve("secret"), "nobody may read this\n");
              Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
              return f;
            }));
    out.add(Input.of("wx-dir", kind, (dir, work) -> locked(work.resolve("wx"), "-wx------")));
    out.add(
        Input.of("rx-dir", kind, (dir, work) -> locked(work.resolve("ro"), "r-x------"))
            .only(
                List.of(
                    READDIR,
                    READDIR_RECURSIVE,
                    SCAN,
                    GLOB,
                    CP_FROM,
                    Family.CP_TO,
                    RM_RECURSIVE,
                    Family.RMDIR)));
    for (Input in : out) {
      if (in.families().contains(Family.UTIMES)) {
        in.declare(Family.UTIMES, UTIMES_WITHOUT_READING);
      }
    }
    return out;
  }

  /**
   * utimes of an entry the caller owns but may not read: utimensat(2) by path sets the times
   * ({@code touch} does); NIO's setTimes opens the entry first and so fails with
   * AccessDeniedException. Both are accepted; deviations.md says so.
   */
  private static final Expectation UTIMES_WITHOUT_READING =
      Expectation.succeedsOrFailsNamed(
          "sets the times by path (utimensat(2), as touch does), or AccessDenied as NIO's"
              + " setTimes, which opens the entry first",
          o ->
              Files.getLastModifiedTime(o.fixture().p()).equals(Family.Args.TIME)
                  ? null
                  : "returned, but the mtime is " + Files.getLastModifiedTime(o.fixture().p()));

  /** A directory holding {@code f} and {@code sub/g}, then given {@code permissions}. */
  private static Path locked(Path d, String permissions) throws Exception {
    Files.createDirectory(d);
    simpleTree(d);
    Files.setPosixFilePermissions(d, PosixFilePermissions.fromString(permissions));
    return d;
  }

  // ------------------------------------------------------------------ concurrent mutation

  static List<Input> concurrent() {
    String kind = "concurrent mutation";
    Expectation.Verifier plausibleListing =
        o -> {
          String v = o.outcome().value();
          if (v == null || v.equals("done")) {
            return null;
          }
          return v.contains("duplicates=") ? "a path twice: " + v : null;
        };
    Expectation treeChurn =
        Expectation.succeedsOrFailsNamed(
            "a listing without duplicates; rm leaves nothing; cp a copy",
            o -> {
              if (o.fixture().p().equals(o.fixture().work().resolve("tree"))
                  && o.outcome().value().equals("done")
                  && Files.exists(o.fixture().p(), LinkOption.NOFOLLOW_LINKS)
                  && o.after().keySet().stream().noneMatch(k -> k.startsWith("copy"))) {
                return "returned, but the tree is still there and nothing was copied";
              }
              return plausibleListing.verify(o);
            });
    List<Input> out = new ArrayList<>();
    out.add(
        Input.of("churn-tree", kind, (dir, work) -> churnTree(work))
            .only(TREE_CALLS)
            .during(Inputs::churnStep)
            .repeat(4)
            .declareAll(treeChurn));
    Expectation oneOfTheTwo =
        Expectation.succeedsOrFailsNamed(
            "sees one whole version of the file",
            o -> {
              String v = o.outcome().value();
              if (v.startsWith("bytes=")) {
                return v.equals(Values.of(VERSION_A)) || v.equals(Values.of(VERSION_B))
                    ? null
                    : "read " + v + ", neither version";
              }
              if (v.startsWith("lines ")) {
                return v.equals(
                            Values.lines(List.of(new String(VERSION_A, StandardCharsets.US_ASCII))))
                        || v.equals(
                            Values.lines(List.of(new String(VERSION_B, StandardCharsets.US_ASCII))))
                    ? null
                    : "read " + v + ", neither version";
              }
              if (v.startsWith("kind=")) {
                return v.startsWith("kind=FILE size=" + VERSION_A.length) ? null : "stat " + v;
              }
              if (v.equals("done")) {
                byte[] copy = Files.readAllBytes(o.fixture().copy());
                return Values.of(copy).equals(Values.of(VERSION_A))
                        || Values.of(copy).equals(Values.of(VERSION_B))
                    ? null
                    : "copied " + Values.of(copy) + ", neither version";
              }
              return v.equals("true") || v.endsWith("/work/f") ? null : "returned " + v;
            });
    out.add(
        Input.of("churn-file", kind, (dir, work) -> Files.write(work.resolve("f"), VERSION_A))
            .only(List.of(READ_FILE, LINES, STAT, COPY_FILE_FROM, EXISTS, REALPATH))
            .during(
                (work, random) -> {
                  Path next = work.resolve("f.next");
                  Files.write(next, random.nextBoolean() ? VERSION_A : VERSION_B);
                  Files.move(next, work.resolve("f"), StandardCopyOption.ATOMIC_MOVE);
                })
            .repeat(20)
            .declareAll(oneOfTheTwo));
    return out;
  }

  static final byte[] VERSION_A = "A".repeat(4096).getBytes(StandardCharsets.US_ASCII);
  static final byte[] VERSION_B = "B".repeat(4096).getBytes(StandardCharsets.US_ASCII);

  private static Path churnTree(Path work) throws Exception {
    Path tree = Files.createDirectory(work.resolve("tree"));
    for (int d = 0; d < 8; d++) {
      Path dir = Files.createDirectory(tree.resolve("d" + d));
      Path nested = Files.createDirectory(dir.resolve("n"));
      for (int f = 0; f < 25; f++) {
        Builders.file(dir.resolve("f" + f), "churn\n");
        Builders.file(nested.resolve("g" + f), "churn\n");
      }
    }
    return tree;
  }

  /** Adds, removes and renames files and directories anywhere in the tree. */
  private static void churnStep(Path work, java.util.Random random) throws Exception {
    Path d = work.resolve("tree").resolve("d" + random.nextInt(8));
    switch (random.nextInt(5)) {
      case 0:
        Builders.file(d.resolve("new" + random.nextInt(50)), "new\n");
        break;
      case 1:
        Files.deleteIfExists(d.resolve("f" + random.nextInt(25)));
        break;
      case 2:
        Files.move(d, d.resolveSibling(d.getFileName() + "-moved"));
        Files.move(d.resolveSibling(d.getFileName() + "-moved"), d);
        break;
      case 3:
        Files.createDirectory(d.resolve("sub" + random.nextInt(10)));
        break;
      default:
        Files.deleteIfExists(d.resolve("sub" + random.nextInt(10)));
        break;
    }
  }
}
