package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The floors the provider offers, driven as the harness drives them: calls recorded through the
 * runner's backend, one batch prepared, run and decoded. Each result is compared with what the
 * {@code native} backend returns for the same call (the harness's own workloads check every family
 * against the oracle).
 */
@Tag("native-library")
class FloorTest {
  @TempDir Path dir;

  private FsBackend nativeFs;

  @BeforeEach
  void open() {
    nativeFs = new NativeBackendProvider().create(BackendConfig.DEFAULT);
  }

  @AfterEach
  void close() {
    nativeFs.close();
  }

  private static Floor floor(String id) {
    return new NativeBackendProvider()
        .floors().stream()
            .filter(f -> f.id().equals(id))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no floor " + id));
  }

  private Path[] files(String prefix, int n, String content) throws IOException {
    Path[] paths = new Path[n];
    for (int i = 0; i < n; i++) {
      paths[i] = Files.writeString(dir.resolve(prefix + i), content + i);
    }
    return paths;
  }

  @Test
  void theProviderOffersTheLibraryFloorAndThreeTools() {
    List<Floor> floors = new NativeBackendProvider().floors();
    assertEquals(
        List.of("floor", "floor-find", "floor-cp", "floor-rm"),
        floors.stream().map(Floor::id).toList());
    Floor library = floors.get(0);
    assertTrue(library.availability().isAvailable(), library.availability().reason());
    assertEquals(Floor.Timing.NATIVE_LOOP, library.timing());
    assertEquals(Set.of(Op.values()), library.families());
    assertEquals("fsb_floor: fsb_stat's work looped in the library", library.route(Op.LSTAT).via());
    for (Floor tool : floors.subList(1, 4)) {
      assertEquals(Floor.Timing.PROCESS, tool.timing());
      assertEquals(1, tool.families().size());
      if (tool.availability().isAvailable()) {
        assertTrue(tool.details().containsKey("tool.version"), tool.details().toString());
      }
    }
  }

  @Test
  void aBatchOfStatsReturnsWhatTheBackendReturns() throws IOException {
    Path[] paths = files("f", 3, "content");
    try (FloorRunner runner = floor("floor").open()) {
      for (int round = 0; round < 2; round++) {
        for (Path p : paths) {
          assertNull(runner.recorder().stat(p), "recorded, not performed");
        }
        runner.prepare();
        assertTrue(runner.run() > 0);
        for (int i = 0; i < paths.length; i++) {
          assertEquals(nativeFs.stat(paths[i]), runner.result(i), "call " + i + ", round " + round);
        }
      }
    }
  }

  @Test
  void contentAndNamesComeBackPerCall() throws IOException {
    Path[] paths = files("f", 3, "abc");
    Path link = Files.createSymbolicLink(dir.resolve("link"), paths[1].getFileName());
    try (FloorRunner runner = floor("floor").open()) {
      for (Path p : paths) {
        runner.recorder().readFile(p);
      }
      runner.prepare();
      runner.run();
      for (int i = 0; i < paths.length; i++) {
        assertArrayEquals(Files.readAllBytes(paths[i]), (byte[]) runner.result(i));
      }

      runner.recorder().readFileText(paths[2]);
      runner.prepare();
      runner.run();
      assertEquals("abc2", runner.result(0));

      runner.recorder().readlink(link);
      runner.recorder().readlink(link);
      runner.prepare();
      runner.run();
      assertEquals(paths[1].getFileName(), runner.result(1));

      runner.recorder().realpath(link);
      runner.prepare();
      runner.run();
      assertEquals(paths[1].toRealPath(), runner.result(0));

      runner.recorder().exists(paths[0]);
      runner.recorder().exists(dir.resolve("missing"));
      runner.prepare();
      runner.run();
      assertEquals(List.of(true, false), List.of(runner.result(0), runner.result(1)));

      Path prefix = dir.resolve("job-");
      runner.recorder().mkdtemp(prefix);
      runner.recorder().mkdtemp(prefix);
      runner.prepare();
      runner.run();
      Path made = (Path) runner.result(0);
      assertTrue(Files.isDirectory(made), String.valueOf(made));
      assertTrue(made.getFileName().toString().startsWith("job-"));
      assertFalse(made.equals(runner.result(1)));
    }
  }

  @Test
  void treeCallsReturnTheBackendsListing() throws IOException {
    Path root = dir.resolve("tree");
    Files.createDirectories(root.resolve("a/b"));
    Files.writeString(root.resolve("a/b/c.txt"), "c");
    Files.writeString(root.resolve("d.txt"), "d");
    try (FloorRunner runner = floor("floor").open()) {
      runner.recorder().readdir(root, ReaddirOptions.RECURSIVE);
      runner.prepare();
      runner.run();
      assertEquals(
          Set.copyOf(nativeFs.readdir(root, ReaddirOptions.RECURSIVE)),
          Set.copyOf(castList(runner.result(0))));

      runner.recorder().scan(root, ScanOptions.DEFAULT);
      runner.prepare();
      runner.run();
      assertEquals(nativeFs.scan(root, ScanOptions.DEFAULT), runner.result(0));

      runner.recorder().cp(root, dir.resolve("copy"), CpOptions.DEFAULT);
      runner.prepare();
      runner.run();
      assertEquals("c", Files.readString(dir.resolve("copy/a/b/c.txt")));

      runner.recorder().rm(dir.resolve("copy"), RmOptions.RECURSIVE_FORCE);
      runner.prepare();
      runner.run();
      assertFalse(Files.exists(dir.resolve("copy")));
    }
  }

