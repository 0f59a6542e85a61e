package dev.fsbench.routed;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.Route;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import dev.fsbench.support.LazyExecutor;
import java.io.IOException;
import java.nio.file.AccessMode;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The {@code routed} backend: each family, sync and async, handed to the backend its routes chose
 * ({@link Targets}), whose own forms do the work, async ones included. What a call costs beyond the
 * chosen backend's is one field read and one interface call: each family's backend is a final field
 * of its own, resolved when routed is created, so no lookup happens per call. Arguments are checked
 * by the chosen backend, as it checks them when called directly.
 */
final class RoutedBackend implements FsBackend {
  static final String ID = "routed";

  private final Targets targets;
  private final FileSystem fileSystem;

  /**
   * Only for callers of {@link #asyncExecutor()}: every async form is the chosen backend's own, so
   * routed's own threads start only if someone asks for them.
   */
  private final LazyExecutor async;

  private final FsBackend toAccess;
  private final FsBackend toAppendFile;
  private final FsBackend toChmod;
  private final FsBackend toChown;
  private final FsBackend toCopyFile;
  private final FsBackend toCp;
  private final FsBackend toExists;
  private final FsBackend toGlob;
  private final FsBackend toLines;
  private final FsBackend toLink;
  private final FsBackend toLstat;
  private final FsBackend toMkdir;
  private final FsBackend toMkdtemp;
  private final FsBackend toReadFile;
  private final FsBackend toReaddir;
  private final FsBackend toReadlink;
  private final FsBackend toRealpath;
  private final FsBackend toRename;
  private final FsBackend toRm;
  private final FsBackend toRmdir;
  private final FsBackend toScan;
  private final FsBackend toStat;
  private final FsBackend toSymlink;
  private final FsBackend toTruncate;
  private final FsBackend toUnlink;
  private final FsBackend toUtimes;
  private final FsBackend toWriteFile;

  RoutedBackend(Targets targets, BackendConfig config) {
    this.targets = targets;
    this.fileSystem = config.fileSystem();
    this.async = new LazyExecutor(ID, config.asyncThreads());
    toAccess = targets.of(Op.ACCESS);
    toAppendFile = targets.of(Op.APPEND_FILE);
    toChmod = targets.of(Op.CHMOD);
    toChown = targets.of(Op.CHOWN);
    toCopyFile = targets.of(Op.COPY_FILE);
    toCp = targets.of(Op.CP);
    toExists = targets.of(Op.EXISTS);
    toGlob = targets.of(Op.GLOB);
    toLines = targets.of(Op.LINES);
    toLink = targets.of(Op.LINK);
    toLstat = targets.of(Op.LSTAT);
    toMkdir = targets.of(Op.MKDIR);
    toMkdtemp = targets.of(Op.MKDTEMP);
    toReadFile = targets.of(Op.READ_FILE);
    toReaddir = targets.of(Op.READDIR);
    toReadlink = targets.of(Op.READLINK);
    toRealpath = targets.of(Op.REALPATH);
    toRename = targets.of(Op.RENAME);
    toRm = targets.of(Op.RM);
    toRmdir = targets.of(Op.RMDIR);
    toScan = targets.of(Op.SCAN);
    toStat = targets.of(Op.STAT);
    toSymlink = targets.of(Op.SYMLINK);
    toTruncate = targets.of(Op.TRUNCATE);
    toUnlink = targets.of(Op.UNLINK);
    toUtimes = targets.of(Op.UTIMES);
    toWriteFile = targets.of(Op.WRITE_FILE);
  }

  // ---------------------------------------------------------------- identity

  @Override
  public String id() {
    return ID;
  }

  @Override
  public Route route(Op op) {
    return targets.route(Objects.requireNonNull(op, "op"));
  }

  @Override
  public Set<Capability> capabilities() {
    return targets.capabilities();
  }

  @Override
  public FileSystem fileSystem() {
    return fileSystem;
  }

  @Override
  public Executor asyncExecutor() {
    return async.get();
  }

  /** Closes every backend it routes to, and its own threads if any started. Idempotent. */
  @Override
  public void close() {
    try {
      async.close();
    } finally {
      targets.close();
    }
  }

  // ---------------------------------------------------------------- sync

