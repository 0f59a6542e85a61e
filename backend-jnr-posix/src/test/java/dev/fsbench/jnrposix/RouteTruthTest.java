package dev.fsbench.jnrposix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.Route;
import dev.fsbench.spi.ScanOptions;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessMode;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The routes are true: every family is run once through a backend whose jnr-posix records what it
 * is asked, and an own route must have made the jnr-posix calls its route names (and returned the
 * right thing), a fallback none. On Jimfs no family may call jnr-posix, nor on the default
 * filesystem for a name a String cannot carry ({@code caf\xe9}), where NIO must have done the work.
 */
class RouteTruthTest {

  @TempDir Path dir;

  /** One family's call on a fixture made in {@code dir}. */
  interface Scenario {
    void run(FsBackend backend, Function<String, Path> name) throws Exception;
  }

  /** The jnr-posix methods each own family must call, in order of first use. */
  static final Map<Op, List<String>> CALLS = new EnumMap<>(Op.class);

  static {
    CALLS.put(Op.ACCESS, List.of("access"));
    CALLS.put(Op.EXISTS, List.of("access"));
    CALLS.put(Op.STAT, List.of("stat"));
    CALLS.put(Op.LSTAT, List.of("lstat"));
    CALLS.put(Op.CHMOD, List.of("chmod"));
    CALLS.put(Op.CHOWN, List.of("chown"));
    CALLS.put(Op.LINK, List.of("link"));
    CALLS.put(Op.SYMLINK, List.of("symlink"));
    CALLS.put(Op.READLINK, List.of("readlink"));
    CALLS.put(Op.RENAME, List.of("rename"));
    CALLS.put(Op.MKDIR, List.of("mkdir", "access"));
    CALLS.put(Op.RMDIR, List.of("rmdir"));
    CALLS.put(Op.UNLINK, List.of("unlink"));
    CALLS.put(Op.UTIMES, List.of("utimensat"));
    CALLS.put(Op.TRUNCATE, List.of("truncate"));
    CALLS.put(Op.READ_FILE, List.of("open", "fstat", "read", "close"));
    CALLS.put(Op.WRITE_FILE, List.of("open", "write", "close"));
    CALLS.put(Op.APPEND_FILE, List.of("open", "write", "close"));
  }

  /** POSIX methods that ask the kernel nothing: they are not a family's calls. */
  static final List<String> BOOKKEEPING = List.of("allocateStat", "errno", "strerror");

  static final byte[] CONTENT = "jnr-posix\n".getBytes(StandardCharsets.UTF_8);

