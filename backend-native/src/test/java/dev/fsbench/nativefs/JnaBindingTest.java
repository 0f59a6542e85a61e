package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Function;
import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JNA boundary itself: paths handed over as NUL-terminated {@code byte[]}, out-parameters read
 * back from the thread's native frame, names copied out of the content block, and what a wrong
 * argument gets. The families' semantics are the contract kit's concern.
 */
@Tag("native-library")
class JnaBindingTest {

  @TempDir Path dir;

  private FsBackend fs;

  @BeforeAll
  static void load() {
    Availability availability = Library.get().availability();
    assertTrue(
        availability.isAvailable(),
        () -> "the library must load for these tests: " + availability.reason());
  }

  @BeforeEach
  void open() {
    fs = new NativeBackendProvider().create(BackendConfig.DEFAULT);
  }

  @AfterEach
  void close() throws IOException {
    fs.close();
  }

  @Test
  void abiVersionThroughDirectMappingIsTheBindings() {
    assertEquals(Binding.ABI_VERSION, JnaBinding.fsb_abi_version());
  }

  @Test
  void nonAsciiPathsOfEveryWidthReachTheKernelAsUtf8() throws IOException {
    // 1, 2, 3 and 4 bytes a character; NIO, which encodes paths with UTF-8 here, is the oracle.
    Path file = dir.resolve("a\u00e9\u6587\ud83d\ude42z");
    Files.write(file, new byte[] {1, 2, 3});
    Path link = dir.resolve("l\u00fc\u6587\ud83d\ude42");
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

  @Test
  void twoLongPathsOfOneCallTravelWhole() throws IOException {
    // Two paths of ~1,300 characters, some of three bytes each, in components the kernel accepts (<
    // 256 bytes) and
    // within PATH_MAX (4096 bytes): each reaches the library as its own array.
    Path deep = dir;
    while (deep.toString().length() <= 1200) {
      deep = deep.resolve("d".repeat(60) + "\u6587".repeat(20));
    }
    Files.createDirectories(deep);
    Path file = Files.write(deep.resolve("f\ud83d\ude42"), new byte[] {9});
    Path other = deep.resolve("g\ud83d\ude42");
    assertTrue(other.toString().getBytes(StandardCharsets.UTF_8).length < 4096, "within PATH_MAX");
    fs.link(file, other);
    FileStat stat = fs.stat(other);
    assertEquals(Files.getAttribute(file, "unix:ino"), stat.ino());
    assertEquals(2, stat.nlink());
    assertEquals(other, fs.realpath(other));
  }

  @Test
  void emptyPathIsTheWorkingDirectoryAndEmptyLinkTargetIsKept() {
    assertEquals(0, JnaBinding.fsb_access(PathBytes.argument(Path.of("")), Abi.F_OK));
    // symlink(2) refuses the empty target with ENOENT: the binding passed it on verbatim, not as
    // ".".
    byte[] empty = PathBytes.verbatim(Path.of("").toString());
    int result = JnaBinding.fsb_symlink(empty, PathBytes.argument(dir.resolve("empty")));
    assertEquals(LinuxErrno.ENOENT, result & ~Abi.FSB_SECOND);
  }

  @Test
  void nullPathIsEinval() {
    assertEquals(LinuxErrno.EINVAL, JnaBinding.fsb_access(null, Abi.F_OK));
    assertEquals(0, JnaBinding.fsb_exists(null));
    assertEquals(LinuxErrno.EINVAL, JnaBinding.fsb_rename(PathBytes.argument(dir), null));
  }

  @Test
  void statFieldsComeBackInOneCopyFromTheFrame() throws IOException {
    Path file = Files.write(dir.resolve("f"), new byte[] {1, 2, 3, 4, 5});
    JnaScratch scratch = JnaScratch.LOCAL.get();
    assertEquals(
        0, scratch.statRead(JnaBinding.fsb_stat(PathBytes.argument(file), 1, scratch.statOut())));
    long[] fields = scratch.stat;
    assertEquals(5, fields[Abi.STAT_SIZE]);
    assertEquals(
        ((Number) Files.getAttribute(file, "unix:mode")).longValue(), fields[Abi.STAT_MODE]);
    assertEquals(Files.getAttribute(file, "unix:ino"), fields[Abi.STAT_INO]);
    assertEquals(1, fields[Abi.STAT_NLINK]);
  }

  @Test
  void realpathOfACanonicalPathIsTheCallersPath() throws IOException {
    Path canonical = Files.createFile(dir.toRealPath().resolve("f\u00fc"));
    Path link = Files.createSymbolicLink(canonical.resolveSibling("link"), canonical.getFileName());
    Path dotted = canonical.getParent().resolve(".").resolve(canonical.getFileName());
    // The shortcut: the library's bytes are the argument's, so the argument is returned as it is.
    assertSame(canonical, fs.realpath(canonical));
    // Any other result is parsed into a new path.
    Path throughLink = fs.realpath(link);
    assertEquals(canonical, throughLink);
    assertNotSame(canonical, throughLink);
    assertEquals(canonical, fs.realpath(dotted));
    assertEquals(Path.of("").toRealPath(), fs.realpath(Path.of("")));
    // A prefix of the argument is not the argument.
    Path file = Files.createFile(dir.toRealPath().resolve("ab"));
    Files.createSymbolicLink(dir.toRealPath().resolve("abc"), file.getFileName());
    assertEquals(file, fs.realpath(dir.toRealPath().resolve("abc")));
  }

  @Test
  void linkTargetThatIsNotUtf8ComesBackAsItsBytesAndReadsAsNioPrintsIt() throws IOException {
    // A lone continuation byte and an encoded surrogate: both malformed for Java's decoder, and
    // nothing to the kernel.
    byte[] odd = {'a', (byte) 0x80, (byte) 0xED, (byte) 0xA0, (byte) 0x80, 'z', 0};
    byte[] link = (dir + "/odd\0").getBytes(StandardCharsets.UTF_8);
    assertEquals(
        0,
        Function.getFunction("c", "symlink").invokeInt(new Object[] {odd, link}),
        "libc symlink");
    Path oddLink = dir.resolve("odd");

    JnaScratch scratch = JnaScratch.LOCAL.get();
    NativeBuffer content = scratch.contentBlock();
    int result =
        scratch.lengthRead(
            JnaBinding.fsb_readlink(
                PathBytes.argument(oddLink),
                content.address(),
                content.capacity(),
                scratch.lengthOut()));
    assertEquals(0, result);
    byte[] target = new byte[(int) scratch.length[0]];
    content.read(0, target, target.length);
    assertArrayEquals(Arrays.copyOf(odd, odd.length - 1), target);

    assertEquals(Files.readSymbolicLink(oddLink).toString(), fs.readlink(oddLink).toString());
  }

  @Test
  void longestLinkTargetComesBackWhole() throws IOException {
    // symlink(2) stores up to PATH_MAX - 1 bytes; readlink returns them through the content block
    // in one piece.
    String target = ("t".repeat(200) + "/").repeat(19) + "\u6587".repeat(30);
    assertTrue(target.getBytes(StandardCharsets.UTF_8).length > 3900, "close to PATH_MAX");
    Path link = Files.createSymbolicLink(dir.resolve("long"), Path.of(target));
    assertEquals(target, fs.readlink(link).toString());
  }

  /**
   * A name whose bytes are not UTF-8, which a path NIO listed holds as bytes, reaches the library
   * as those bytes ({@link PathBytes#bytesOf}), not as the UTF-8 of its U+FFFD form, which names
   * nothing here (or another file).
   */
  @Test
  void nameThatIsNotUtf8IsReachedByItsBytes() throws IOException {
    byte[] parent = (dir + "/").getBytes(StandardCharsets.UTF_8);
    byte[] name = {'b', 'a', 'd', (byte) 0xFF, 0};
    byte[] path = Arrays.copyOf(parent, parent.length + name.length);
    System.arraycopy(name, 0, path, parent.length, name.length);
    assertEquals(
        0, Function.getFunction("c", "mkdir").invokeInt(new Object[] {path, 0755}), "libc mkdir");
    Path listed;
    try (Stream<Path> list = Files.list(dir)) {
      listed = list.findFirst().orElseThrow();
    }
    assertTrue(Files.isDirectory(listed, LinkOption.NOFOLLOW_LINKS), "NIO reaches it by its bytes");
    assertEquals(
        dev.fsbench.spi.FileKind.DIRECTORY,
        fs.stat(listed).kind(),
        "native reaches it by its bytes too");
    assertEquals(
        ((Number) Files.getAttribute(listed, "unix:ino")).longValue(), fs.stat(listed).ino());
    fs.rm(dir, dev.fsbench.spi.RmOptions.RECURSIVE_FORCE);
    assertFalse(Files.exists(dir, LinkOption.NOFOLLOW_LINKS));
  }
}
