package dev.fsbench.spi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessMode;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A filesystem backend: the operation families of fsbench ({@link Op}), synchronously and
 * asynchronously, in NIO's types.
 *
 * <p>Obtain one through {@link Backends} and close it when done (closing stops its executor):
 *
 * <pre>{@code
 * try (FsBackend fs = Backends.create("nio", BackendConfig.DEFAULT)) {
 *   fs.mkdir(dir.resolve("a/b"), MkdirOptions.RECURSIVE);
 *   fs.writeFile(dir.resolve("a/b/f.txt"), "hello");
 *   List<String> tree = fs.readdir(dir, ReaddirOptions.RECURSIVE); // [a, a/b, a/b/f.txt] in any order
 * }
 * }</pre>
 *
 * <h2>Semantics</h2>
 *
 * Each family behaves as its POSIX namesake (and as Node's {@code fs} call the seed reports
 * measured). Links are followed where the syscall follows them (stat, chmod, chown, utimes,
 * readFile, realpath, access, exists) and never by lstat, readlink, unlink, rm, rename, readdir,
 * glob, cp (links are copied as links) and scan without {@link ScanOptions#followLinks()}. Relative
 * results (readdir, glob, scan) use {@code '/'} between segments, never include the root itself and
 * never contain duplicates; only scan promises an order.
 *
 * <h2>Errors: NIO is the oracle</h2>
 *
 * A backend throws what {@link java.nio.file.Files} throws for the equivalent call on the same
 * platform, naming the path ({@link java.nio.file.FileSystemException#getFile()}) and, for two-path
 * calls, the other path where NIO does:
 *
 * <ul>
 *   <li>missing path or parent: {@link java.nio.file.NoSuchFileException}
 *   <li>already exists: {@link java.nio.file.FileAlreadyExistsException}
 *   <li>directory not empty: {@link java.nio.file.DirectoryNotEmptyException}
 *   <li>permission denied: {@link java.nio.file.AccessDeniedException}
 *   <li>a file where a directory is expected: {@link java.nio.file.NotDirectoryException} (listing)
 *       or a {@link java.nio.file.FileSystemException} with reason {@code "Not a directory"} (as
 *       NIO reports ENOTDIR)
 *   <li>a directory where a file is expected: a {@link java.nio.file.FileSystemException} with
 *       reason {@code "Is a directory"}. Where {@code Files} itself throws a bare {@link
 *       IOException} that names no path (reading a directory), a backend throws this named form
 *       instead.
 *   <li>readlink of a non-link: {@link java.nio.file.NotLinkException}
 *   <li>anything else: a {@link java.nio.file.FileSystemException} with the system's reason
 * </ul>
 *
 * A {@code null} argument is a {@link NullPointerException} before anything is touched. The empty
 * path means what NIO makes of it: the working directory. A family whose {@link Capability} the
 * backend lacks throws {@link UnsupportedOperationException}; it never pretends to succeed.
 *
 * <h2>Async forms</h2>
 *
 * Every family has an {@code ...Async} form returning a {@link CompletableFuture} that completes
 * with the result or, exceptionally, with the very exception the sync form throws. By default it
 * runs the sync call on {@link #asyncExecutor()}; a backend overrides any of them when it has
 * something better.
 */
public interface FsBackend extends AutoCloseable {

  // ---------------------------------------------------------------- identity

  /** The short id the backend is found by ({@code nio}, {@code commons-io}, {@code native}). */
  String id();

  /**
   * How this backend serves {@code op}: its own implementation or an NIO fallback, and through
   * what.
   */
  Route route(Op op);

  /** What this backend supports on its {@link #fileSystem()}. */
  Set<Capability> capabilities();

  /** The filesystem this backend works on; paths of another filesystem are rejected. */
  FileSystem fileSystem();

  /** Runs the default async forms; owned by the backend and stopped by {@link #close()}. */
  Executor asyncExecutor();

  /** Releases the backend's threads and native resources. Idempotent. */
  @Override
  void close();

  // ---------------------------------------------------------------- the families, sync

  /**
   * Checks that {@code path} exists and, for each mode given, that the caller may read, write or
   * execute it (links are followed). Throws {@code NoSuchFileException} or {@code
   * AccessDeniedException}; returns normally otherwise.
   */
  void access(Path path, AccessMode... modes) throws IOException;

  /**
   * Appends {@code data} to {@code path}, creating the file (mode 0666 less the umask) if it is
   * missing.
   */
  void appendFile(Path path, byte[] data) throws IOException;

  /** Appends the UTF-8 encoding of {@code text}; see {@link #appendFile(Path, byte[])}. */
  default void appendFile(Path path, String text) throws IOException {
    appendFile(path, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Sets the permission bits ({@code mode & 07777}) of {@code path}, following links. */
  void chmod(Path path, int mode) throws IOException;

  /**
   * Sets the numeric owner and group of {@code path}, following links. Needs {@link
   * Capability#OWNERSHIP}.
   */
  void chown(Path path, int uid, int gid) throws IOException;

  /**
   * Copies the regular file {@code source} (links followed) to {@code target}. A directory source
   * is a {@code FileSystemException} "Is a directory"; an existing target is {@code
   * FileAlreadyExistsException} unless {@link CopyFileOptions#replaceExisting()}.
   */
  void copyFile(Path source, Path target, CopyFileOptions options) throws IOException;

  /**
   * Copies {@code source} (a file, a link or a whole directory tree) to {@code target}, creating
   * missing parents of {@code target}. Links are copied as links. Copying a directory into itself
   * is a {@code FileSystemException} naming both paths, before anything is written. The whole
   * semantics, and where it differs from {@code cp -a}: {@code docs/semantics/cp.md}.
   */
  void cp(Path source, Path target, CpOptions options) throws IOException;

  /**
   * Whether {@code path} exists, following links; {@code false} when it cannot be determined. Never
   * throws I/O errors.
   */
  boolean exists(Path path);

  /**
   * The relative paths under {@code cwd} matched by any of {@code patterns}: {@code *} (any
   * characters within a segment), {@code **} (any number of segments, including none), {@code ?},
   * {@code [abc]}, {@code [a-z]}, {@code [!a]}, {@code {a,b}} (nested allowed) and {@code \} to
   * escape. Patterns are relative; an absolute or malformed pattern is an {@link
   * IllegalArgumentException}. Links are matched as entries and never followed while walking. Each
   * path appears once whatever the number of patterns matching it; {@code cwd} itself is never
   * returned. The whole language, and where it differs from bash's {@code globstar}: {@code
   * docs/semantics/glob.md}.
   */
  List<String> glob(Path cwd, List<String> patterns, GlobOptions options) throws IOException;

  /**
   * The lines {@code [from, from + count)} of the text file {@code path} (counted from 0), decoded
   * as UTF-8 with malformed input as U+FFFD, reading no further into the file than the last of them
   * needs. A line ends at {@code \n}, {@code \r\n} or a lone {@code \r}, as {@link
   * java.io.BufferedReader#readLine} ends it; the terminator is not part of it, and a last line
   * without one is still a line. A range past the end gives the lines there are, possibly none; a
   * count of 0 opens the file (so a missing one fails) and reads nothing.
   *
   * <p>Bounded: a line longer than a quarter of {@link ReadLimit#bytes()}, skipped or kept, or kept
   * lines longer than that together, are refused with a {@code FileSystemException} naming the path
   * (the same from every backend: {@code LineBudget.tooLong} of backend-support), so {@code
   * /dev/zero} ends; a quarter, because a line is held as characters, up to two bytes each. A
   * directory is refused as {@link #readFile} refuses it.
   *
   * @throws IllegalArgumentException if {@code from} or {@code count} is negative
   */
  List<String> lines(Path path, long from, int count) throws IOException;

  /**
   * Creates the hard link {@code link} to the existing file {@code existing}. Needs {@link
   * Capability#HARD_LINKS}.
   */
  void link(Path existing, Path link) throws IOException;

  /** The metadata of {@code path} itself: a link is reported as a link. */
  FileStat lstat(Path path) throws IOException;

  /**
   * Creates the directory {@code path}. Without {@link MkdirOptions#recursive()} an existing path
   * is a {@code FileAlreadyExistsException} and a missing parent a {@code NoSuchFileException};
   * with it, missing parents are created and an existing directory is success (an existing
   * non-directory is still {@code FileAlreadyExistsException}).
   */
  void mkdir(Path path, MkdirOptions options) throws IOException;

  /**
   * Creates a new directory (mode 0700) whose path is {@code prefix} followed by a unique suffix,
   * in the directory of {@code prefix}, and returns it: {@code mkdtemp(tmp.resolve("job-"))} might
   * return {@code tmp/job-Xa81Qz}.
   */
  Path mkdtemp(Path prefix) throws IOException;

  /**
   * The whole content of {@code path}, links followed. At most {@link ReadLimit#bytes()}: a file
   * larger than that, or a source that passes it while being read ({@code /dev/zero} never ends),
   * is refused with {@link ReadLimit#exceeded}, a {@code FileSystemException} naming the path,
   * before the heap is exhausted (NIO's {@code readAllBytes} grows towards 2 GiB and fails with
   * {@code OutOfMemoryError}).
   */
  byte[] readFile(Path path) throws IOException;

  /**
   * The content of {@code path} decoded as UTF-8; malformed input becomes U+FFFD, as Node's {@code
   * toString} does. The content is bounded as {@link #readFile}'s.
   */
  default String readFileText(Path path) throws IOException {
    return new String(readFile(path), StandardCharsets.UTF_8);
  }

  /**
   * The names in directory {@code path}, or with {@link ReaddirOptions#recursive()} the relative
   * paths of every file, directory and link below it (links are listed, not followed). Order
   * unspecified.
   */
  List<String> readdir(Path path, ReaddirOptions options) throws IOException;

  /**
   * The target of the symbolic link {@code path}, as stored (not resolved). Needs {@link
   * Capability#SYMBOLIC_LINKS}.
   */
  Path readlink(Path path) throws IOException;

  /**
   * The canonical absolute path of the existing {@code path}: links resolved, no {@code .} or
   * {@code ..}.
   */
  Path realpath(Path path) throws IOException;

  /**
   * Renames {@code source} to {@code target} atomically within one filesystem, replacing a target
   * file as rename(2).
   */
  void rename(Path source, Path target) throws IOException;

  /**
   * Removes {@code path}: a file or link, or with {@link RmOptions#recursive()} a directory and
   * everything below it. Never follows a link: a link to a directory removes the link. A directory
   * without {@code recursive} is a {@code FileSystemException} "Is a directory"; a missing path is
   * {@code NoSuchFileException} unless {@link RmOptions#force()}.
   */
  void rm(Path path, RmOptions options) throws IOException;

  /**
   * Removes the empty directory {@code path}; a non-directory is "Not a directory", a non-empty one
   * {@code DirectoryNotEmptyException}.
   */
  void rmdir(Path path) throws IOException;

  /**
   * Walks the tree under {@code root} and returns one {@link ScanEntry} per entry (the root
   * excluded), sorted by {@link ScanEntry#ORDER}. Each entry's metadata is read once, during the
   * walk.
   */
  List<ScanEntry> scan(Path root, ScanOptions options) throws IOException;

  /** The metadata of {@code path}, links followed. */
  FileStat stat(Path path) throws IOException;

  /**
   * Creates the symbolic link {@code link} whose stored target is {@code target} verbatim (relative
   * targets stay relative; the target need not exist). Needs {@link Capability#SYMBOLIC_LINKS}.
   */
  void symlink(Path target, Path link) throws IOException;

  /**
   * Sets the size of the existing file {@code path} to {@code length} bytes, cutting or extending
   * with zero bytes.
   */
  void truncate(Path path, long length) throws IOException;

  /** Removes the file or link {@code path} (never its target); a directory is "Is a directory". */
  void unlink(Path path) throws IOException;

  /**
   * Sets the access and modification times of {@code path}, links followed, to the nanosecond where
   * the filesystem keeps it.
   */
  void utimes(Path path, FileTime atime, FileTime mtime) throws IOException;

  /** Writes {@code data} to {@code path}, creating (mode 0666 less the umask) or truncating it. */
  void writeFile(Path path, byte[] data) throws IOException;

  /** Writes the UTF-8 encoding of {@code text}; see {@link #writeFile(Path, byte[])}. */
  default void writeFile(Path path, String text) throws IOException {
    writeFile(path, text.getBytes(StandardCharsets.UTF_8));
  }

  // ---------------------------------------------------------------- the families, async

  default CompletableFuture<Void> accessAsync(Path path, AccessMode... modes) {
    return Async.run(asyncExecutor(), () -> access(path, modes));
  }

  default CompletableFuture<Void> appendFileAsync(Path path, byte[] data) {
    return Async.run(asyncExecutor(), () -> appendFile(path, data));
  }

  default CompletableFuture<Void> appendFileAsync(Path path, String text) {
    return Async.run(asyncExecutor(), () -> appendFile(path, text));
  }

  default CompletableFuture<Void> chmodAsync(Path path, int mode) {
    return Async.run(asyncExecutor(), () -> chmod(path, mode));
  }

  default CompletableFuture<Void> chownAsync(Path path, int uid, int gid) {
    return Async.run(asyncExecutor(), () -> chown(path, uid, gid));
  }

  default CompletableFuture<Void> copyFileAsync(Path source, Path target, CopyFileOptions options) {
    return Async.run(asyncExecutor(), () -> copyFile(source, target, options));
  }

  default CompletableFuture<Void> cpAsync(Path source, Path target, CpOptions options) {
    return Async.run(asyncExecutor(), () -> cp(source, target, options));
  }

  default CompletableFuture<Boolean> existsAsync(Path path) {
    return Async.call(asyncExecutor(), () -> exists(path));
  }

  default CompletableFuture<List<String>> globAsync(
      Path cwd, List<String> patterns, GlobOptions options) {
    return Async.call(asyncExecutor(), () -> glob(cwd, patterns, options));
  }

  default CompletableFuture<Void> linkAsync(Path existing, Path link) {
    return Async.run(asyncExecutor(), () -> link(existing, link));
  }

  default CompletableFuture<List<String>> linesAsync(Path path, long from, int count) {
    return Async.call(asyncExecutor(), () -> lines(path, from, count));
  }

  default CompletableFuture<FileStat> lstatAsync(Path path) {
    return Async.call(asyncExecutor(), () -> lstat(path));
  }

  default CompletableFuture<Void> mkdirAsync(Path path, MkdirOptions options) {
    return Async.run(asyncExecutor(), () -> mkdir(path, options));
  }

  default CompletableFuture<Path> mkdtempAsync(Path prefix) {
    return Async.call(asyncExecutor(), () -> mkdtemp(prefix));
  }

  default CompletableFuture<byte[]> readFileAsync(Path path) {
    return Async.call(asyncExecutor(), () -> readFile(path));
  }

  default CompletableFuture<String> readFileTextAsync(Path path) {
    return Async.call(asyncExecutor(), () -> readFileText(path));
  }

  default CompletableFuture<List<String>> readdirAsync(Path path, ReaddirOptions options) {
    return Async.call(asyncExecutor(), () -> readdir(path, options));
  }

  default CompletableFuture<Path> readlinkAsync(Path path) {
    return Async.call(asyncExecutor(), () -> readlink(path));
  }

  default CompletableFuture<Path> realpathAsync(Path path) {
    return Async.call(asyncExecutor(), () -> realpath(path));
  }

  default CompletableFuture<Void> renameAsync(Path source, Path target) {
    return Async.run(asyncExecutor(), () -> rename(source, target));
  }

  default CompletableFuture<Void> rmAsync(Path path, RmOptions options) {
    return Async.run(asyncExecutor(), () -> rm(path, options));
  }

  default CompletableFuture<Void> rmdirAsync(Path path) {
    return Async.run(asyncExecutor(), () -> rmdir(path));
  }

  default CompletableFuture<List<ScanEntry>> scanAsync(Path root, ScanOptions options) {
    return Async.call(asyncExecutor(), () -> scan(root, options));
  }

  default CompletableFuture<FileStat> statAsync(Path path) {
    return Async.call(asyncExecutor(), () -> stat(path));
  }

  default CompletableFuture<Void> symlinkAsync(Path target, Path link) {
    return Async.run(asyncExecutor(), () -> symlink(target, link));
  }

  default CompletableFuture<Void> truncateAsync(Path path, long length) {
    return Async.run(asyncExecutor(), () -> truncate(path, length));
  }

  default CompletableFuture<Void> unlinkAsync(Path path) {
    return Async.run(asyncExecutor(), () -> unlink(path));
  }

  default CompletableFuture<Void> utimesAsync(Path path, FileTime atime, FileTime mtime) {
    return Async.run(asyncExecutor(), () -> utimes(path, atime, mtime));
  }

  default CompletableFuture<Void> writeFileAsync(Path path, byte[] data) {
    return Async.run(asyncExecutor(), () -> writeFile(path, data));
  }

  default CompletableFuture<Void> writeFileAsync(Path path, String text) {
    return Async.run(asyncExecutor(), () -> writeFile(path, text));
  }
}
