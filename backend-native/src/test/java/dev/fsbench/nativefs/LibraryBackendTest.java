package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReadLimit;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.Route;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the peer-contract kit does not look at, for every binding of the library: the backend's
 * identity, content on both sides of the sizes where a binding changes memory (FFM: 64 KiB, from
 * critical calls on heap arrays to plain calls off the heap; both: past what a thread keeps, into
 * borrowed memory), one scratch per thread, stat's fields, the error replays through the binding, a
 * recorded failing path longer than the names block, tree results, and names whose bytes are not
 * UTF-8. Subclassed once per binding ({@code NativeBackendTest} here, {@code FfmBackendTest} in
 * backend-native-ffm), which says which provider to test and when it can run.
 */
public abstract class LibraryBackendTest {

  /** FFM's critical content limit ({@code FfmScratch.CRITICAL_CONTENT}), JNA's first block. */
  private static final int BLOCK = 64 * 1024;

  private final BackendProvider provider;
  private final String id;

  @TempDir Path dir;

  private FsBackend fs;

  /** Tests the backend {@code provider} creates, which must report {@code id}. */
  protected LibraryBackendTest(BackendProvider provider, String id) {
    this.provider = provider;
    this.id = id;
  }

  @BeforeEach
  void open() {
    fs = provider.create(BackendConfig.DEFAULT);
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
  void everyFamilyIsServedByItsOwnCall() {
    for (Op op : Op.values()) {
      Route route = fs.route(op);
      assertFalse(route.isFallback(), op + " falls back");
      assertTrue(route.via().startsWith("fsb_"), route.toString());
    }
    assertEquals(Route.own("fsb_read_file"), fs.route(Op.READ_FILE));
    assertEquals(Route.own("fsb_stat"), fs.route(Op.LSTAT));
    assertEquals(Route.own("fsb_mkdtemp"), fs.route(Op.MKDTEMP));
  }

  @Test
  void capabilitiesAreThoseOfTheDefaultFilesystemOnly() {
    assertEquals(
        EnumSet.of(
            Capability.POSIX_PERMISSIONS,
            Capability.OWNERSHIP,
            Capability.HARD_LINKS,
            Capability.SYMBOLIC_LINKS,
            Capability.TREE_CONCURRENCY,
            Capability.GLOB_BRACKETS,
            Capability.GLOB_DANGLING_LINKS),
        fs.capabilities());
    assertEquals(id, fs.id());
  }

  @Test
  void anotherFilesystemIsUnsupported() throws IOException {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      BackendConfig onJimfs = BackendConfig.builder().fileSystem(jimfs).build();
      assertThrows(UnsupportedOperationException.class, () -> provider.create(onJimfs));
      Path foreign = jimfs.getPath("/f");
      assertThrows(ProviderMismatchException.class, () -> fs.stat(foreign));
      assertThrows(ProviderMismatchException.class, () -> fs.rename(dir.resolve("a"), foreign));
    }
  }

  // ---------------------------------------------------------------- content

  /** Sizes on both sides of 64 KiB, and past what a thread keeps. */
  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(
      ints = {0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 17, Scratch.RETAINED_LIMIT + 99})
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

  /** A read after one that grew the thread's memory is still cut at its own length. */
  @Test
  void readFileGrowsPastTheInitialBufferAndKeepsWorkingAfter() throws IOException {
    byte[] big = random(5 * BLOCK + 17, 1);
    Path bigFile = Files.write(dir.resolve("big"), big);
    Path small = Files.writeString(dir.resolve("small"), "small");
    assertArrayEquals(big, fs.readFile(bigFile));
    assertArrayEquals("small".getBytes(StandardCharsets.US_ASCII), fs.readFile(small));
    assertArrayEquals(big, fs.readFile(bigFile));
  }

  @Test
  void contentPastTheRetainedLimitTravelsInABorrowedBuffer() throws IOException {
    byte[] huge = random(Scratch.RETAINED_LIMIT + 4099, 2);
    Path file = dir.resolve("huge");
    fs.writeFile(file, huge);
    assertArrayEquals(huge, Files.readAllBytes(file));
    assertArrayEquals(huge, fs.readFile(file));
    fs.appendFile(file, huge);
    assertEquals(2L * huge.length, Files.size(file));
  }

  @Test
  void fileOfUnknownSizeIsReadToItsEnd() throws IOException {
    // procfs reports size 0: the library reads to EOF through whatever buffer it is given.
    Path status = Path.of("/proc/self/status");
    String read = new String(fs.readFile(status), StandardCharsets.UTF_8);
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
    assertThrows(NoSuchFileException.class, () -> fs.writeFile(below, new byte[BLOCK + 1]));
  }

