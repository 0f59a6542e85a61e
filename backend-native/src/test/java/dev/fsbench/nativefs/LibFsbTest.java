package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import com.sun.jna.Function;
import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JNI boundary itself (rust/src/jni.rs): paths handed over as strings and encoded by the library, out-arrays,
 * {@code byte[]} results, and what a wrong argument gets. The families' semantics are the contract kit's concern.
 */
@Tag("native-library")
class LibFsbTest {

  @TempDir Path dir;

  @BeforeAll
  static void load() {
    Availability availability = Library.get().availability();
    assertTrue(availability.isAvailable(), () -> "the library must load for these tests: " + availability.reason());
  }

  @Test
  void symbolNamesAreJniShortNames() {
    assertEquals("Java_dev_fsbench_nativefs_LibFsb_fsb_1access", Library.jniSymbol(LibFsb.class.getName(), "fsb_access"));
    assertEquals("Java_a_b_C_f", Library.jniSymbol("a.b.C", "f"));
    assertThrows(IllegalArgumentException.class, () -> Library.jniSymbol("a.C", "f$"));
  }

  @Test
  void abiVersionThroughJniIsTheBindings() {
    assertEquals(LibFsb.ABI_VERSION, LibFsb.fsb_abi_version());
  }

  @Test
  void nonAsciiPathsOfEveryWidthReachTheKernelAsUtf8() throws IOException {
    // 1, 2, 3 and 4 bytes a character; NIO, which encodes paths with UTF-8 here, is the oracle.
    Path file = dir.resolve("a\u00e9\u6587\ud83d\ude42z");
    Files.write(file, new byte[] {1, 2, 3});
    Path link = dir.resolve("l\u00fc\u6587\ud83d\ude42");
    try (FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT)) {
      assertTrue(fs.exists(file));
      fs.access(file);
      fs.symlink(file.getFileName(), link);
      assertEquals(file.getFileName(), Files.readSymbolicLink(link));
      assertEquals(file.getFileName(), fs.readlink(link));
      assertEquals(file.toRealPath(), fs.realpath(link));
      assertArrayEquals(new byte[] {1, 2, 3}, fs.readFile(link));
      Path moved = dir.resolve("\u6587\u4ef6-moved");
      fs.rename(file, moved);
      assertTrue(Files.exists(moved, LinkOption.NOFOLLOW_LINKS));
      assertFalse(Files.exists(file, LinkOption.NOFOLLOW_LINKS));
    }
  }

  @Test
  void pathsLongerThanTheStackBufferTakeTheHeap() throws IOException {
    // More UTF-16 units than the library encodes on the stack (768), in components the kernel accepts (< 256 bytes),
    // and fewer bytes than it accepts in a path (PATH_MAX, 4096).
    Path deep = dir;
    while (deep.toString().length() <= 1200) {
      deep = deep.resolve("d".repeat(200));
    }
    Files.createDirectories(deep);
    Path file = deep.resolve("f\ud83d\ude42");
    Files.write(file, new byte[] {9});
    assertTrue(file.toString().getBytes(StandardCharsets.UTF_8).length < 4096, "within PATH_MAX");
    try (FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT)) {
      FileStat stat = fs.stat(file);
      assertEquals(Files.getAttribute(file, "unix:ino"), stat.ino());
      assertEquals(1, stat.size());
      assertEquals(file, fs.realpath(file));
    }
  }

  @Test
  void emptyPathIsTheWorkingDirectoryAndEmptyLinkTargetIsKept() {
    assertEquals(0, LibFsb.fsb_access(Path.of(""), LibFsb.F_OK));
    // symlink(2) refuses the empty target with ENOENT: the library passed it on verbatim, not as ".".
    assertEquals(LinuxErrno.ENOENT, LibFsb.fsb_symlink(Path.of(""), dir.resolve("empty")) & ~LibFsb.FSB_SECOND);
  }

  @Test
  void nullIsEinval() {
    assertEquals(LinuxErrno.EINVAL, LibFsb.fsb_access(null, LibFsb.F_OK));
    assertEquals(0, LibFsb.fsb_exists(null));
    assertEquals(LinuxErrno.EINVAL, LibFsb.fsb_rename(dir, null));
  }

  @Test
  void pathBytesAreReadWhereNioKeepsThemOnThisJdk() {
    // Java 17, which the build targets, keeps them in UnixPath.path: the binding must have found and checked them.
    assertEquals("bytes of sun.nio.fs.UnixPath", Library.get().details().get("library.pathArguments"));
    assertEquals(1, LibFsb.fsb_bind_path_bytes(dir, dir.toString().getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void pathOfAnotherClassGoesThroughItsString() throws IOException {
    Path file = Files.createFile(dir.resolve("f\u00e9"));
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      // Not a UnixPath: the library asks for its toString(), which here names the real file.
      Path foreign = jimfs.getPath(file.toString());
      assertEquals(1, LibFsb.fsb_exists(foreign));
      assertEquals(0, LibFsb.fsb_exists(jimfs.getPath(file + "-missing")));
    }
  }

  @Test
  void nameThatIsNotUtf8IsAddressedByTheBytesNioListed() throws IOException {
    byte[] parent = (dir + "/").getBytes(StandardCharsets.UTF_8);
    byte[] name = {'b', 'a', 'd', (byte) 0xFF, 0};
    byte[] path = Arrays.copyOf(parent, parent.length + name.length);
    System.arraycopy(name, 0, path, parent.length, name.length);
    assertEquals(0, Function.getFunction("c", "mkdir").invokeInt(new Object[] {path, 0755}), "libc mkdir");
    Path listed;
    try (Stream<Path> list = Files.list(dir)) {
      listed = list.findFirst().orElseThrow();
    }
    try (FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT)) {
      // NIO's path holds the raw bytes, and so does what the library reads: the odd name is reachable, as with NIO.
      assertEquals(Files.getAttribute(listed, "unix:ino"), fs.stat(listed).ino());
      fs.rmdir(listed);
      assertFalse(Files.exists(listed, LinkOption.NOFOLLOW_LINKS));
    }
  }

  @Test
  void shortOrMissingOutArrayIsEinvalBeforeAnythingHappens() {
    assertEquals(LinuxErrno.EINVAL, LibFsb.fsb_stat(dir, 1, new long[LibFsb.STAT_FIELDS - 1]));
    assertEquals(LinuxErrno.EINVAL, LibFsb.fsb_stat(dir, 1, null));
    assertEquals(LinuxErrno.EINVAL, LibFsb.fsb_readdir(dir, 0, 1, new long[1]));
    long[] fields = new long[LibFsb.STAT_FIELDS];
    assertEquals(0, LibFsb.fsb_stat(dir, 1, fields));
    assertEquals(0040000, fields[LibFsb.STAT_MODE] & 0170000, "a directory's mode");
  }

  @Test
  void realpathOfACanonicalPathIsTheArgumentItself() throws IOException {
    Path canonical = Files.createFile(dir.toRealPath().resolve("f\u00fc"));
    Path link = Files.createSymbolicLink(canonical.resolveSibling("link"), canonical.getFileName());
    // The library says "the argument itself" with an empty array, and the full path otherwise.
    assertEquals(0, LibFsb.fsb_realpath(canonical).length);
    assertArrayEquals(canonical.toString().getBytes(StandardCharsets.UTF_8), LibFsb.fsb_realpath(link));
    assertArrayEquals(
        canonical.toString().getBytes(StandardCharsets.UTF_8),
        LibFsb.fsb_realpath(canonical.getParent().resolve(".").resolve(canonical.getFileName())));
    try (FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT)) {
      assertEquals(canonical, fs.realpath(canonical));
      assertEquals(canonical, fs.realpath(link));
      assertEquals(Path.of("").toRealPath(), fs.realpath(Path.of("")));
    }
  }

  @Test
  void nameThatIsNotUtf8ComesBackAsItsBytesAndReadsAsNioPrintsIt() throws IOException {
    // A lone continuation byte and an encoded surrogate: both malformed for Java's decoder and for the kernel nothing.
    byte[] odd = {'a', (byte) 0x80, (byte) 0xED, (byte) 0xA0, (byte) 0x80, 'z', 0};
    byte[] link = (dir + "/odd\0").getBytes(StandardCharsets.UTF_8);
    assertEquals(0, Function.getFunction("c", "symlink").invokeInt(new Object[] {odd, link}), "libc symlink");
    Path oddLink = dir.resolve("odd");
    assertArrayEquals(Arrays.copyOf(odd, odd.length - 1), LibFsb.fsb_readlink(oddLink));
    try (FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT)) {
      assertEquals(Files.readSymbolicLink(oddLink).toString(), fs.readlink(oddLink).toString());
    }
  }

  @Test
  void failedNameCallIsNullWithItsCodeKept() throws IOException {
    Path file = Files.createFile(dir.resolve("plain"));
    assertNull(LibFsb.fsb_readlink(file));
    assertEquals(LinuxErrno.EINVAL, LibFsb.fsb_last_result());
    assertNull(LibFsb.fsb_realpath(dir.resolve("missing")));
    assertEquals(LinuxErrno.ENOENT, LibFsb.fsb_last_result());
    assertNull(LibFsb.fsb_mkdtemp(dir.resolve("no/such/dir-")));
    assertEquals(LinuxErrno.ENOENT, LibFsb.fsb_last_result());
    byte[] created = LibFsb.fsb_mkdtemp(dir.resolve("t-"));
    String name = new String(created, StandardCharsets.UTF_8);
    assertTrue(name.startsWith(dir.resolve("t-").toString()) && Files.isDirectory(Path.of(name)), name);
  }
}
