package dev.fsbench.harness.workload.tree;

import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Copies the user's directory ({@code --tree DIR}) into the sandbox, once, and surveys it for a dry
 * run: the only code that ever reads DIR, and it never writes there.
 *
 * <pre>{@code
 * TreeSnapshot.Copied c = TreeSnapshot.copy(Path.of("/home/me/project"), sandbox.resolve("tree"), Limits.DEFAULT);
 * c.skipped();        // FIFOs, sockets and devices left out
 * c.modesAdjusted();  // entries whose permission bits the snapshot changed
 * }</pre>
 *
 * <p>What the snapshot holds: every directory, regular file (its bytes) and symbolic link (its
 * target as stored, never followed) below DIR; hard links become separate files. Special files
 * (FIFOs, sockets, devices) are skipped and counted: no backend's tree calls copy them alike, and
 * reading a FIFO would block. Permission bits are kept, with the owner's read (files) and read,
 * write and search (directories) added and setuid, setgid and sticky dropped, so that every backend
 * can copy and remove the snapshot as the user running fsbench; how many entries that changed is
 * counted. Timestamps are the copy's. Reading DIR updates access times as the mount's policy says
 * ({@code relatime}: at most once a day per file), as {@code cp -r} does; nothing else of DIR
 * changes.
 *
 * <p>Refused, before or while copying (the partial snapshot removed): a DIR that is missing, not a
 * directory, unreadable or empty, an entry that cannot be read, and a DIR with more entries or
 * bytes than {@link Limits} allows. The messages name DIR and the entry, on the user's own
 * terminal; nothing of them goes into run.json.
 */
public final class TreeSnapshot {
  private TreeSnapshot() {}

  /**
   * How large a DIR the snapshot takes: it lives in the sandbox (on tmpfs, in memory), cp makes a
   * second copy per sample, and a fork holds its manifest.
   *
   * @param maxEntries files, directories and links below DIR
   * @param maxBytes the sizes of its regular files, summed
   */
  public record Limits(long maxEntries, long maxBytes) {
    /** 200,000 entries (beyond tree-156k's 168,751) and 1 GiB. */
    public static final Limits DEFAULT = new Limits(200_000, 1L << 30);

    public Limits {
      if (maxEntries < 1 || maxBytes < 0) {
        throw new IllegalArgumentException(
            "tree limits must be at least 1 entry and 0 bytes, were "
                + maxEntries
                + " and "
                + maxBytes);
      }
    }
  }

  /**
   * What DIR holds, read from its metadata alone.
   *
   * @param entries files, directories and links (what the snapshot will hold)
   * @param special FIFOs, sockets and devices, which it skips
   */
  public record Survey(
      long entries, long files, long directories, long links, long special, long bytes) {}

  /** What a copy skipped and changed; its shape is {@link TreeManifest}'s of the copy. */
  record Copied(long skipped, long modesAdjusted) {}

  /**
   * Counts what {@code dir} holds without reading a file's bytes (a dry run), refusing it as {@link
   * #copy} would.
   */
  public static Survey survey(Path dir, Limits limits) throws IOException {
    Walker walker = new Walker(checked(dir), null, limits);
    walker.walk();
    return new Survey(
        walker.files + walker.directories + walker.links,
        walker.files,
        walker.directories,
        walker.links,
        walker.special,
        walker.bytes);
  }

  /**
   * Copies {@code dir} to {@code target}, which must not exist yet (its parent must), reading DIR
   * once. On any refusal the partial copy is removed and the error says why.
   */
  static Copied copy(Path dir, Path target, Limits limits) throws IOException {
    Path source = checked(dir);
    Path absoluteTarget = target.toAbsolutePath().normalize();
    if (absoluteTarget.startsWith(source)) {
      throw new IllegalArgumentException(
          "--tree " + dir + " holds the sandbox (" + target + "): it would copy itself");
    }
    Walker walker = new Walker(source, target, limits);
    try {
      walker.walk();
    } catch (IOException | RuntimeException e) {
      try {
        TreeRemoval.cleanUp(target);
      } catch (IOException cleanup) {
        e.addSuppressed(cleanup);
      }
      throw e;
    }
    return new Copied(walker.special, walker.adjusted);
  }