  @Test
  void threadsEachReadThroughTheirOwnBuffer() throws Exception {
    int files = 8;
    List<byte[]> contents = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      // Half of them fit the first block, half do not.
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
    Path file = Files.write(dir.resolve("f"), random(5000, 3));
    Path link = Files.createSymbolicLink(dir.resolve("link"), Path.of("f"));
    Map<String, Object> nio = Files.readAttributes(file, "unix:*");
    FileStat stat = fs.stat(link);
    assertEquals(FileKind.FILE, stat.kind());
    assertEquals(5000, stat.size());
    assertEquals(nio.get("mode"), stat.mode());
    assertEquals(nio.get("uid"), stat.uid());
    assertEquals(nio.get("gid"), stat.gid());
    assertEquals(((Number) nio.get("nlink")).longValue(), stat.nlink());
    assertEquals(nio.get("ino"), stat.ino());
    assertEquals(nio.get("dev"), stat.dev());
    assertEquals(Files.getLastModifiedTime(file).to(TimeUnit.NANOSECONDS), stat.mtimeNanos());

    FileStat linkStat = fs.lstat(link);
    assertEquals(FileKind.SYMLINK, linkStat.kind());
    assertEquals(
        Files.readAttributes(link, "unix:ino", LinkOption.NOFOLLOW_LINKS).get("ino"),
        linkStat.ino());
  }

  @Test
  void emptyPathIsTheWorkingDirectory() throws IOException {
    Path empty = Path.of("");
    assertEquals(Files.readAttributes(empty, "unix:ino").get("ino"), fs.stat(empty).ino());
    assertTrue(fs.exists(empty));
    assertEquals(empty.toRealPath(), fs.realpath(empty));
  }

  // ---------------------------------------------------------------- errors the binding replays

  @Test
  void copyToAnExistingTargetNamesTheTarget() throws IOException {
    Path source = Files.writeString(dir.resolve("source"), "s");
    Path target = Files.writeString(dir.resolve("target"), "t");
    FileAlreadyExistsException e =
        assertThrows(
            FileAlreadyExistsException.class,
            () -> fs.copyFile(source, target, CopyFileOptions.DEFAULT));
    assertEquals(target.toString(), e.getFile());
    NoSuchFileException missing =
        assertThrows(
            NoSuchFileException.class,
            () -> fs.copyFile(dir.resolve("none"), dir.resolve("t2"), CopyFileOptions.DEFAULT));
    assertEquals(dir.resolve("none").toString(), missing.getFile());
  }

  @Test
  void copyIntoItselfNamesBothPaths() throws IOException {
    Path tree = Files.createDirectories(dir.resolve("tree/sub"));
    FileSystemException e =
        assertThrows(
            FileSystemException.class,
            () -> fs.cp(tree.getParent(), tree.resolve("copy"), CpOptions.DEFAULT));
    assertEquals(tree.getParent().toString(), e.getFile());
    assertEquals(tree.resolve("copy").toString(), e.getOtherFile());
    assertFalse(Files.exists(tree.resolve("copy")), "nothing may be written before the refusal");
  }

  /** Same exception class, path and reason as NIO's. */
  private void assertSameFailure(IOException nio, IOException ours) {
    assertEquals(
        nio.getClass(), ours.getClass(), () -> "NIO threw " + nio + ", " + fs.id() + " " + ours);
    FileSystemException n = (FileSystemException) nio;
    FileSystemException o = (FileSystemException) ours;
    assertEquals(n.getFile(), o.getFile());
    assertEquals(n.getOtherFile(), o.getOtherFile());
    assertEquals(n.getReason(), o.getReason());
  }

  private static IOException thrown(Executable call) {
    return assertThrows(IOException.class, call);
  }

  @Test
  void recursiveMkdirBelowAFileNamesWhatCreateDirectoriesNames() throws IOException {
    // The library says only ENOTDIR; NIO names the ancestor it stumbled on, as an absolute path.
    Files.writeString(dir.resolve("file"), "f");
    for (String below : List.of("file/x", "file/x/y", "file/x/y/z")) {
      Path target = dir.resolve(below);
      assertSameFailure(
          thrown(() -> Files.createDirectories(target)),
          thrown(() -> fs.mkdir(target, MkdirOptions.RECURSIVE)));
    }
    Path file = dir.resolve("file");
    assertSameFailure(
        thrown(() -> Files.createDirectories(file)),
        thrown(() -> fs.mkdir(file, MkdirOptions.RECURSIVE)));
  }