  @Override
  public void access(Path path, AccessMode... modes) throws IOException {
    toAccess.access(path, modes);
  }

  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    toAppendFile.appendFile(path, data);
  }

  @Override
  public void appendFile(Path path, String text) throws IOException {
    toAppendFile.appendFile(path, text);
  }

  @Override
  public void chmod(Path path, int mode) throws IOException {
    toChmod.chmod(path, mode);
  }

  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    toChown.chown(path, uid, gid);
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    toCopyFile.copyFile(source, target, options);
  }

  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    toCp.cp(source, target, options);
  }

  @Override
  public boolean exists(Path path) {
    return toExists.exists(path);
  }

  @Override
  public List<String> glob(Path cwd, List<String> patterns, GlobOptions options)
      throws IOException {
    return toGlob.glob(cwd, patterns, options);
  }

  @Override
  public List<String> lines(Path path, long from, int count) throws IOException {
    return toLines.lines(path, from, count);
  }

  @Override
  public void link(Path existing, Path link) throws IOException {
    toLink.link(existing, link);
  }

  @Override
  public FileStat lstat(Path path) throws IOException {
    return toLstat.lstat(path);
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    toMkdir.mkdir(path, options);
  }

  @Override
  public Path mkdtemp(Path prefix) throws IOException {
    return toMkdtemp.mkdtemp(prefix);
  }

  @Override
  public byte[] readFile(Path path) throws IOException {
    return toReadFile.readFile(path);
  }

  @Override
  public String readFileText(Path path) throws IOException {
    return toReadFile.readFileText(path);
  }

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    return toReaddir.readdir(path, options);
  }

  @Override
  public Path readlink(Path path) throws IOException {
    return toReadlink.readlink(path);
  }

  @Override
  public Path realpath(Path path) throws IOException {
    return toRealpath.realpath(path);
  }

  @Override
  public void rename(Path source, Path target) throws IOException {
    toRename.rename(source, target);
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    toRm.rm(path, options);
  }

  @Override
  public void rmdir(Path path) throws IOException {
    toRmdir.rmdir(path);
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    return toScan.scan(root, options);
  }

  @Override
  public FileStat stat(Path path) throws IOException {
    return toStat.stat(path);
  }

  @Override
  public void symlink(Path target, Path link) throws IOException {
    toSymlink.symlink(target, link);
  }

  @Override
  public void truncate(Path path, long length) throws IOException {
    toTruncate.truncate(path, length);
  }

  @Override
  public void unlink(Path path) throws IOException {
    toUnlink.unlink(path);
  }

  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    toUtimes.utimes(path, atime, mtime);
  }

  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    toWriteFile.writeFile(path, data);
  }

  @Override
  public void writeFile(Path path, String text) throws IOException {
    toWriteFile.writeFile(path, text);
  }

  // ---------------------------------------------------------------- async: the chosen backend's
  // own

  @Override
  public CompletableFuture<Void> accessAsync(Path path, AccessMode... modes) {
    return toAccess.accessAsync(path, modes);
  }

  @Override
  public CompletableFuture<Void> appendFileAsync(Path path, byte[] data) {
    return toAppendFile.appendFileAsync(path, data);
  }

  @Override
  public CompletableFuture<Void> appendFileAsync(Path path, String text) {
    return toAppendFile.appendFileAsync(path, text);
  }

  @Override
  public CompletableFuture<Void> chmodAsync(Path path, int mode) {
    return toChmod.chmodAsync(path, mode);
  }

  @Override
  public CompletableFuture<Void> chownAsync(Path path, int uid, int gid) {
    return toChown.chownAsync(path, uid, gid);
  }

  @Override
  public CompletableFuture<Void> copyFileAsync(Path source, Path target, CopyFileOptions options) {
    return toCopyFile.copyFileAsync(source, target, options);
  }

  @Override
  public CompletableFuture<Void> cpAsync(Path source, Path target, CpOptions options) {
    return toCp.cpAsync(source, target, options);
  }

  @Override
  public CompletableFuture<Boolean> existsAsync(Path path) {
    return toExists.existsAsync(path);
  }

  @Override
  public CompletableFuture<List<String>> globAsync(
      Path cwd, List<String> patterns, GlobOptions options) {
    return toGlob.globAsync(cwd, patterns, options);
  }

  @Override
  public CompletableFuture<List<String>> linesAsync(Path path, long from, int count) {
    return toLines.linesAsync(path, from, count);
  }

  @Override
  public CompletableFuture<Void> linkAsync(Path existing, Path link) {
    return toLink.linkAsync(existing, link);
  }

  @Override
  public CompletableFuture<FileStat> lstatAsync(Path path) {
    return toLstat.lstatAsync(path);
  }

  @Override
  public CompletableFuture<Void> mkdirAsync(Path path, MkdirOptions options) {
    return toMkdir.mkdirAsync(path, options);
  }

  @Override
  public CompletableFuture<Path> mkdtempAsync(Path prefix) {
    return toMkdtemp.mkdtempAsync(prefix);
  }

  @Override
  public CompletableFuture<byte[]> readFileAsync(Path path) {
    return toReadFile.readFileAsync(path);
  }

  @Override
  public CompletableFuture<String> readFileTextAsync(Path path) {
    return toReadFile.readFileTextAsync(path);
  }

  @Override
  public CompletableFuture<List<String>> readdirAsync(Path path, ReaddirOptions options) {
    return toReaddir.readdirAsync(path, options);
  }

  @Override
  public CompletableFuture<Path> readlinkAsync(Path path) {
    return toReadlink.readlinkAsync(path);
  }

  @Override
  public CompletableFuture<Path> realpathAsync(Path path) {
    return toRealpath.realpathAsync(path);
  }

  @Override
  public CompletableFuture<Void> renameAsync(Path source, Path target) {
    return toRename.renameAsync(source, target);
  }

  @Override
  public CompletableFuture<Void> rmAsync(Path path, RmOptions options) {
    return toRm.rmAsync(path, options);
  }

  @Override
  public CompletableFuture<Void> rmdirAsync(Path path) {
    return toRmdir.rmdirAsync(path);
  }

  @Override
  public CompletableFuture<List<ScanEntry>> scanAsync(Path root, ScanOptions options) {
    return toScan.scanAsync(root, options);
  }

  @Override
  public CompletableFuture<FileStat> statAsync(Path path) {
    return toStat.statAsync(path);
  }

  @Override
  public CompletableFuture<Void> symlinkAsync(Path target, Path link) {
    return toSymlink.symlinkAsync(target, link);
  }

  @Override
  public CompletableFuture<Void> truncateAsync(Path path, long length) {
    return toTruncate.truncateAsync(path, length);
  }

  @Override
  public CompletableFuture<Void> unlinkAsync(Path path) {
    return toUnlink.unlinkAsync(path);
  }

  @Override
  public CompletableFuture<Void> utimesAsync(Path path, FileTime atime, FileTime mtime) {
    return toUtimes.utimesAsync(path, atime, mtime);
  }

  @Override
  public CompletableFuture<Void> writeFileAsync(Path path, byte[] data) {
    return toWriteFile.writeFileAsync(path, data);
  }

  @Override
  public CompletableFuture<Void> writeFileAsync(Path path, String text) {
    return toWriteFile.writeFileAsync(path, text);
  }
}
