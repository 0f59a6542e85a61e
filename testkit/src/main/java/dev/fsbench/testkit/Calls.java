package dev.fsbench.testkit;

import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.file.AccessMode;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The backend's families as the cases call them, in one of two modes: {@link Mode#SYNC} calls the
 * sync form, {@link Mode#ASYNC} the async form and waits, rethrowing the exception the future
 * failed with. So one case body checks both forms, and an async form that wraps its failure (in a
 * {@code CompletionException}, say) fails the exact-class checks.
 */
final class Calls {

  enum Mode {
    SYNC,
    ASYNC
  }

  /**
   * Long enough for any case, short enough that a future that never completes fails the case
   * instead of the build.
   */
  private static final long TIMEOUT_SECONDS = 60;

  private final FsBackend backend;
  private final Mode mode;

  Calls(FsBackend backend, Mode mode) {
    this.backend = backend;
    this.mode = mode;
  }

  Mode mode() {
    return mode;
  }

  FsBackend backend() {
    return backend;
  }

  void access(Path path, AccessMode... modes) throws IOException {
    if (mode == Mode.SYNC) backend.access(path, modes);
    else await(() -> backend.accessAsync(path, modes));
  }

  void appendFile(Path path, byte[] data) throws IOException {
    if (mode == Mode.SYNC) backend.appendFile(path, data);
    else await(() -> backend.appendFileAsync(path, data));
  }

  void appendFile(Path path, String text) throws IOException {
    if (mode == Mode.SYNC) backend.appendFile(path, text);
    else await(() -> backend.appendFileAsync(path, text));
  }

  void chmod(Path path, int bits) throws IOException {
    if (mode == Mode.SYNC) backend.chmod(path, bits);
    else await(() -> backend.chmodAsync(path, bits));
  }

  void chown(Path path, int uid, int gid) throws IOException {
    if (mode == Mode.SYNC) backend.chown(path, uid, gid);
    else await(() -> backend.chownAsync(path, uid, gid));
  }

  void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    if (mode == Mode.SYNC) backend.copyFile(source, target, options);
    else await(() -> backend.copyFileAsync(source, target, options));
  }

  void cp(Path source, Path target, CpOptions options) throws IOException {
    if (mode == Mode.SYNC) backend.cp(source, target, options);
    else await(() -> backend.cpAsync(source, target, options));
  }

  boolean exists(Path path) throws IOException {
    return mode == Mode.SYNC ? backend.exists(path) : await(() -> backend.existsAsync(path));
  }

  List<String> glob(Path cwd, List<String> patterns, GlobOptions options) throws IOException {
    return mode == Mode.SYNC
        ? backend.glob(cwd, patterns, options)
        : await(() -> backend.globAsync(cwd, patterns, options));
  }

  void link(Path existing, Path link) throws IOException {
    if (mode == Mode.SYNC) backend.link(existing, link);
    else await(() -> backend.linkAsync(existing, link));
  }

  FileStat lstat(Path path) throws IOException {
    return mode == Mode.SYNC ? backend.lstat(path) : await(() -> backend.lstatAsync(path));
  }

  void mkdir(Path path, MkdirOptions options) throws IOException {
    if (mode == Mode.SYNC) backend.mkdir(path, options);
    else await(() -> backend.mkdirAsync(path, options));
  }

  Path mkdtemp(Path prefix) throws IOException {
    return mode == Mode.SYNC ? backend.mkdtemp(prefix) : await(() -> backend.mkdtempAsync(prefix));
  }

  byte[] readFile(Path path) throws IOException {
    return mode == Mode.SYNC ? backend.readFile(path) : await(() -> backend.readFileAsync(path));
  }

  String readFileText(Path path) throws IOException {
    return mode == Mode.SYNC
        ? backend.readFileText(path)
        : await(() -> backend.readFileTextAsync(path));
  }

  List<String> lines(Path path, long from, int count) throws IOException {
    return mode == Mode.SYNC
        ? backend.lines(path, from, count)
        : await(() -> backend.linesAsync(path, from, count));
  }

  List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    return mode == Mode.SYNC
        ? backend.readdir(path, options)
        : await(() -> backend.readdirAsync(path, options));
  }

  Path readlink(Path path) throws IOException {
    return mode == Mode.SYNC ? backend.readlink(path) : await(() -> backend.readlinkAsync(path));
  }

  Path realpath(Path path) throws IOException {
    return mode == Mode.SYNC ? backend.realpath(path) : await(() -> backend.realpathAsync(path));
  }

  void rename(Path source, Path target) throws IOException {
    if (mode == Mode.SYNC) backend.rename(source, target);
    else await(() -> backend.renameAsync(source, target));
  }

  void rm(Path path, RmOptions options) throws IOException {
    if (mode == Mode.SYNC) backend.rm(path, options);
    else await(() -> backend.rmAsync(path, options));
  }

  void rmdir(Path path) throws IOException {
    if (mode == Mode.SYNC) backend.rmdir(path);
    else await(() -> backend.rmdirAsync(path));
  }

  List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    return mode == Mode.SYNC
        ? backend.scan(root, options)
        : await(() -> backend.scanAsync(root, options));
  }

  FileStat stat(Path path) throws IOException {
    return mode == Mode.SYNC ? backend.stat(path) : await(() -> backend.statAsync(path));
  }

  void symlink(Path target, Path link) throws IOException {
    if (mode == Mode.SYNC) backend.symlink(target, link);
    else await(() -> backend.symlinkAsync(target, link));
  }

  void truncate(Path path, long length) throws IOException {
    if (mode == Mode.SYNC) backend.truncate(path, length);
    else await(() -> backend.truncateAsync(path, length));
  }

  void unlink(Path path) throws IOException {
    if (mode == Mode.SYNC) backend.unlink(path);
    else await(() -> backend.unlinkAsync(path));
  }

  void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    if (mode == Mode.SYNC) backend.utimes(path, atime, mtime);
    else await(() -> backend.utimesAsync(path, atime, mtime));
  }

  void writeFile(Path path, byte[] data) throws IOException {
    if (mode == Mode.SYNC) backend.writeFile(path, data);
    else await(() -> backend.writeFileAsync(path, data));
  }

  void writeFile(Path path, String text) throws IOException {
    if (mode == Mode.SYNC) backend.writeFile(path, text);
    else await(() -> backend.writeFileAsync(path, text));
  }

  /**
   * Starts an async call and waits for it. A future that fails is unwrapped to exactly what it
   * failed with (not what {@code get()} makes of it: {@code get} strips one {@code
   * CompletionException}, which would hide a backend that wraps its errors). An async form may
   * reject bad arguments by throwing at once, but never an I/O error.
   */
  private static <T> T await(Supplier<CompletableFuture<T>> start) throws IOException {
    CompletableFuture<T> future = start.get(); // argument checks may throw here, unchecked
    if (future == null) {
      throw new AssertionError("the async form returned null instead of a future");
    }
    try {
      return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      Throwable raw = future.handle((value, failure) -> failure).join();
      throw Calls.<RuntimeException>sneaky(raw);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new AssertionError(
          "the async form did not complete within " + TIMEOUT_SECONDS + " s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for an async form", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E sneaky(Throwable t) throws E {
    throw (E) t;
  }
}