  /** Each family once; every result is checked against what NIO sees. */
  static Map<Op, Scenario> scenarios() {
    Map<Op, Scenario> s = new EnumMap<>(Op.class);
    s.put(Op.ACCESS, (b, n) -> b.access(file(n.apply("f")), AccessMode.READ));
    s.put(Op.EXISTS, (b, n) -> assertTrue(b.exists(file(n.apply("f")))));
    s.put(
        Op.STAT,
        (b, n) -> assertEquals(CONTENT.length, b.stat(file(n.apply("f"))).size(), "stat size"));
    s.put(
        Op.LSTAT,
        (b, n) -> {
          Path link = n.apply("l");
          Files.createSymbolicLink(link, file(n.apply("f")));
          assertTrue(b.lstat(link).isSymlink(), "lstat of a link");
        });
    s.put(
        Op.CHMOD,
        (b, n) -> {
          Path f = file(n.apply("f"));
          b.chmod(f, 0640);
          assertEquals(0640, (int) Files.getAttribute(f, "unix:mode") & 07777);
        });
    s.put(
        Op.CHOWN,
        (b, n) -> {
          Path f = file(n.apply("f"));
          int uid = (int) Files.getAttribute(f, "unix:uid");
          int gid = (int) Files.getAttribute(f, "unix:gid");
          b.chown(f, uid, gid);
        });
    s.put(
        Op.LINK,
        (b, n) -> {
          Path f = file(n.apply("f"));
          b.link(f, n.apply("h"));
          assertEquals(2, (int) Files.getAttribute(f, "unix:nlink"));
        });
    s.put(
        Op.SYMLINK,
        (b, n) -> {
          Path target = n.apply("t").getFileName();
          b.symlink(target, n.apply("l"));
          assertEquals(target, Files.readSymbolicLink(n.apply("l")));
        });
    s.put(
        Op.READLINK,
        (b, n) -> {
          Path target = n.apply("t").getFileName();
          Files.createSymbolicLink(n.apply("l"), target);
          assertEquals(target, b.readlink(n.apply("l")));
        });
    s.put(
        Op.RENAME,
        (b, n) -> {
          b.rename(file(n.apply("f")), n.apply("g"));
          assertTrue(Files.exists(n.apply("g")) && !Files.exists(n.apply("f")));
        });
    s.put(
        Op.MKDIR,
        (b, n) -> {
          Path leaf = n.apply("d").resolve("a").resolve("b");
          b.mkdir(leaf, MkdirOptions.RECURSIVE);
          assertTrue(Files.isDirectory(leaf));
        });
    s.put(
        Op.RMDIR,
        (b, n) -> {
          Path d = Files.createDirectory(n.apply("d"));
          b.rmdir(d);
          assertTrue(Files.notExists(d));
        });
    s.put(
        Op.UNLINK,
        (b, n) -> {
          Path f = file(n.apply("f"));
          b.unlink(f);
          assertTrue(Files.notExists(f));
        });
    s.put(
        Op.UTIMES,
        (b, n) -> {
          Path f = file(n.apply("f"));
          FileTime t = FileTime.fromMillis(1_600_000_000_123L);
          b.utimes(f, t, t);
          assertEquals(t, Files.getLastModifiedTime(f));
        });
    s.put(
        Op.TRUNCATE,
        (b, n) -> {
          Path f = file(n.apply("f"));
          b.truncate(f, 3);
          assertEquals(3, Files.size(f));
        });
    s.put(
        Op.READ_FILE,
        (b, n) -> assertEquals(new String(CONTENT), new String(b.readFile(file(n.apply("f"))))));
    s.put(
        Op.LINES, (b, n) -> assertEquals(List.of("jnr-posix"), b.lines(file(n.apply("f")), 0, 5)));
    s.put(
        Op.WRITE_FILE,
        (b, n) -> {
          b.writeFile(n.apply("w"), CONTENT);
          assertEquals(new String(CONTENT), Files.readString(n.apply("w")));
        });
    s.put(
        Op.APPEND_FILE,
        (b, n) -> {
          Path f = file(n.apply("f"));
          b.appendFile(f, CONTENT);
          assertEquals(2 * CONTENT.length, Files.size(f));
        });
    s.put(
        Op.COPY_FILE,
        (b, n) -> {
          b.copyFile(file(n.apply("f")), n.apply("c"), CopyFileOptions.DEFAULT);
          assertTrue(Files.exists(n.apply("c")));
        });
    s.put(
        Op.CP,
        (b, n) -> {
          Path tree = Files.createDirectory(n.apply("d"));
          file(tree.resolve("x"));
          b.cp(tree, n.apply("e"), CpOptions.DEFAULT);
          assertTrue(Files.exists(n.apply("e").resolve("x")));
        });
    s.put(
        Op.RM,
        (b, n) -> {
          Path tree = Files.createDirectory(n.apply("d"));
          file(tree.resolve("x"));
          b.rm(tree, RmOptions.RECURSIVE_FORCE);
          assertTrue(Files.notExists(tree));
        });
    s.put(
        Op.READDIR,
        (b, n) -> {
          Path tree = Files.createDirectory(n.apply("d"));
          file(tree.resolve("x"));
          assertEquals(List.of("x"), b.readdir(tree, ReaddirOptions.DEFAULT));
        });
    s.put(
        Op.GLOB,
        (b, n) -> {
          Path tree = Files.createDirectory(n.apply("d"));
          file(tree.resolve("x"));
          assertEquals(List.of("x"), b.glob(tree, List.of("*"), GlobOptions.DEFAULT));
        });
    s.put(
        Op.SCAN,
        (b, n) -> {
          Path tree = Files.createDirectory(n.apply("d"));
          file(tree.resolve("x"));
          assertEquals(1, b.scan(tree, ScanOptions.DEFAULT).size());
        });
    s.put(Op.MKDTEMP, (b, n) -> assertTrue(Files.isDirectory(b.mkdtemp(n.apply("tmp-")))));
    s.put(
        Op.REALPATH,
        (b, n) -> {
          Path f = file(n.apply("f"));
          assertEquals(f.toRealPath(), b.realpath(f));
        });
    return s;
  }

