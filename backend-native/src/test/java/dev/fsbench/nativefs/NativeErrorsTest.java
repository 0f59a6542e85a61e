package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Function;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The errno table against the oracle: each case makes {@code java.nio.file.Files} fail for real on
 * a fixture, then checks that the translation of the errno the library would return is the same
 * exception naming the same paths.
 */
class NativeErrorsTest {

  @TempDir Path dir;

  private Path file;
  private Path missing;
  private Path nonEmptyDir;

  @BeforeEach
  void fixtures() throws IOException {
    file = Files.writeString(dir.resolve("file"), "x");
    missing = dir.resolve("missing");
    nonEmptyDir = Files.createDirectory(dir.resolve("non-empty"));
    Files.writeString(nonEmptyDir.resolve("inner"), "y");
  }

  @FunctionalInterface
  interface NioCall {
    void run() throws IOException;
  }

  private static IOException thrownBy(NioCall call) {
    try {
      call.run();
    } catch (IOException e) {
      return e;
    }
    throw new AssertionError("the NIO call of the fixture did not fail");
  }

  /**
   * Same class, same paths, same reason (or message, for an exception that is not a
   * FileSystemException).
   */
  private static void assertSameFailure(IOException expected, IOException actual) {
    assertSame(
        expected.getClass(),
        actual.getClass(),
        () -> "expected " + expected + " but was " + actual);
    if (expected instanceof FileSystemException) {
      FileSystemException e = (FileSystemException) expected;
      FileSystemException a = (FileSystemException) actual;
      assertEquals(e.getFile(), a.getFile(), "file");
      assertEquals(e.getOtherFile(), a.getOtherFile(), "other file");
      assertEquals(e.getReason(), a.getReason(), "reason");
    }
    assertEquals(expected.getMessage(), actual.getMessage(), "message");
  }

  private static String s(Path path) {
    return path.toString();
  }

  @Test
  void enoentIsNoSuchFile() {
    assertSameFailure(
        thrownBy(() -> Files.readAllBytes(missing)),
        NativeErrors.of(Op.READ_FILE, LinuxErrno.ENOENT, s(missing), null));
  }

  @Test
  void eexistIsFileAlreadyExists() {
    assertSameFailure(
        thrownBy(() -> Files.createDirectory(file)),
        NativeErrors.of(Op.MKDIR, LinuxErrno.EEXIST, s(file), null));
  }

  @Test
  void enotemptyFromRmdirIsDirectoryNotEmpty() {
    IOException nio = thrownBy(() -> Files.delete(nonEmptyDir));
    assertSameFailure(nio, NativeErrors.of(Op.RMDIR, LinuxErrno.ENOTEMPTY, s(nonEmptyDir), null));
    // POSIX lets rmdir say EEXIST for the same condition.
    assertSameFailure(nio, NativeErrors.of(Op.RMDIR, LinuxErrno.EEXIST, s(nonEmptyDir), null));
    assertSameFailure(nio, NativeErrors.of(Op.RM, LinuxErrno.ENOTEMPTY, s(nonEmptyDir), null));
  }

  @Test
  void eloopCarriesNiosSentence() throws IOException {
    Path loop = Files.createSymbolicLink(dir.resolve("loop"), Path.of("loop"));
    assertSameFailure(
        thrownBy(() -> Files.readAllBytes(loop)),
        NativeErrors.of(Op.READ_FILE, LinuxErrno.ELOOP, s(loop), null));
    assertSameFailure(
        thrownBy(() -> Files.readAttributes(loop, "unix:*")),
        NativeErrors.of(Op.STAT, LinuxErrno.ELOOP, s(loop), null));
  }

