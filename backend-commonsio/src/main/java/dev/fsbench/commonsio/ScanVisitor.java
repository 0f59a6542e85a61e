package dev.fsbench.commonsio;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.support.RelativePaths;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.file.Counters;
import org.apache.commons.io.file.CountingPathVisitor;
import org.apache.commons.io.file.PathUtils;
import org.apache.commons.io.filefilter.TrueFileFilter;

/**
 * scan as a Commons IO {@link CountingPathVisitor}: every entry the visitor counts becomes a {@link
 * ScanEntry}, its metadata read once, during the walk, with {@code
 * PathUtils.readPosixFileAttributes} (kind, size, permission bits and modification time from one
 * read). The counters decide what is an entry: a file counts when Commons IO's check accepts it
 * (dangling links added back, as in {@link ListingVisitor}), a directory when the walk leaves it.
 *
 * <p>What the POSIX view cannot say, this cannot report: the mode is the kind's type bits over the
 * nine permission bits, so setuid, setgid and sticky bits are missing, and a device, FIFO or socket
 * ({@code OTHER}) has no type bits. {@code PathUtils.readPosixFileAttributes} returns null instead
 * of throwing; a null is read again with {@code Files.readAttributes}, only to throw what Commons
 * IO swallowed. On a filesystem without the POSIX view the basic attributes are read (through
 * Commons IO too) and the permission bits are 0.
 */
final class ScanVisitor extends CountingPathVisitor {
  private static final LinkOption[] FOLLOW = {};
  private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

  private final Path start;
  private final LinkOption[] directoryOptions;
  private final boolean includeDirectories;
  private final boolean posix;
  private final List<ScanEntry> entries = new ArrayList<>();
  private boolean startIsDirectory;

  ScanVisitor(Path start, boolean followLinks, boolean includeDirectories) {
    super(Counters.longPathCounters(), TrueFileFilter.INSTANCE, TrueFileFilter.INSTANCE);
    this.start = start;
    this.directoryOptions = followLinks ? FOLLOW : NOFOLLOW;
    this.includeDirectories = includeDirectories;
    this.posix = start.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  /**
   * Scans {@code root}: {@code PathUtils.visitFileTree} with this visitor, following links if
   * asked, then sorted. A start that is a link to a directory is followed as {@code opendir(3)}
   * would (see {@link Listing}).
   */
  static List<ScanEntry> scan(Path root, boolean followLinks, boolean includeDirectories)
      throws IOException {
    ScanVisitor visitor = walk(root, followLinks, includeDirectories);
    if (!visitor.startIsDirectory) {
      visitor = walk(Listing.linkedDirectory(root), followLinks, includeDirectories);
    }
    List<ScanEntry> sorted = visitor.entries;
    sorted.sort(ScanEntry.ORDER);
    return sorted;
  }

  private static ScanVisitor walk(Path start, boolean followLinks, boolean includeDirectories)
      throws IOException {
    Set<FileVisitOption> options =
        followLinks
            ? EnumSet.of(FileVisitOption.FOLLOW_LINKS)
            : EnumSet.noneOf(FileVisitOption.class);
    ScanVisitor visitor = new ScanVisitor(start, followLinks, includeDirectories);
    return PathUtils.visitFileTree(visitor, start, options, Integer.MAX_VALUE);
  }

  @Override
  protected boolean accept(Path file, BasicFileAttributes attributes) {
    return super.accept(file, attributes) || attributes.isSymbolicLink();
  }

  @Override
  public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes)
      throws IOException {
    if (directory.equals(start)) {
      startIsDirectory = true;
    }
    return super.preVisitDirectory(directory, attributes);
  }

  @Override
  public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
    long counted = getPathCounters().getFileCounter().get();
    FileVisitResult result = super.visitFile(file, attributes);
    if (getPathCounters().getFileCounter().get() > counted && !file.equals(start)) {
      // the walk's attributes say what it met: a link here is one the walk did not (or could not)
      // follow
      entries.add(entry(file, attributes.isSymbolicLink() ? NOFOLLOW : directoryOptions));
    }
    return result;
  }

  @Override
  public FileVisitResult postVisitDirectory(Path directory, IOException failure)
      throws IOException {
    if (failure != null) {
      throw failure; // Commons IO would count the directory and carry on with an incomplete result
    }
    FileVisitResult result = super.postVisitDirectory(directory, failure);
    if (includeDirectories && !directory.equals(start)) {
      entries.add(entry(directory, directoryOptions));
    }
    return result;
  }

  private ScanEntry entry(Path path, LinkOption[] options) throws IOException {
    Path relative = start.relativize(path);
    String name = String.valueOf(path.getFileName());
    BasicFileAttributes read =
        posix
            ? PathUtils.readPosixFileAttributes(path, options)
            : PathUtils.readBasicFileAttributes(path, options);
    if (read == null) {
      // Commons IO swallowed the failure (a vanished entry, a permission problem): read again to
      // throw it (should the
      // entry have come back meanwhile, this read's answer is the one used)
      read = Files.readAttributes(path, BasicFileAttributes.class, options);
    }
    FileKind kind = FileKind.of(read);
    int permissions = read instanceof PosixFileAttributes ? bits((PosixFileAttributes) read) : 0;
    return new ScanEntry(
        RelativePaths.slashed(relative),
        name,
        kind,
        read.size(),
        kind.typeBits() | permissions,
        read.lastModifiedTime().to(TimeUnit.NANOSECONDS),
        relative.getNameCount());
  }

  private static int bits(PosixFileAttributes attributes) {
    int bits = 0;
    for (PosixFilePermission permission : attributes.permissions()) {
      bits |=
          0400
              >> permission
                  .ordinal(); // OWNER_READ (0400) ... OTHERS_EXECUTE (0001), in declaration order
    }
    return bits;
  }
}
