package dev.fsbench.commonsio;

import dev.fsbench.spi.FsErrors;
import java.io.IOException;
import java.nio.file.CopyOption;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.commons.io.file.CopyDirectoryVisitor;
import org.apache.commons.io.file.Counters;

/**
 * Commons IO's {@link CopyDirectoryVisitor} (what {@code PathUtils.copyDirectory} runs), with what
 * the contract asks beyond it. Everything it already does, it keeps doing: it resolves each target,
 * creates missing directories ({@code Files.notExists} then {@code Files.createDirectory}), merges
 * into existing ones, checks every file with {@code Files.exists} and copies it with {@code
 * Files.copy} and the given options (here always with {@code NOFOLLOW_LINKS}, so links are copied
 * as links). Added:
 *
 * <ul>
 *   <li>A non-directory where a directory is to be merged into: Commons IO leaves it and fails
 *       later, child by child, with "Not a directory"; here it is {@code
 *       FileAlreadyExistsException} naming it, as NIO's {@code createDirectory} says (one lstat per
 *       directory). A name that cannot be looked up at all (in a directory the caller may not
 *       search: {@code Files.notExists} says false, so Commons IO made nothing) fails in that
 *       lstat, as {@code createDirectory} would ({@code AccessDeniedException} naming it).
 *   <li>A directory whose listing failed half way: Commons IO ignores the failure handed to {@code
 *       postVisitDirectory}; here it is thrown, as NIO would.
 *   <li>Dangling links: Commons IO skips a file that {@code Files.exists} (links followed) denies,
 *       so a link to a missing target would vanish from the copy. {@link #accept} adds such links
 *       back, judged by the walk's own attributes.
 *   <li>Permission bits: {@code Files.copy} gives a file the source's bits less the umask and a new
 *       directory 0777 less the umask; the contract wants the source's bits. Files get them right
 *       after the copy, directories after their contents (a read-only source directory must not
 *       stop its copy from being filled), as the NIO backend does.
 *   <li>A device, FIFO or socket: Commons IO hands it to {@code Files.copy}, which opens it for
 *       reading, and a FIFO blocks there until a writer comes; here it is refused, naming it,
 *       before it is opened (as the NIO backend does), with what was copied before it left in
 *       place.
 *   <li>A file that vanished from the source after the walk listed it: Commons IO skips it (its
 *       {@code Files.exists} check), and so does the rest of this visitor.
 *   <li>{@code preserveTimestamps}: files and links through {@code COPY_ATTRIBUTES} (links' times
 *       set again, since the JDK may not carry them over), directories after their contents, whose
 *       copying would change them.
 * </ul>
 */
final class TreeCopyVisitor extends CopyDirectoryVisitor {
  private final boolean preserveTimestamps;
  private final boolean posix;

  /**
   * The walk's attributes of the source directories being copied, innermost on top (the walk is
   * depth first).
   */
  private final Deque<BasicFileAttributes> open = new ArrayDeque<>();

  TreeCopyVisitor(Path source, Path target, CopyOption[] options, boolean preserveTimestamps) {
    super(Counters.longPathCounters(), source, target, options);
    this.preserveTimestamps = preserveTimestamps;
    this.posix = source.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  /**
   * Whether Commons IO copied the entry {@link #visitFile} last handed it: its {@code visitFile}
   * asks {@link #accept} once and copies only on yes, so the answer is known without another lstat
   * of the copy.
   */
  private boolean copied;

  @Override
  protected boolean accept(Path file, BasicFileAttributes attributes) {
    copied = super.accept(file, attributes) || attributes.isSymbolicLink();
    return copied;
  }

  @Override
  public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes)
      throws IOException {
    FileVisitResult result = super.preVisitDirectory(directory, attributes);
    open.push(attributes);
    Path copy = targetOf(directory);
    // Commons IO only creates a directory that Files.notExists says is missing: a file (or a link)
    // in its place would fail later, child by child, as "Not a directory"; and a name it cannot
    // look up (in a directory it may not search) is neither, so nothing was created. The lstat
    // fails there as NIO's createDirectory fails (AccessDenied naming the copy).
    BasicFileAttributes made =
        Files.readAttributes(copy, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!made.isDirectory()) {
      throw new FileAlreadyExistsException(copy.toString());
    }
    return result;
  }

  @Override
  public FileVisitResult visitFile(Path sourceFile, BasicFileAttributes attributes)
      throws IOException {
    if (attributes.isOther()) {
      // Files.copy opens a device, FIFO or socket for reading, and a FIFO blocks there until a
      // writer comes
      throw FsErrors.specialFile(sourceFile);
    }
    copied = false;
    FileVisitResult result = super.visitFile(sourceFile, attributes);
    Path copy = targetOf(sourceFile);
    if (!copied) {
      // Commons IO skips a file that Files.exists denies: one that vanished since the walk listed
      // it (or a directory on its way that was renamed for a moment) is left out of the copy, as
      // it would be had the walk listed the directory later; nothing to give bits or times to
      return result;
    }
    if (attributes.isSymbolicLink()) {
      if (preserveTimestamps) {
        setTimes(copy, attributes, LinkOption.NOFOLLOW_LINKS);
      }
    } else if (posix && !preserveTimestamps) {
      Files.setPosixFilePermissions(
          copy, Files.getPosixFilePermissions(sourceFile, LinkOption.NOFOLLOW_LINKS));
    }
    return result;
  }

  @Override
  public FileVisitResult postVisitDirectory(Path directory, IOException failure)
      throws IOException {
    if (failure != null) {
      throw failure; // Commons IO counts the directory and carries on, leaving a partial copy
      // unreported
    }
    FileVisitResult result = super.postVisitDirectory(directory, failure);
    BasicFileAttributes attributes = open.pop();
    Path copy = targetOf(directory);
    if (posix) {
      Files.setPosixFilePermissions(
          copy, Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS));
    }
    if (preserveTimestamps) {
      // the times the walk read before listing the directory: listing it may have moved its access
      // time since
      setTimes(copy, attributes);
    }
    return result;
  }

  /** Where {@code entry} is copied to, resolved as Commons IO resolves it. */
  private Path targetOf(Path entry) {
    return getTargetDirectory().resolve(getSourceDirectory().relativize(entry));
  }

  private static void setTimes(Path copy, BasicFileAttributes of, LinkOption... options)
      throws IOException {
    Files.getFileAttributeView(copy, BasicFileAttributeView.class, options)
        .setTimes(of.lastModifiedTime(), of.lastAccessTime(), null);
  }

  /** The counters Commons IO kept: files copied (links included), directories visited, bytes. */
  Counters.PathCounters counters() {
    return getPathCounters();
  }
}
