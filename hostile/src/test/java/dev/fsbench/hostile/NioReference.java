package dev.fsbench.hostile;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.support.CopyTarget;
import dev.fsbench.support.LineBudget;
import dev.fsbench.support.RelativePaths;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The oracle's side of each family: {@code java.nio.file}'s own call, with only the adaptations the
 * SPI's contract documents, and for the tree families the walk NIO offers ({@link
 * Files#walkFileTree}, links not followed unless asked, every failure rethrown).
 */
final class NioReference {
  private NioReference() {}

  static String stat(Path p, boolean follow) throws IOException {
    LinkOption[] options =
        follow ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
    Map<String, Object> a = Files.readAttributes(p, "unix:mode,size,nlink", options);
    int mode = (Integer) a.get("mode");
    return Values.stat(
        FileKind.ofMode(mode), (Long) a.get("size"), mode, ((Number) a.get("nlink")).longValue());
  }

  /**
   * A call on a file, where NIO answers some inputs with a bare {@link IOException} naming no path
   * (a directory read: "Is a directory"; a FIFO's size: "Illegal seek"): the contract names the
   * path, with the reason "Is a directory" for a directory and NIO's message otherwise.
   */
  static Object fileExpected(Path p, Callable<Object> call) throws Exception {
    try {
      return call.call();
    } catch (IOException e) {
      boolean plain =
          e.getClass() == IOException.class || e.getClass() == FileSystemException.class;
      if (plain && Files.isDirectory(p)) {
        throw FsErrors.isADirectory(p);
      }
      if (e.getClass() == IOException.class) {
        throw new FileSystemException(p.toString(), null, e.getMessage());
      }
      throw e;
    }
  }

  /**
   * lines as a JVM program reads them: {@code BufferedReader.readLine} over {@code
   * Files.newInputStream}, with the contract's bound under the reader (without it, a line without
   * end, {@code /dev/zero} or a 4 GiB file of zeros, fills the heap; nio's backend reads the same).
   */
  static List<String> lines(Path p) throws IOException {
    return LineBudget.readLines(Files.newInputStream(p), p, 0, Family.Args.LINES);
  }

  /** The contract's truncate: cut, or extend with zeros. */
  static void truncate(Path p, long length) throws IOException {
    try (FileChannel channel = FileChannel.open(p, StandardOpenOption.WRITE)) {
      long size = channel.size();
      if (length < size) {
        channel.truncate(length);
      } else if (length > size) {
        channel.write(ByteBuffer.allocate(1), length - 1);
      }
    }
  }

  /** A listing refuses a non-directory before opening it (a FIFO's open would block). */
  static void requireDirectory(Path p) throws IOException {
    if (!Files.readAttributes(p, BasicFileAttributes.class).isDirectory()) {
      throw new NotDirectoryException(p.toString());
    }
  }