  private static Path checked(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      throw new IllegalArgumentException("--tree " + dir + " does not exist");
    }
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("--tree " + dir + " is not a directory");
    }
    if (!Files.isReadable(dir) || !Files.isExecutable(dir)) {
      throw new IllegalArgumentException(
          "--tree " + dir + " is not readable (its listing needs read and search permission)");
    }
    Path real = dir.toRealPath();
    try (var entries = Files.list(real)) {
      if (entries.findAny().isEmpty()) {
        throw new IllegalArgumentException("--tree " + dir + " is empty: there is nothing to walk");
      }
    }
    return real;
  }

  /** One pass over DIR: counts, checks the limits, and copies when it has a target. */
  private static final class Walker extends SimpleFileVisitor<Path> {
    private final Path source;
    private final Path target;
    private final Limits limits;
    long files;
    long directories;
    long links;
    long special;
    long bytes;
    long adjusted;

    Walker(Path source, Path target, Limits limits) {
      this.source = source;
      this.target = target;
      this.limits = limits;
    }

    void walk() throws IOException {
      Files.walkFileTree(source, this);
    }

    private Path to(Path entry) {
      return target.resolve(source.relativize(entry));
    }

    private void count(long size) {
      long entries = files + directories + links;
      if (entries > limits.maxEntries()) {
        throw new IllegalArgumentException(
            String.format(
                "--tree %s holds more than %,d entries, the limit (--tree-max-entries raises it)",
                source, limits.maxEntries()));
      }
      bytes += size;
      if (bytes > limits.maxBytes()) {
        throw new IllegalArgumentException(
            String.format(
                "--tree %s holds more than %,d bytes of files, the limit (--tree-max-bytes raises it)",
                source, limits.maxBytes()));
      }
    }

    @Override
    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
        throws IOException {
      if (!dir.equals(source)) {
        directories++;
        count(0);
      }
      if (target != null) {
        Files.createDirectory(to(dir));
      }
      return FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
      if (attrs.isSymbolicLink()) {
        links++;
        count(0);
        if (target != null) {
          Files.createSymbolicLink(to(file), Files.readSymbolicLink(file));
        }
      } else if (attrs.isRegularFile()) {
        files++;
        count(attrs.size());
        if (target != null) {
          Path copy = to(file);
          try {
            Files.copy(file, copy, LinkOption.NOFOLLOW_LINKS);
          } catch (AccessDeniedException e) {
            throw unreadable(file, e);
          }
          keepPermissions(file, copy, 0400);
        }
      } else {
        special++; // a FIFO, socket or device: skipped, and counted in the shape
      }
      return FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
      if (e instanceof NoSuchFileException) {
        return FileVisitResult.CONTINUE; // removed while we walked: not in the snapshot
      }
      throw unreadable(file, e);
    }

    @Override
    public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
      if (e != null) {
        throw unreadable(dir, e);
      }
      if (target != null) {
        keepPermissions(dir, to(dir), 0700);
      }
      return FileVisitResult.CONTINUE;
    }

    /** The source's permission bits on the copy, with {@code owner} added. */
    private void keepPermissions(Path original, Path copy, int owner) throws IOException {
      int mode = (Integer) Files.getAttribute(original, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      int kept = (mode & 0777) | owner;
      if (kept != (mode & 07777)) {
        adjusted++;
      }
      Files.setPosixFilePermissions(copy, permissions(kept));
    }

    private IllegalArgumentException unreadable(Path entry, IOException e) {
      return new IllegalArgumentException(
          "--tree "
              + source
              + ": cannot read "
              + source.relativize(entry)
              + " ("
              + (e.getMessage() == null ? e.toString() : e.getMessage())
              + "); the snapshot needs every entry, so point --tree at a tree you can read",
          e);
    }
  }

  /** {@code mode}'s permission bits (0777) as NIO's set. */
  static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] order = {
      PosixFilePermission.OTHERS_EXECUTE,
      PosixFilePermission.OTHERS_WRITE,
      PosixFilePermission.OTHERS_READ,
      PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.GROUP_WRITE,
      PosixFilePermission.GROUP_READ,
      PosixFilePermission.OWNER_EXECUTE,
      PosixFilePermission.OWNER_WRITE,
      PosixFilePermission.OWNER_READ
    };
    for (int bit = 0; bit < order.length; bit++) {
      if ((mode & (1 << bit)) != 0) {
        set.add(order[bit]);
      }
    }
    return set;
  }

  /**
   * A fresh private copy of a prepared tree (rm's fixture of every sample): directories, files
   * (bytes and permission bits) and links as links, with plain NIO.
   */
  static void replicate(Path source, Path target) throws IOException {
    Files.walkFileTree(
        source,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            Files.createDirectory(target.resolve(source.relativize(dir)));
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Path copy = target.resolve(source.relativize(file));
            if (attrs.isSymbolicLink()) {
              Files.createSymbolicLink(copy, Files.readSymbolicLink(file));
            } else {
              Files.copy(file, copy, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.COPY_ATTRIBUTES);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
            if (e != null) {
              throw e;
            }
            Path copy = target.resolve(source.relativize(dir));
            Files.setPosixFilePermissions(
                copy, Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS));
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