  @Test
  void copyWhoseParentsCannotBeMadeNamesWhatCreateDirectoriesNames() throws IOException {
    Path source = Files.writeString(dir.resolve("source"), "s");
    Files.writeString(dir.resolve("file"), "f");
    for (String below : List.of("file/x", "file/a/b")) {
      Path target = dir.resolve(below);
      assertSameFailure(
          thrown(() -> Files.createDirectories(target.getParent())),
          thrown(() -> fs.cp(source, target, CpOptions.DEFAULT)));
    }
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

  @Test
  void globPatternsTheLibraryRefusesAreIllegalArguments() {
    IllegalArgumentException absolute =
        assertThrows(
            IllegalArgumentException.class,
            () -> fs.glob(dir, List.of("/etc/*"), GlobOptions.DEFAULT));
    assertTrue(absolute.getMessage().contains("/etc/*"), absolute.getMessage());
    IllegalArgumentException nul =
        assertThrows(
            IllegalArgumentException.class,
            () -> fs.glob(dir, List.of("a\0b"), GlobOptions.DEFAULT));
    assertTrue(nul.getMessage().contains("NUL"), nul.getMessage());
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
   * A recorded path longer than FFM's first names block (4 KiB): a link at the bottom of a chain of
   * 2,500 directories back to its top, met by a scan that follows links.
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

  // ---------------------------------------------------------------- tree results

  @Test
  void largeListingComesBackWhole() throws IOException {
    Set<String> expected = new HashSet<>();
    for (int i = 0; i < 1500; i++) {
      String name = (i % 3 == 0 ? "文件-" : "file-") + i;
      Files.createFile(dir.resolve(name));
      expected.add(name);
    }
    for (int round = 0; round < 3; round++) {
      List<String> listed = fs.readdir(dir, ReaddirOptions.DEFAULT);
      assertEquals(expected.size(), listed.size(), "duplicates or losses");
      assertEquals(expected, new HashSet<>(listed));
    }
  }

  @Test
  void scanAgreesWithAWalk() throws IOException {
    Files.createDirectories(dir.resolve("a/b"));
    Files.write(dir.resolve("a/b/f.js"), random(4096, 4));
    Files.createSymbolicLink(dir.resolve("a/link"), Path.of("b"));
    List<ScanEntry> entries = fs.scan(dir, ScanOptions.DEFAULT.withConcurrency(2));
    List<String> walked;
    try (Stream<Path> walk = Files.walk(dir)) {
      walked =
          walk.filter(p -> !p.equals(dir))
              .map(p -> dir.relativize(p).toString())
              .sorted(ScanEntry::compareCodePoints)
              .collect(Collectors.toList());
    }
    assertEquals(walked, entries.stream().map(ScanEntry::path).collect(Collectors.toList()));
    ScanEntry file =
        entries.stream().filter(e -> e.path().equals("a/b/f.js")).findFirst().orElseThrow();
    assertEquals("f.js", file.name());
    assertEquals(4096, file.size());
    assertEquals(3, file.depth());
    assertEquals(Files.getAttribute(dir.resolve("a/b/f.js"), "unix:mode"), file.mode());
    assertEquals(
        FileKind.SYMLINK,
        entries.stream().filter(e -> e.path().equals("a/link")).findFirst().orElseThrow().kind());
  }

  /**
   * A name whose bytes are not UTF-8 cannot be made through NIO when the platform encoding is
   * UTF-8, so libc's mkdir makes it. Listing shows it with U+FFFD; addressing it by that decoded
   * name is a clean NoSuchFileException, and a recursive rm of its parent, which works on bytes
   * inside the library, removes it.
   */
  @Test
  void nameWithOddBytesIsListedAndRemovedWithoutCrashing() throws IOException {
    Path parent = Files.createDirectory(dir.resolve("odd"));
    byte[] parentBytes = (parent + "/").getBytes(StandardCharsets.UTF_8);
    byte[] name = {'b', 'a', 'd', (byte) 0xFF, '-', (byte) 0xC3, 0};
    byte[] path = new byte[parentBytes.length + name.length];
    System.arraycopy(parentBytes, 0, path, 0, parentBytes.length);
    System.arraycopy(name, 0, path, parentBytes.length, name.length);
    int made = Function.getFunction("c", "mkdir").invokeInt(new Object[] {path, 0755});
    assertEquals(0, made, "libc mkdir of the odd name");

    List<String> listed = fs.readdir(parent, ReaddirOptions.DEFAULT);
    assertEquals(List.of("bad\ufffd-\ufffd"), listed);
    assertEquals(1, fs.scan(parent, ScanOptions.DEFAULT).size());
    assertThrows(NoSuchFileException.class, () -> fs.stat(parent.resolve(listed.get(0))));
    fs.rm(parent, RmOptions.RECURSIVE_FORCE);
    assertFalse(Files.exists(parent));
  }
}