  static List<String> readdir(Path p) throws IOException {
    requireDirectory(p);
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(p)) {
      for (Path e : entries) {
        names.add(e.getFileName().toString());
      }
    }
    return names;
  }

  static void unlink(Path p) throws IOException {
    if (lstat(p).isDirectory()) {
      throw FsErrors.isADirectory(p);
    }
    Files.delete(p);
  }

  static void rmdir(Path p) throws IOException {
    if (!lstat(p).isDirectory()) {
      throw FsErrors.notADirectory(p);
    }
    Files.delete(p);
  }

  /** rm without recursive: files and links; the names rm refuses ({@link #refusedByRm}). */
  static void rm(Path p) throws IOException {
    if (refusedByRm(p)) {
      throw FsErrors.dotOrDotDot(p);
    }
    if (lstat(p).isDirectory()) {
      throw FsErrors.isADirectory(p);
    }
    Files.delete(p);
  }

  /** rm -rf: NIO's walk, deleting each entry after its contents. */
  static void rmRecursive(Path p) throws IOException {
    if (refusedByRm(p)) {
      throw FsErrors.dotOrDotDot(p);
    }
    BasicFileAttributes attrs;
    try {
      attrs = lstat(p);
    } catch (NoSuchFileException e) {
      return;
    }
    if (!attrs.isDirectory()) {
      Files.delete(p);
      return;
    }
    Files.walkFileTree(
        p,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes a) throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
            if (exc != null) {
              throw exc;
            }
            Files.delete(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  /**
   * Whether rm refuses {@code p}: a last name of {@code .} or {@code ..} (GNU rm's rule, and the
   * contract's), or the empty path, which the contract reads as the working directory, {@code .}.
   */
  static boolean refusedByRm(Path p) {
    return p.toString().isEmpty() || FsErrors.endsInDotOrDotDot(p);
  }

  static Path mkdtemp(Path prefix) throws IOException {
    Path name = prefix.getFileName();
    if (name == null) {
      throw new IllegalArgumentException("mkdtemp needs a name prefix, not a root: " + prefix);
    }
    Path parent =
        prefix.getParent() != null ? prefix.getParent() : prefix.getFileSystem().getPath("");
    return Files.createTempDirectory(
        parent,
        name.toString(),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  static void copyFile(Path source, Path target) throws IOException {
    if (Files.readAttributes(source, BasicFileAttributes.class).isDirectory()) {
      throw FsErrors.isADirectory(source);
    }
    Files.copy(source, target);
  }

  static void rename(Path source, Path target) throws IOException {
    Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
  }

  /** What a walk records for one entry. */
  interface Line {
    String of(Path root, Path entry, BasicFileAttributes attrs);
  }

  /**
   * Every entry below {@code root} (not the root), one {@link Line} each, links followed only when
   * {@code follow} (a cycle is then NIO's {@link java.nio.file.FileSystemLoopException}).
   */
  static List<String> walk(Path root, boolean follow, Line line) throws IOException {
    requireDirectory(root);
    List<String> out = new ArrayList<>();
    EnumSet<FileVisitOption> options =
        follow ? EnumSet.of(FileVisitOption.FOLLOW_LINKS) : EnumSet.noneOf(FileVisitOption.class);
    Files.walkFileTree(
        root,
        options,
        Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) {
            if (!dir.equals(root)) {
              out.add(line.of(root, dir, a));
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes a) {
            out.add(line.of(root, file, a));
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
            throw exc;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
            if (exc != null) {
              throw exc;
            }
            return FileVisitResult.CONTINUE;
          }
        });
    return out;
  }

  static String scanLine(Path root, Path entry, BasicFileAttributes attrs) {
    FileKind kind = FileKind.of(attrs);
    return Values.scanLine(
        RelativePaths.of(root, entry),
        entry.getFileName().toString(),
        kind,
        attrs.size(),
        root.relativize(entry).getNameCount());
  }

  /**
   * cp as NIO walks it, with docs/semantics/cp.md's modes ("Mode": as {@code cp -a}): directories
   * created or merged into, each given the source's permission bits once filled (a directory merged
   * into too, which {@code cp -r} would leave alone), files copied with their bits and links as
   * links (existing files replaced), a special file refused, a directory never copied into itself.
   */
  static void cp(Path source, Path target) throws IOException {
    java.util.Deque<Path> created = new java.util.ArrayDeque<>();
    BasicFileAttributes top = lstat(source);
    if (top.isDirectory()) {
      CopyTarget.refuseIntoItself(source, target);
    } else if (top.isOther()) {
      throw FsErrors.specialFile(source);
    }
    Path parent = target.getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.walkFileTree(
        source,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a)
              throws IOException {
            Path copy = target.resolve(source.relativize(dir));
            try {
              Files.createDirectory(copy);
            } catch (FileAlreadyExistsException e) {
              if (!Files.isDirectory(copy, LinkOption.NOFOLLOW_LINKS)) {
                throw e;
              }
            }
            created.push(copy); // given the source's bits once its content is in
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
            if (exc != null) {
              throw exc;
            }
            Files.setPosixFilePermissions(
                created.pop(), Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS));
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes a) throws IOException {
            if (a.isOther()) {
              throw FsErrors.specialFile(file);
            }
            Path copy = target.resolve(source.relativize(file));
            Files.copy(file, copy, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.REPLACE_EXISTING);
            if (a.isRegularFile()) {
              Files.setPosixFilePermissions(
                  copy, Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
            throw exc;
          }
        });
  }

  private static BasicFileAttributes lstat(Path p) throws IOException {
    return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
  }
}