  @Test
  void cycleMetByAScanFollowingLinksIsAFileSystemLoop() throws IOException {
    Path a = Files.createDirectory(dir.resolve("a"));
    Path back = Files.createSymbolicLink(a.resolve("back"), Path.of(".."));
    IOException nio;
    try (java.util.stream.Stream<Path> walk =
        Files.walk(dir, java.nio.file.FileVisitOption.FOLLOW_LINKS)) {
      nio = thrownBy(() -> walk.forEach(p -> {}));
    } catch (java.io.UncheckedIOException e) {
      nio = e.getCause();
    }
    assertSameFailure(nio, NativeErrors.of(Op.SCAN, LinuxErrno.ELOOP, s(back), null));
  }

  @Test
  void enotdirWhileListingIsNotDirectoryException() {
    IOException nio = thrownBy(() -> Files.newDirectoryStream(file).close());
    for (Op listing : new Op[] {Op.READDIR, Op.GLOB, Op.SCAN}) {
      assertSameFailure(nio, NativeErrors.of(listing, LinuxErrno.ENOTDIR, s(file), null));
    }
  }

  @Test
  void enotdirElsewhereIsNotADirectoryReason() {
    Path below = file.resolve("x");
    IOException nio = thrownBy(() -> Files.readAllBytes(below));
    assertSameFailure(nio, NativeErrors.of(Op.READ_FILE, LinuxErrno.ENOTDIR, s(below), null));
    assertSameFailure(
        FsErrors.notADirectory(below),
        NativeErrors.of(Op.RMDIR, LinuxErrno.ENOTDIR, s(below), null));
  }

  @Test
  void eisdirIsTheNamedIsADirectory() {
    // Files.readAllBytes says a bare IOException("Is a directory"); the contract asks for this
    // named form instead.
    IOException nio = thrownBy(() -> Files.readAllBytes(dir));
    assertEquals(FsErrors.IS_A_DIRECTORY, nio.getMessage());
    assertSameFailure(
        FsErrors.isADirectory(dir), NativeErrors.of(Op.READ_FILE, LinuxErrno.EISDIR, s(dir), null));
  }

  @Test
  void einvalFromReadlinkIsNotLink() {
    assertSameFailure(
        thrownBy(() -> Files.readSymbolicLink(file)),
        NativeErrors.of(Op.READLINK, LinuxErrno.EINVAL, s(file), null));
  }

  @Test
  void einvalElsewhereIsInvalidArgument() {
    FileSystemException e =
        (FileSystemException) NativeErrors.of(Op.TRUNCATE, LinuxErrno.EINVAL, s(file), null);
    assertSame(FileSystemException.class, e.getClass());
    assertEquals("Invalid argument", e.getReason());
  }

  @Test
  void nameTooLongHasStrerrorsText() {
    Path longName = dir.resolve("n".repeat(300));
    assertSameFailure(
        thrownBy(() -> Files.readAllBytes(longName)),
        NativeErrors.of(Op.READ_FILE, 36, s(longName), null));
  }

  @Test
  void renameNamesSourceAndTarget() {
    Path target = dir.resolve("target");
    assertSameFailure(
        thrownBy(() -> Files.move(missing, target, StandardCopyOption.ATOMIC_MOVE)),
        NativeErrors.of(Op.RENAME, LinuxErrno.ENOENT, s(missing), s(target)));
  }

  @Test
  void renameOntoNonEmptyDirectoryIsAsAnAtomicMoveSaysIt() throws IOException {
    Path empty = Files.createDirectory(dir.resolve("empty"));
    assertSameFailure(
        thrownBy(() -> Files.move(empty, nonEmptyDir, StandardCopyOption.ATOMIC_MOVE)),
        NativeErrors.of(Op.RENAME, LinuxErrno.ENOTEMPTY, s(empty), s(nonEmptyDir)));
  }

  @Test
  void renameAcrossFilesystemsIsAtomicMoveNotSupported() {
    IOException e = NativeErrors.of(Op.RENAME, LinuxErrno.EXDEV, "a", "b");
    assertSameFailure(
        new AtomicMoveNotSupportedException("a", "b", "Invalid cross-device link"), e);
  }

