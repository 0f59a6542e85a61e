package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReadLimit;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.Route;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the contract kit does not look at: this binding's own machinery. Content on both sides of
 * the line between critical calls on heap arrays and plain calls on off-heap memory, and past what
 * a thread keeps; one scratch per thread; stat's fields read where the library wrote them; the
 * error replays through this binding's probe, and a recorded failing path longer than the names
 * block.
 */
@EnabledForJreRange(min = JRE.JAVA_22, disabledReason = "the FFM API is final from JDK 22 on")
@EnabledIfSystemProperty(
    named = "fsbench.ffm.built",
    matches = "true",
    disabledReason = "this build has no FFM binding: Maven ran on a JDK before 22")
@DisabledIfSystemProperty(
    named = "fsbench.native.skip",
    matches = "true",
    disabledReason = "a -Dnative.skip=true build has no library")
class FfmBackendTest {

  /** FfmScratch.CRITICAL_CONTENT, which this release-17 test cannot name. */
  private static final int CRITICAL = 64 * 1024;

  @TempDir Path dir;

  private FsBackend fs;

  @BeforeEach
  void open() {
    fs = new FfmBackendProvider().create(BackendConfig.DEFAULT);
  }

  @AfterEach
  void close() {
    fs.close();
  }

  private static byte[] random(int size, long seed) {
    byte[] bytes = new byte[size];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }

  // ---------------------------------------------------------------- identity

  @Test
  void everyFamilyIsServedByTheLibrary() {
    for (Op op : Op.values()) {
      Route route = fs.route(op);
      assertFalse(route.isFallback(), op + " falls back");
      assertTrue(route.via().startsWith("fsb_"), route.toString());
    }
    assertEquals(Route.own("fsb_stat"), fs.route(Op.LSTAT));
    assertEquals("native-ffm", fs.id());
    assertEquals(
        EnumSet.of(
            Capability.POSIX_PERMISSIONS,
            Capability.OWNERSHIP,
            Capability.HARD_LINKS,
            Capability.SYMBOLIC_LINKS,
            Capability.TREE_CONCURRENCY,
            Capability.GLOB_BRACKETS),
        fs.capabilities());
  }

