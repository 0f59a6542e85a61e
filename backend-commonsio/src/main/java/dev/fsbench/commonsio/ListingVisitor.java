package dev.fsbench.commonsio;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.apache.commons.io.file.AccumulatorPathVisitor;
import org.apache.commons.io.file.Counters;
import org.apache.commons.io.filefilter.TrueFileFilter;

/**
 * Commons IO's {@link AccumulatorPathVisitor}, keeping dangling symbolic links and reporting a
 * failed listing.
 *
 * <p>The accumulator only records a file that {@code Files.exists} (links followed), so a link
 * whose target is missing is silently left out of the listing; the contract lists links as entries
 * whatever they point to. The override keeps Commons IO's check (and its cost: one stat per file)
 * and adds back what it drops, judged by the walk's own attributes, which are the link's (the walk
 * never follows links). And like every Commons IO counting visitor it ignores the failure the walk
 * hands to {@code postVisitDirectory} (a directory whose listing broke off half way), which would
 * make the listing silently incomplete; here it is thrown.
 *
 * <p>Built through the deprecated constructor because {@code AccumulatorPathVisitor.builder()}
 * cannot build a subclass.
 */
final class ListingVisitor extends AccumulatorPathVisitor {
  private final Path start;
  private boolean startIsDirectory;

  @SuppressWarnings("deprecation")
  ListingVisitor(Path start) {
    super(Counters.noopPathCounters(), TrueFileFilter.INSTANCE, TrueFileFilter.INSTANCE);
    this.start = start;
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
  public FileVisitResult postVisitDirectory(Path directory, IOException failure)
      throws IOException {
    if (failure != null) {
      throw failure;
    }
    return super.postVisitDirectory(directory, failure);
  }

  /**
   * Whether the walk entered its start as a directory (it visits a file, or a link, as a single
   * entry instead).
   */
  boolean startIsDirectory() {
    return startIsDirectory;
  }
}
