package dev.fsbench.antglob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.io.File;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The backend around a scanner, with a scanner that records what it is given: routes, capabilities,
 * where glob goes, and the glue of {@link ScannerGlob}.
 */
class ScannerBackendTest {

  /** Answers with what it is told to, and records the calls. */
  private static final class StubScanner implements Scanner {
    final List<File> basedirs = new ArrayList<>();
    Found answer = new Found(List.of(), List.of(), List.of());

    @Override
    public Found scan(File basedir, AntPatterns patterns, boolean linksApart) {
      basedirs.add(basedir);
      return answer;
    }

    @Override
    public boolean matches(String pattern, String relative) {
      return pattern.equals(relative);
    }
  }

  private static final class StubBackend extends ScannerBackend {
    StubBackend(BackendConfig config, StubScanner scanner) {
      super(config, "stub", "a stub scanner", "StubScanner.scan", () -> "a stub scanner", scanner);
    }
  }

  @Test
  void onTheDefaultFileSystemGlobIsTheScannersAndEveryOtherFamilyNios() {
    try (FsBackend backend = new StubBackend(BackendConfig.DEFAULT, new StubScanner())) {
      for (Op op : Op.values()) {
        Route route = backend.route(op);
        assertEquals(op != Op.GLOB, route.isFallback(), op + ": " + route);
      }
      assertTrue(backend.route(Op.GLOB).via().startsWith("StubScanner.scan; serial"));
      assertTrue(backend.route(Op.STAT).via().contains("lists and matches names"));
      Set<Capability> capabilities = backend.capabilities();
      assertFalse(capabilities.contains(Capability.GLOB_BRACKETS));
      assertFalse(capabilities.contains(Capability.TREE_CONCURRENCY));
      assertTrue(capabilities.contains(Capability.FOREIGN_FILESYSTEMS));
    }
  }

  @Test
  void onJimfsEveryFamilyIsNiosAndBracketsAreBack(@TempDir Path unused) throws Exception {
    StubScanner scanner = new StubScanner();
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix());
        FsBackend backend =
            new StubBackend(BackendConfig.builder().fileSystem(jimfs).build(), scanner)) {
      for (Op op : Op.values()) {
        assertTrue(backend.route(op).isFallback(), op + ": " + backend.route(op));
      }
      assertTrue(backend.route(Op.GLOB).via().contains("java.io.File"));
      assertTrue(backend.capabilities().contains(Capability.GLOB_BRACKETS));
      Path dir = Files.createDirectories(jimfs.getPath("/d"));
      Files.writeString(dir.resolve("a.js"), "a");
      assertEquals(List.of("a.js"), backend.glob(dir, List.of("[a].js"), GlobOptions.DEFAULT));
      assertTrue(scanner.basedirs.isEmpty(), "the scanner is never asked on Jimfs");
    }
  }

  @Test
  void theAnswerDropsTheBaseDirectoryAndDirectoriesOnRequestAndKeepsLinks(@TempDir Path dir)
      throws Exception {
    StubScanner scanner = new StubScanner();
    scanner.answer = new Scanner.Found(List.of("f"), List.of("", "d"), List.of("l"));
    try (FsBackend backend = new StubBackend(BackendConfig.DEFAULT, scanner)) {
      assertEquals(List.of("d", "f", "l"), backend.glob(dir, List.of("*"), GlobOptions.DEFAULT));
      assertEquals(
          List.of("f", "l"),
          backend.glob(dir, List.of("*"), GlobOptions.DEFAULT.withIncludeDirectories(false)));
      // for directories only: a file or link that no include of any kind matched is dropped
      assertEquals(List.of("d"), backend.glob(dir, List.of("*/"), GlobOptions.DEFAULT));
    }
  }

  @Test
  void theWorkingDirectoryIsCheckedResolvedAndMadeAbsolute(@TempDir Path dir) throws Exception {
    StubScanner scanner = new StubScanner();
    scanner.answer = new Scanner.Found(List.of("x"), List.of(), List.of());
    Path real = Files.createDirectory(dir.resolve("real"));
    Path link = Files.createSymbolicLink(dir.resolve("link"), Path.of("real"));
    try (FsBackend backend = new StubBackend(BackendConfig.DEFAULT, scanner)) {
      backend.glob(link, List.of("*"), GlobOptions.DEFAULT);
      assertEquals(real.toRealPath().toFile(), scanner.basedirs.get(0), "a link is followed");
      backend.glob(Path.of(""), List.of("*"), GlobOptions.DEFAULT);
      assertTrue(scanner.basedirs.get(1).isAbsolute(), "the empty path is the working directory");
      Path missing = dir.resolve("missing");
      NoSuchFileException e =
          assertThrows(
              NoSuchFileException.class,
              () -> backend.glob(missing, List.of("*"), GlobOptions.DEFAULT));
      assertEquals(missing.toString(), e.getFile());
      assertThrows(
          IllegalArgumentException.class,
          () -> backend.glob(missing, List.of("[a]"), GlobOptions.DEFAULT),
          "a refusal comes before any I/O");
    }
  }

  @Test
  void aWorkingDirectoryThatCannotBeListedIsNiosErrorWhenTheScannerFoundNothing(@TempDir Path dir)
      throws Exception {
    Path locked = Files.createDirectory(dir.resolve("locked"));
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    try {
      Assumptions.assumeFalse(
          Files.isReadable(locked), "permission bits do not bind this process (root)");
      try (FsBackend backend = new StubBackend(BackendConfig.DEFAULT, new StubScanner())) {
        AccessDeniedException e =
            assertThrows(
                AccessDeniedException.class,
                () -> backend.glob(locked, List.of("*"), GlobOptions.DEFAULT));
        assertEquals(locked.toString(), e.getFile());
      }
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
    }
  }
}