  @Test
  void anotherFilesystemIsUnsupported() throws IOException {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      BackendConfig onJimfs = BackendConfig.builder().fileSystem(jimfs).build();
      assertThrows(
          UnsupportedOperationException.class, () -> new FfmBackendProvider().create(onJimfs));
      Path foreign = jimfs.getPath("/f");
      assertThrows(ProviderMismatchException.class, () -> fs.stat(foreign));
      assertThrows(ProviderMismatchException.class, () -> fs.rename(dir.resolve("a"), foreign));
    }
  }

  // ---------------------------------------------------------------- content

  /** Sizes on both sides of the critical limit, and past what a thread keeps off the heap. */
  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(
      ints = {0, 1, CRITICAL - 1, CRITICAL, CRITICAL + 1, 3 * CRITICAL + 17, 32 * 1024 * 1024 + 99})
  void contentRoundTripsAtEverySize(int size) throws IOException {
    byte[] content = random(size, size);
    Path file = dir.resolve("f");
    fs.writeFile(file, content);
    assertArrayEquals(content, Files.readAllBytes(file), "written");
    assertArrayEquals(content, fs.readFile(file), "read");
    fs.appendFile(file, content);
    byte[] twice = Arrays.copyOf(content, 2 * size);
    System.arraycopy(content, 0, twice, size, size);
    assertArrayEquals(twice, Files.readAllBytes(file), "appended");
    assertArrayEquals(twice, fs.readFile(file), "read after append");
  }

  @Test
  void smallReadAfterLargeOneIsStillCut() throws IOException {
    Path big = Files.write(dir.resolve("big"), random(5 * CRITICAL, 1));
    Path small = Files.writeString(dir.resolve("small"), "small");
    assertEquals(5 * CRITICAL, fs.readFile(big).length);
    assertEquals("small", new String(fs.readFile(small), java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(5 * CRITICAL, fs.readFile(big).length);
  }

  @Test
  void fileOfUnknownSizeIsReadToItsEnd() throws IOException {
    // procfs reports size 0: the library reads to EOF through whatever buffer it is given.
    Path status = Path.of("/proc/self/status");
    String read = new String(fs.readFile(status), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(read.startsWith("Name:"), read);
  }

  @Test
  void endlessFileFailsNamingItInsteadOfExhaustingMemory() {
    Path zero = Path.of("/dev/zero");
    FileSystemException e = assertThrows(FileSystemException.class, () -> fs.readFile(zero));
    assertEquals(zero.toString(), e.getFile());
    assertEquals(ReadLimit.exceeded(zero).getReason(), e.getReason());
  }

  @Test
  void missingFileIsNoSuchFileWhicheverWayItWouldBeRead() {
    Path missing = dir.resolve("missing");
    NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> fs.readFile(missing));
    assertEquals(missing.toString(), e.getFile());
    Path below = dir.resolve("missing/f");
    assertThrows(NoSuchFileException.class, () -> fs.writeFile(below, new byte[10]));
    assertThrows(NoSuchFileException.class, () -> fs.writeFile(below, new byte[CRITICAL + 1]));
  }

  @Test
  void threadsEachReadThroughTheirOwnBuffers() throws Exception {
    int files = 8;
    List<byte[]> contents = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      // Half of them fit the critical heap block, half go off the heap.
      byte[] content = random(1000 + i * 30_000, 10 + i);
      contents.add(content);
      Files.write(dir.resolve("f" + i), content);
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int round = 0; round < 20; round++) {
        for (int i = 0; i < files; i++) {
          int which = (i + round) % files;
          results.add(
              pool.submit(
                  () -> Arrays.equals(contents.get(which), fs.readFile(dir.resolve("f" + which)))));
        }
      }
      for (Future<Boolean> result : results) {
        assertTrue(result.get(), "a thread read another thread's bytes");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  // ---------------------------------------------------------------- metadata

  @Test
  void statAgreesWithNioFieldByField() throws IOException {
    Path f = Files.write(dir.resolve("f"), random(1234, 3));
    Path link = Files.createSymbolicLink(dir.resolve("link"), f.getFileName());
    FileStat st = fs.stat(link);
    PosixFileAttributes nio = Files.readAttributes(f, PosixFileAttributes.class);
    assertEquals(FileKind.FILE, st.kind());
    assertEquals(1234, st.size());
    assertEquals(Files.getAttribute(f, "unix:ino"), st.ino());
    assertEquals(Files.getAttribute(f, "unix:mode"), st.mode());
    assertEquals(Files.getAttribute(f, "unix:nlink"), (int) st.nlink());
    assertEquals(Files.getAttribute(f, "unix:uid"), st.uid());
    assertEquals(nio.lastModifiedTime().to(TimeUnit.NANOSECONDS), st.mtimeNanos());
    assertEquals(FileKind.SYMLINK, fs.lstat(link).kind());
    assertEquals(
        Files.getAttribute(link, "unix:ino", java.nio.file.LinkOption.NOFOLLOW_LINKS),
        fs.lstat(link).ino());
  }

  // ---------------------------------------------------------------- error replays

  @Test
  void recursiveMkdirBelowAFileNamesWhatCreateDirectoriesNames() throws IOException {
    Path file = Files.writeString(dir.resolve("file"), "x");
    Path below = file.resolve("a/b");
    IOException nio = assertThrows(IOException.class, () -> Files.createDirectories(below));
    IOException ours =
        assertThrows(IOException.class, () -> fs.mkdir(below, MkdirOptions.RECURSIVE));
    assertSameFailure(nio, ours);
    IOException onTheFile =
        assertThrows(IOException.class, () -> fs.mkdir(file, MkdirOptions.RECURSIVE));
    assertSameFailure(
        assertThrows(IOException.class, () -> Files.createDirectories(file)), onTheFile);
  }

  @Test
  void copyOfATreeOntoAFileInTheWayIsFileAlreadyExists() throws IOException {
    Path source = Files.createDirectories(dir.resolve("source/sub"));
    Files.writeString(source.resolve("f"), "s");
    Path target = Files.createDirectory(dir.resolve("target"));
    Path inTheWay = Files.writeString(target.resolve("sub"), "in the way");
    FileAlreadyExistsException e =
        assertThrows(
            FileAlreadyExistsException.class,
            () -> fs.cp(source.getParent(), target, CpOptions.DEFAULT));
    assertEquals(inTheWay.toString(), e.getFile());
  }

  @Test
  void treeFailureNamesThePathTheLibraryRecorded() throws IOException {
    Path missing = dir.resolve("missing");
    NoSuchFileException e =
        assertThrows(
            NoSuchFileException.class, () -> fs.readdir(missing, ReaddirOptions.RECURSIVE));
    assertEquals(missing.toString(), e.getFile());
    Path directory = Files.createDirectory(dir.resolve("d"));
    FileSystemException notRecursive =
        assertThrows(FileSystemException.class, () -> fs.rm(directory, RmOptions.DEFAULT));
    assertEquals(directory.toString(), notRecursive.getFile());
    assertEquals("Is a directory", notRecursive.getReason());
  }

  /** Just what building a chain of directories below any path length needs. */
  interface LibC extends Library {
    LibC INSTANCE = Native.load("c", LibC.class);

    int openat(int dirfd, String path, int flags, int mode);

    int mkdirat(int dirfd, String path, int mode);

    int symlinkat(String target, int dirfd, String link);

    int close(int fd);
  }

  /**
   * A recorded path longer than the thread's names block (4 KiB): a link at the bottom of a chain
   * of 2,500 directories back to its top, met by a scan that follows links.
   */
  @Test
  void recordedPathLongerThanTheNamesBlockIsReadWhole() throws IOException {
    int depth = 2500;
    Path top = Files.createDirectory(dir.resolve("chain"));
    LibC c = LibC.INSTANCE;
    int atFdCwd = -100;
    int directory = (Platform.isARM() ? 0x4000 : 0x10000) | 0x80000;
    int fd = c.openat(atFdCwd, top.toString(), directory, 0);
    assertTrue(fd >= 0, "open " + top);
    try {
      for (int i = 0; i < depth; i++) {
        assertEquals(0, c.mkdirat(fd, "d", 0755), "mkdirat at level " + i);
        int next = c.openat(fd, "d", directory, 0);
        c.close(fd);
        assertTrue(next >= 0, "open level " + i);
        fd = next;
      }
      assertEquals(0, c.symlinkat(top.toString(), fd, "loop"), "the link back to the top");
    } finally {
      c.close(fd);
    }
    try {
      FileSystemLoopException e =
          assertThrows(
              FileSystemLoopException.class,
              () -> fs.scan(top, ScanOptions.DEFAULT.withFollowLinks(true)));
      String expected = top + "/" + "d/".repeat(depth) + "loop";
      assertTrue(expected.length() > 4096, "longer than the names block");
      assertEquals(expected, e.getFile());
    } finally {
      fs.rm(top, RmOptions.RECURSIVE_FORCE);
    }
    assertFalse(Files.exists(top));
  }

  private static void assertSameFailure(IOException nio, IOException ours) {
    assertEquals(nio.getClass(), ours.getClass(), ours.toString());
    if (nio instanceof FileSystemException) {
      FileSystemException n = (FileSystemException) nio;
      FileSystemException o = (FileSystemException) ours;
      assertEquals(n.getFile(), o.getFile());
      assertEquals(n.getOtherFile(), o.getOtherFile());
      assertEquals(n.getReason(), o.getReason());
    }
  }
}