  @Test
  void aBatchMustBeOneFamilyWithOneSetOfArguments() throws IOException {
    Path[] paths = files("f", 2, "x");
    try (FloorRunner runner = floor("floor").open()) {
      assertThrows(IllegalArgumentException.class, runner::prepare, "nothing recorded");
      runner.recorder().chmod(paths[0], 0600);
      runner.recorder().chmod(paths[1], 0644);
      IllegalArgumentException mixed =
          assertThrows(IllegalArgumentException.class, runner::prepare);
      assertTrue(mixed.getMessage().contains("one set of arguments"), mixed.getMessage());
      runner.recorder().stat(paths[0]);
      runner.recorder().lstat(paths[1]);
      assertThrows(IllegalArgumentException.class, runner::prepare, "stat and lstat differ");
      assertThrows(IllegalStateException.class, runner::run, "no batch prepared");
      assertThrows(
          UnsupportedOperationException.class,
          () -> runner.recorder().statAsync(paths[0]),
          "sync calls only");
    }
  }

  @Test
  void aFailingCallIsTheBackendsExceptionNamingItsPath() throws IOException {
    Path[] paths = files("f", 2, "x");
    Files.delete(paths[1]);
    try (FloorRunner runner = floor("floor").open()) {
      for (Path p : paths) {
        runner.recorder().unlink(p);
      }
      runner.prepare();
      NoSuchFileException e = assertThrows(NoSuchFileException.class, runner::run);
      assertEquals(paths[1].toString(), e.getFile());
      assertFalse(Files.exists(paths[0]), "the calls before it ran");
      assertThrows(IllegalStateException.class, runner::run, "a batch runs once");
    }
  }

  @Test
  void findListsTheTreeTheBackendLists() throws IOException {
    Floor find = floor("floor-find");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        find.availability().isAvailable(), () -> find.availability().reason());
    Path root = dir.resolve("tree");
    Files.createDirectories(root.resolve("x/y"));
    Files.writeString(root.resolve("x/y/z.js"), "z");
    Files.writeString(root.resolve("x/two\nlines"), "a name with a newline is one name");
    try (FloorRunner runner = find.open()) {
      runner.recorder().readdir(root, ReaddirOptions.RECURSIVE);
      runner.prepare();
      assertTrue(runner.run() > 0);
      assertEquals(
          new HashSet<>(nativeFs.readdir(root, ReaddirOptions.RECURSIVE)),
          new HashSet<>(castList(runner.result(0))));

      runner.recorder().readdir(root, ReaddirOptions.DEFAULT);
      assertThrows(IllegalArgumentException.class, runner::prepare, "find only lists recursively");

      runner.recorder().readdir(dir.resolve("missing"), ReaddirOptions.RECURSIVE);
      runner.prepare();
      IOException e = assertThrows(IOException.class, runner::run);
      assertTrue(e.getMessage().contains("exited with status 1"), e.getMessage());
      assertTrue(e.getMessage().contains("missing"), "find's stderr: " + e.getMessage());
    }
  }

  @Test
  void cpAndRmRunAsProcessesOnTheSameTree() throws IOException {
    Floor cp = floor("floor-cp");
    Floor rm = floor("floor-rm");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        cp.availability().isAvailable() && rm.availability().isAvailable(),
        () -> cp.availability().reason() + "; " + rm.availability().reason());
    Path root = dir.resolve("tree");
    Files.createDirectories(root.resolve("x"));
    Files.write(root.resolve("x/f"), "payload".getBytes(StandardCharsets.UTF_8));
    // Modes any usual umask (022, 002) would change: the copy keeps them, as a backend's cp does.
    Files.setPosixFilePermissions(
        root.resolve("x/f"), PosixFilePermissions.fromString("rw-rw-rw-"));
    Files.setPosixFilePermissions(root.resolve("x"), PosixFilePermissions.fromString("rwxrwxrwx"));
    Path copy = dir.resolve("copy");
    try (FloorRunner runner = cp.open()) {
      runner.recorder().cp(root, copy, CpOptions.DEFAULT);
      runner.prepare();
      assertTrue(runner.run() > 0);
      assertEquals("payload", Files.readString(copy.resolve("x/f")));
      assertEquals("rw-rw-rw-", perms(copy.resolve("x/f")));
      assertEquals("rwxrwxrwx", perms(copy.resolve("x")));
      assertNull(runner.result(0));
      runner.recorder().cp(root, copy, CpOptions.DEFAULT);
      assertThrows(
          IllegalArgumentException.class, runner::prepare, "cp -r would copy into the copy");
    }
    try (FloorRunner runner = rm.open()) {
      runner.recorder().rm(copy, RmOptions.RECURSIVE_FORCE);
      runner.prepare();
      runner.run();
      assertFalse(Files.exists(copy));
      assertEquals(
          Set.of("x", "x/f"),
          nativeFs.readdir(root, ReaddirOptions.RECURSIVE).stream().collect(Collectors.toSet()),
          "the source is untouched");
    }
  }

  private static String perms(Path p) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  @SuppressWarnings("unchecked")
  private static List<String> castList(Object o) {
    return (List<String>) o;
  }
}
