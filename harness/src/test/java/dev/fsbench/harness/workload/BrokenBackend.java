package dev.fsbench.harness.workload;

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
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import dev.fsbench.support.ForwardingFsBackend;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A backend that is wrong in exactly one family and forwards every other call to a real backend (a
 * {@link ForwardingFsBackend}): a mutating call does nothing (or, for chown, something else), a
 * query returns a slightly wrong answer, access denies. It has no async forms of its own, so its
 * async calls run its broken sync ones, as a backend on the SPI's defaults would.
 *
 * <p>Each family's verification must catch its broken backend; that is what shows the check can
 * fail at all.
 */
public final class BrokenBackend extends ForwardingFsBackend {
  private final Op broken;
  private final String id;
  private final Set<Capability> capabilities;

  public BrokenBackend(FsBackend delegate, Op broken) {
    this(delegate, broken, idFor(broken), delegate.capabilities());
  }

  private BrokenBackend(FsBackend delegate, Op broken, String id, Set<Capability> capabilities) {
    super(delegate);
    this.broken = broken;
    this.id = id;
    this.capabilities = Set.copyOf(capabilities);
  }

  /** A backend that is right in every family but declares only {@code capabilities}. */
  public static BrokenBackend declaringOnly(FsBackend delegate, Set<Capability> capabilities) {
    return new BrokenBackend(delegate, null, "test-limited", capabilities);
  }

  /** {@code test-broken-<family>}, lower case. */
  public static String idFor(Op broken) {
    return "test-broken-" + broken.family().toLowerCase(Locale.ROOT);
  }

  private boolean is(Op op) {
    return broken == op;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public Set<Capability> capabilities() {
    return capabilities;
  }

  @Override
  public void access(Path path, AccessMode... modes) throws IOException {
    if (is(Op.ACCESS)) {
      throw new AccessDeniedException(path.toString());
    }
    delegate().access(path, modes);
  }

  @Override
  public void appendFile(Path path, byte[] data) throws IOException {
    if (!is(Op.APPEND_FILE)) {
      delegate().appendFile(path, data);
    }
  }

  @Override
  public void chmod(Path path, int mode) throws IOException {
    if (!is(Op.CHMOD)) {
      delegate().chmod(path, mode);
    }
  }

  @Override
  public void chown(Path path, int uid, int gid) throws IOException {
    // Doing nothing would be right here (the workload sets the current owner), so give the file
    // another owner.
    if (is(Op.CHOWN)) {
      delegate().chown(path, uid + 1, gid + 1);
    } else {
      delegate().chown(path, uid, gid);
    }
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    if (!is(Op.COPY_FILE)) {
      delegate().copyFile(source, target, options);
    }
  }

  @Override
  public void cp(Path source, Path target, CpOptions options) throws IOException {
    if (!is(Op.CP)) {
      delegate().cp(source, target, options);
    }
  }

  @Override
  public boolean exists(Path path) {
    return is(Op.EXISTS) != delegate().exists(path);
  }

  @Override
  public List<String> glob(Path cwd, List<String> patterns, GlobOptions options)
      throws IOException {
    List<String> matched = delegate().glob(cwd, patterns, options);
    return is(Op.GLOB) ? matched.subList(0, matched.size() - 1) : matched;
  }

  @Override
  public void link(Path existing, Path link) throws IOException {
    if (!is(Op.LINK)) {
      delegate().link(existing, link);
    }
  }

  @Override
  public FileStat lstat(Path path) throws IOException {
    FileStat stat = delegate().lstat(path);
    return is(Op.LSTAT) ? grown(stat) : stat;
  }

  @Override
  public void mkdir(Path path, MkdirOptions options) throws IOException {
    if (!is(Op.MKDIR)) {
      delegate().mkdir(path, options);
    }
  }

  @Override
  public Path mkdtemp(Path prefix) throws IOException {
    return is(Op.MKDTEMP)
        ? prefix.resolveSibling(prefix.getFileName() + "XXXXXX")
        : delegate().mkdtemp(prefix);
  }

  @Override
  public byte[] readFile(Path path) throws IOException {
    byte[] content = delegate().readFile(path);
    if (is(Op.READ_FILE)) {
      content[0] ^= 1;
    }
    return content;
  }

  @Override
  public List<String> lines(Path path, long from, int count) throws IOException {
    List<String> lines = delegate().lines(path, from, count);
    return is(Op.LINES) && !lines.isEmpty() ? lines.subList(0, lines.size() - 1) : lines;
  }

  @Override
  public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
    List<String> listed = delegate().readdir(path, options);
    return is(Op.READDIR) ? listed.subList(1, listed.size()) : listed;
  }

  @Override
  public Path readlink(Path path) throws IOException {
    Path target = delegate().readlink(path);
    return is(Op.READLINK) ? target.resolveSibling("elsewhere") : target;
  }

  @Override
  public Path realpath(Path path) throws IOException {
    Path real = delegate().realpath(path);
    return is(Op.REALPATH) ? real.getParent().resolve(".").resolve(real.getFileName()) : real;
  }

  @Override
  public void rename(Path source, Path target) throws IOException {
    if (!is(Op.RENAME)) {
      delegate().rename(source, target);
    }
  }

  @Override
  public void rm(Path path, RmOptions options) throws IOException {
    if (!is(Op.RM)) {
      delegate().rm(path, options);
    }
  }

  @Override
  public void rmdir(Path path) throws IOException {
    if (!is(Op.RMDIR)) {
      delegate().rmdir(path);
    }
  }

  @Override
  public List<ScanEntry> scan(Path root, ScanOptions options) throws IOException {
    List<ScanEntry> entries = delegate().scan(root, options);
    if (!is(Op.SCAN)) {
      return entries;
    }
    List<ScanEntry> wrong = new ArrayList<>(entries);
    ScanEntry last = wrong.remove(wrong.size() - 1);
    wrong.add(
        new ScanEntry(
            last.path(),
            last.name(),
            last.kind(),
            last.size(),
            last.mode() ^ 1,
            last.mtimeNanos(),
            last.depth()));
    return wrong;
  }

  @Override
  public FileStat stat(Path path) throws IOException {
    FileStat stat = delegate().stat(path);
    return is(Op.STAT) ? grown(stat) : stat;
  }

  @Override
  public void symlink(Path target, Path link) throws IOException {
    if (!is(Op.SYMLINK)) {
      delegate().symlink(target, link);
    }
  }

  @Override
  public void truncate(Path path, long length) throws IOException {
    if (!is(Op.TRUNCATE)) {
      delegate().truncate(path, length);
    }
  }

  @Override
  public void unlink(Path path) throws IOException {
    if (!is(Op.UNLINK)) {
      delegate().unlink(path);
    }
  }

  @Override
  public void utimes(Path path, FileTime atime, FileTime mtime) throws IOException {
    if (!is(Op.UTIMES)) {
      delegate().utimes(path, atime, mtime);
    }
  }

  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    if (!is(Op.WRITE_FILE)) {
      delegate().writeFile(path, data);
    }
  }

  private static FileStat grown(FileStat s) {
    return new FileStat(
        s.kind(),
        s.size() + 1,
        s.mode(),
        s.uid(),
        s.gid(),
        s.nlink(),
        s.ino(),
        s.dev(),
        s.atimeNanos(),
        s.mtimeNanos(),
        s.ctimeNanos());
  }
}