  private static Path file(Path path) throws Exception {
    return Files.write(path, CONTENT);
  }

  @Test
  void everyFamilyOnTheDefaultFilesystemCallsWhatItsRouteSays() throws Exception {
    Map<Op, Scenario> scenarios = scenarios();
    assertEquals(Op.values().length, scenarios.size(), "a scenario per family");
    for (Op op : Op.values()) {
      List<String> calls = RecordingPosix.newLog();
      Path sandbox = Files.createDirectory(dir.resolve(op.family()));
      try (FsBackend backend =
          new JnrPosixBackend(BackendConfig.DEFAULT, RecordingPosix.recording(calls))) {
        scenarios.get(op).run(backend, sandbox::resolve);
        Route route = backend.route(op);
        List<String> expected = CALLS.get(op);
        if (expected == null) {
          assertTrue(route.isFallback(), op + ": no jnr-posix call expected, but " + route);
          assertEquals(List.of(), calls, op + " is a fallback and must not call jnr-posix");
        } else {
          assertTrue(!route.isFallback(), op + ": " + route);
          assertEquals(
              expected,
              calls.stream().filter(c -> !BOOKKEEPING.contains(c)).distinct().toList(),
              op + ": the jnr-posix calls made");
          assertTrue(
              route.via().contains("POSIX." + expected.get(0)),
              op + "'s route must name POSIX." + expected.get(0) + ": " + route);
        }
      }
    }
  }

  @Test
  void onJimfsNoFamilyCallsJnrPosix() throws Exception {
    Map<Op, Scenario> scenarios = scenarios();
    try (FileSystem jimfs =
        Jimfs.newFileSystem(
            Configuration.unix().toBuilder()
                .setAttributeViews("basic", "owner", "posix", "unix")
                .build())) {
      Path root = Files.createDirectories(jimfs.getPath("/work"));
      for (Op op : Op.values()) {
        if (op == Op.CHOWN) {
          continue; // Jimfs has no settable numeric owner: the kit's Jimfs contract covers chown
        }
        List<String> calls = RecordingPosix.newLog();
        Path sandbox = Files.createDirectory(root.resolve(op.family()));
        try (FsBackend backend =
            new JnrPosixBackend(
                BackendConfig.builder().fileSystem(jimfs).build(),
                RecordingPosix.recording(calls))) {
          assertTrue(backend.route(op).isFallback(), op + " on Jimfs: " + backend.route(op));
          if (op != Op.UTIMES && op != Op.CHMOD) {
            scenarios.get(op).run(backend, sandbox::resolve);
          }
          assertEquals(List.of(), calls, op + " on Jimfs must not call jnr-posix");
        }
      }
    }
  }

  @Test
  void aNameAStringCannotCarryGoesToNio() throws Exception {
    Map<Op, Scenario> scenarios = scenarios();
    for (Op op : CALLS.keySet()) {
      List<String> calls = RecordingPosix.newLog();
      Path sandbox = Files.createDirectory(dir.resolve(op.family()));
      try (FsBackend backend =
          new JnrPosixBackend(BackendConfig.DEFAULT, RecordingPosix.recording(calls))) {
        scenarios.get(op).run(backend, name -> latin(sandbox, name));
        assertEquals(List.of(), calls, op + " of a name that is not UTF-8 must go to NIO");
      }
    }
  }

  /** {@code caf\xe9} followed by {@code suffix} in {@code dir}, built from its bytes. */
  private static Path latin(Path dir, String suffix) {
    String base = dir.toAbsolutePath().toUri().toString();
    return Path.of(URI.create(base + (base.endsWith("/") ? "" : "/") + "caf%E9" + suffix));
  }
}