  @Test
  void hardLinkNamesTheLinkThenTheExistingFile() {
    Path link = dir.resolve("link");
    assertSameFailure(
        thrownBy(() -> Files.createLink(link, missing)),
        NativeErrors.of(Op.LINK, LinuxErrno.ENOENT, s(link), s(missing)));
  }

  @Test
  void eaccesIsAccessDenied() {
    // Not reproducible through Files when the tests run as root; the JDK's translation is this
    // constructor call.
    assertSameFailure(
        new AccessDeniedException(s(file), null, null),
        NativeErrors.of(Op.ACCESS, LinuxErrno.EACCES, s(file), null));
  }

  @Test
  void otherErrnosAreFileSystemExceptionsWithTheirReason() {
    FileSystemException eperm =
        (FileSystemException) NativeErrors.of(Op.CHOWN, LinuxErrno.EPERM, s(file), null);
    assertSame(FileSystemException.class, eperm.getClass());
    assertEquals(s(file), eperm.getFile());
    assertEquals("Operation not permitted", eperm.getReason());
    assertEquals(
        "Read-only file system",
        ((FileSystemException) NativeErrors.of(Op.UNLINK, 30, "f", null)).getReason());
    assertEquals(
        "No space left on device",
        ((FileSystemException) NativeErrors.of(Op.WRITE_FILE, 28, "f", null)).getReason());
    assertEquals(
        "Stale file handle",
        ((FileSystemException) NativeErrors.of(Op.STAT, 116, "f", null)).getReason());
  }

  @Test
  void unknownErrnosSayWhichAsGlibcDoes() {
    assertEquals("Unknown error 41", LinuxErrno.reason(41));
    assertEquals("Unknown error 500", LinuxErrno.reason(500));
    assertEquals("Memory page has hardware error", LinuxErrno.reason(133));
    assertEquals("Unknown error 134", LinuxErrno.reason(134));
  }

  @Test
  void secondPathBitIsStrippedAndReported() {
    int result = LinuxErrno.EEXIST | Abi.FSB_SECOND;
    assertEquals(LinuxErrno.EEXIST, NativeErrors.errno(result));
    assertTrue(NativeErrors.concernsSecond(result));
    assertFalse(NativeErrors.concernsSecond(LinuxErrno.EEXIST));
    assertFalse(NativeErrors.concernsSecond(Abi.FSB_E_PANIC));
    Path target = dir.resolve("t");
    assertSameFailure(
        thrownBy(() -> Files.copy(file, nonEmptyDir.resolve("inner"))),
        NativeErrors.of(Op.COPY_FILE, result, s(nonEmptyDir.resolve("inner")), null));
    assertEquals(
        s(target),
        ((FileSystemException) NativeErrors.of(Op.COPY_FILE, result, s(target), null)).getFile());
  }

  @Test
  void panicNamesTheCall() {
    IOException e = NativeErrors.of(Op.SCAN, Abi.FSB_E_PANIC, s(dir), null);
    assertSame(IOException.class, e.getClass());
    assertTrue(e.getMessage().startsWith("native panic in fsb_scan"), e.getMessage());
    assertTrue(e.getMessage().contains(s(dir)), e.getMessage());
  }

  @Test
  void unexpectedNegativeResultIsAnIoExceptionNamingTheCall() {
    IOException e = NativeErrors.of(Op.STAT, -77, "f", null);
    assertTrue(
        e.getMessage().contains("-77") && e.getMessage().contains("fsb_stat"), e.getMessage());
  }

  @Test
  void reasonTableIsWhatThisSystemsStrerrorSays() {
    // The C library of the machine running the tests is the authority on its own texts (glibc, in
    // English because
    // surefire sets LC_ALL=C.UTF-8).
    Function strerror = Function.getFunction("c", "strerror");
    for (int errno = 1; errno <= 133; errno++) {
      assertEquals(
          strerror.invokeString(new Object[] {errno}, false),
          LinuxErrno.reason(errno),
          "errno " + errno);
    }
  }
}
