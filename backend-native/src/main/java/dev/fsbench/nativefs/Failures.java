package dev.fsbench.nativefs;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The failures of the library's calls that need more than {@link NativeErrors}' errno table: a tree
 * call names the path the library recorded, cp and a recursive mkdir replay what NIO's own
 * algorithm would have named, and the content calls refuse sizes no Java array holds. Shared by
 * every binding of the library; the calls they make on the error path go through an {@link
 * ErrorProbe}.
 */
final class Failures {
  private Failures() {}

  /** The largest array the JVM can make, as {@code Files.readAllBytes} knows it. */
  static final long MAX_ARRAY_SIZE = Integer.MAX_VALUE - 8;

  /** The failure of a single-path call, naming {@code path}. */
  static IOException of(Call call, int result, Path path) {
    return NativeErrors.of(call, result, path.toString(), null);
  }

  /**
   * The failure of {@code fsb_mkdir}: for a recursive one that met a non-directory (ENOTDIR, which
   * the library reports for the whole call), the path {@code Files.createDirectories} would name.
   */
  static IOException mkdir(int result, Path path, boolean recursive, ErrorProbe probe) {
    if (recursive && result == LinuxErrno.ENOTDIR) {
      IOException asNio = MkdirsFailure.of(path, probe);
      if (asNio != null) {
        return asNio;
      }
    }
    return of(Call.MKDIR, result, path);
  }

  /**
   * The failure of a tree call, naming the path the library recorded, or {@code fallback} if it
   * recorded none; a recorded path in NIO's spelling on {@code fs} (no doubled or trailing slash).
   */
  static IOException tree(Call call, int result, Path fallback, ErrorProbe probe, FileSystem fs) {
    String recorded = result > 0 ? probe.lastErrorPath() : "";
    return NativeErrors.of(
        call, result, recorded.isEmpty() ? fallback.toString() : normalized(recorded, fs), null);
  }

  /**
   * The failure of a non-zero {@code fsb_glob} result. A pattern the library refused ({@code
   * FSB_E_INVAL_PATTERN}) is the caller's error, so it is thrown here as an {@link
   * IllegalArgumentException} naming the pattern.
   */
  static IOException glob(int result, Path cwd, ErrorProbe probe, FileSystem fs) {
    if (result == LibFsb.FSB_E_INVAL_PATTERN) {
      throw new IllegalArgumentException(
          "malformed or absolute glob pattern: '" + probe.lastErrorPath() + "'");
    }
    return tree(Call.GLOB, result, cwd, probe, fs);
  }

  /** The failure of a non-zero {@code fsb_cp} result, as NIO's tree copy reports it. */
  static IOException cp(int result, Path source, Path target, ErrorProbe probe, FileSystem fs) {
    if (result > 0 && NativeErrors.errno(result) == LinuxErrno.EINVAL) {
      // The ABI's one EINVAL of cp: a directory copied into itself, refused before anything was
      // written.
      return FsErrors.intoItself(source, target);
    }
    IOException failure =
        tree(Call.CP, result, NativeErrors.concernsSecond(result) ? target : source, probe, fs);
    if (result > 0
        && NativeErrors.errno(result) == LinuxErrno.ENOTDIR
        && failure instanceof FileSystemException) {
      // The library says ENOTDIR when a non-directory stands where a directory is to be created;
      // NIO's tree copy says FileAlreadyExistsException for it (createDirectory finds the name
      // taken). A missing path below a file is ENOTDIR for both; only an existing non-directory
      // at the named path tells the two apart.
      String named = ((FileSystemException) failure).getFile();
      int mode = probe.lstatMode(PathBytes.verbatim(named));
      if (mode != -1 && FileKind.ofMode(mode) != FileKind.DIRECTORY) {
        return new FileAlreadyExistsException(named);
      }
      // The target itself, missing: creating its parents failed, which NIO does with
      // Files.createDirectories.
      Path parent = target.getParent();
      if (parent != null && named.equals(target.toString())) {
        IOException asNio = MkdirsFailure.of(parent, probe);
        if (asNio != null) {
          return asNio;
        }
      }
    }
    return failure;
  }

  /**
   * A file past what one array holds, or one that never ends ({@code /dev/zero}: its size is 0, so
   * the library asks for twice the buffer each round, and the round after 1 GiB asks for 2 GiB):
   * refused naming the path, as the nio backend refuses it. A size-0 source that does end between 1
   * and 2 GiB is refused too.
   */
  static FileSystemException tooLargeForAnArray(Path path) {
    return new FileSystemException(
        path.toString(),
        null,
        "content larger than "
            + MAX_ARRAY_SIZE
            + " bytes, the largest array the JVM makes: it cannot be read into one");
  }

  /**
   * The library answered {@code FSB_E_RANGE} asking for {@code needed} bytes, which the binding
   * cannot give it (no more than it gave, or more than it lends).
   */
  static IOException sizeRefused(Call call, long needed, long capacity, Path path) {
    return new IOException(
        call.symbol()
            + " asked for "
            + needed
            + " bytes with a buffer of "
            + capacity
            + " ("
            + path
            + ")");
  }

  /**
   * Checks the address and length a tree call returned before anything reads them: a length no
   * buffer can view, or memory at address 0, is an {@link IOException} naming the call.
   */
  static void checkResult(long address, long length, Call call) throws IOException {
    if (length != 0 && (address == 0 || length < 0 || length > Integer.MAX_VALUE)) {
      throw new IOException(
          call.symbol() + " returned a result of " + length + " bytes at address " + address);
    }
  }

  /**
   * The recorded path in NIO's spelling (no doubled or trailing slash), as a path resolved by NIO
   * would print.
   */
  private static String normalized(String recorded, FileSystem fs) {
    try {
      return fs.getPath(recorded).toString();
    } catch (InvalidPathException e) {
      return recorded;
    }
  }
}
