package dev.fsbench.nativefs;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReadLimit;
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

  /** The failure of a single-path call, naming {@code path}. */
  static IOException of(Op call, int result, Path path) {
    return NativeErrors.of(call, result, path.toString(), null);
  }

  /**
   * The failure of {@code fsb_copy_file}, naming the path that failed ({@code FSB_SECOND} says
   * which). NIO's copyFile reads the source's attributes first and refuses a directory as "Is a
   * directory"; the library opens the source first, so a directory it may not read fails there
   * (EACCES). On a failure of the source side, then, its kind is asked (links followed), and a
   * directory is reported as NIO reports it; a successful copy never pays for the question.
   */
  static IOException copyFile(int result, Path source, Path target, ErrorProbe probe) {
    if (NativeErrors.concernsSecond(result)) {
      return of(Op.COPY_FILE, result, target);
    }
    if (result > 0 && NativeErrors.errno(result) != LinuxErrno.EISDIR) {
      int mode = probe.statMode(PathBytes.argument(source));
      if (mode != -1 && FileKind.ofMode(mode) == FileKind.DIRECTORY) {
        return FsErrors.isADirectory(source);
      }
    }
    return of(Op.COPY_FILE, result, source);
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
    return of(Op.MKDIR, result, path);
  }

  /**
   * The failure of a tree call, naming the path the library recorded, or {@code fallback} if it
   * recorded none; a recorded path in NIO's spelling on {@code fs} (no doubled or trailing slash).
   */
  static IOException tree(Op call, int result, Path fallback, ErrorProbe probe, FileSystem fs) {
    String recorded = result > 0 ? probe.lastErrorPath() : "";
    String file = recorded.isEmpty() ? fallback.toString() : normalized(recorded, fs);
    if (call == Op.SCAN
        && NativeErrors.errno(result) == LinuxErrno.ELOOP
        && file.equals(fallback.toString())) {
      // Not the library's cycle check, which names the link below the root that leads back: the
      // system's ELOOP on the way to the root itself (a loop of links), which NIO's stat of the
      // root reports as a FileSystemException, not as its walkers' FileSystemLoopException.
      return NativeErrors.translate(LinuxErrno.ELOOP, file, null);
    }
    return NativeErrors.of(call, result, file, null);
  }

  /**
   * The failure of a non-zero {@code fsb_glob} result. A pattern the library refused ({@code
   * FSB_E_INVAL_PATTERN}) is the caller's error, so it is thrown here as an {@link
   * IllegalArgumentException} naming the pattern.
   */
  static IOException glob(int result, Path cwd, ErrorProbe probe, FileSystem fs) {
    if (result == Abi.FSB_E_INVAL_PATTERN) {
      throw new IllegalArgumentException(
          "malformed or absolute glob pattern: '" + probe.lastErrorPath() + "'");
    }
    return tree(Op.GLOB, result, cwd, probe, fs);
  }

  /** The failure of a non-zero {@code fsb_cp} result, as NIO's tree copy reports it. */
  static IOException cp(int result, Path source, Path target, ErrorProbe probe, FileSystem fs) {
    if (result > 0 && NativeErrors.errno(result) == LinuxErrno.EINVAL) {
      // The ABI's one EINVAL of cp: a directory copied into itself, refused before anything was
      // written.
      return FsErrors.intoItself(source, target);
    }
    IOException failure =
        tree(Op.CP, result, NativeErrors.concernsSecond(result) ? target : source, probe, fs);
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
   * The buffer readFile gives the library next, after it answered {@code FSB_E_RANGE} asking for
   * {@code needed} bytes with a buffer of {@code capacity}: what it asked for, never more than
   * {@link ReadLimit#bytes()}, the SPI's rule for every backend. The library asks for a file's size
   * when fstat knows it, and for twice the buffer ({@code max(2 * cap, 4096)}, rust/ABI.md) when it
   * does not and the buffer filled: a size past the limit is refused at once; a doubling past it
   * gets one last round with a buffer of the limit, and a source that fills that too ({@code
   * /dev/zero}) is refused. Each round of the library reads from the start again, so an endless
   * source costs about twice the limit read, and the limit in native memory borrowed for the call.
   * (A known size that happens to be twice the buffer takes that last round too, in which the
   * library refuses it before reading a byte.)
   */
  static long nextReadCapacity(long needed, long capacity, Path path) throws IOException {
    if (needed <= capacity) {
      throw sizeRefused(Op.READ_FILE, needed, capacity, path);
    }
    long limit = ReadLimit.bytes();
    if (needed <= limit) {
      return needed;
    }
    boolean doubling = needed == Math.max(2 * capacity, 4096);
    if (!doubling || capacity >= limit) {
      throw ReadLimit.exceeded(path);
    }
    return limit;
  }

  /**
   * The length of a read the library completed, as an array's: refused past {@link
   * ReadLimit#bytes()}, which a buffer grown past the limit (a thread's block doubles) could let a
   * source of unknown size fill.
   */
  static int readLength(long length, long capacity, Path path) throws IOException {
    if (length > ReadLimit.bytes()) {
      throw ReadLimit.exceeded(path);
    }
    return (int) Math.min(length, capacity);
  }

  /**
   * The library answered {@code FSB_E_RANGE} asking for {@code needed} bytes, which the binding
   * cannot give it (no more than it gave, or more than it lends).
   */
  static IOException sizeRefused(Op call, long needed, long capacity, Path path) {
    return new IOException(
        Abi.symbol(call)
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
  static void checkResult(long address, long length, Op call) throws IOException {
    if (length != 0 && (address == 0 || length < 0 || length > Integer.MAX_VALUE)) {
      throw new IOException(
          Abi.symbol(call) + " returned a result of " + length + " bytes at address " + address);
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
