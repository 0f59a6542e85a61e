package dev.fsbench.harness.model;

import java.util.Objects;

/**
 * What a tree scenario's tree holds, as run.json records it: counts, depth and sizes, never a name.
 * A reader can tell from it whether two runs measured the same kind of tree, and from {@link
 * #manifestSha256} whether they measured the very same one.
 *
 * <pre>{@code
 * TreeShape jdk = run.trees().get("jdk-src");
 * jdk.files();              // 15,224 source files of the JDK
 * jdk.fileSizes().p50();    // the median file, in bytes
 * }</pre>
 *
 * @param source where the tree came from: {@code synthetic} (the generator of {@code tree-N}),
 *     {@code generated} (links-dots, wide-100k), {@code src.zip of JDK <version>} (jdk-src), or
 *     {@code snapshot of --tree} (the user's tree, copied once into the sandbox)
 * @param entries every entry below the root: files, directories, links
 * @param files regular files
 * @param directories directories below the root (the root not counted)
 * @param links symbolic links, never followed
 * @param skipped special files of the source (FIFOs, sockets, devices) left out of the snapshot; 0
 *     but for {@code --tree}
 * @param depth the most segments of any entry's relative path (1: the root's own children)
 * @param bytes the sizes of the regular files, summed
 * @param fileSizes nearest-rank quantiles of the regular files' sizes, {@code null} without files
 * @param largestDirectory the most entries directly inside one directory, the root included
 * @param modesAdjusted entries whose permission bits the snapshot changed (owner read, and for
 *     directories owner write and search, added; setuid, setgid and sticky dropped), so that every
 *     backend can copy and remove it; 0 but for {@code --tree}
 * @param namesNotUtf8 entries whose name the JVM cannot hold as a String (bytes that are not valid
 *     in the file name encoding): readdir, glob and scan cannot return them, so their cells are
 *     omitted
 * @param manifestSha256 SHA-256 of the manifest (each entry's relative name, kind, size, permission
 *     bits and link target, in code point order), hex; {@code null} for a synthetic tree, which its
 *     generator and size define
 */
public record TreeShape(
    String source,
    long entries,
    long files,
    long directories,
    long links,
    long skipped,
    int depth,
    long bytes,
    Quantiles fileSizes,
    long largestDirectory,
    long modesAdjusted,
    long namesNotUtf8,
    String manifestSha256) {

  public TreeShape {
    Objects.requireNonNull(source, "source");
    if (entries != files + directories + links) {
      throw new IllegalArgumentException(
          "entries "
              + entries
              + " are not files "
              + files
              + " + directories "
              + directories
              + " + links "
              + links);
    }
  }

  /** The same shape with other counts of what a snapshot skipped and adjusted. */
  public TreeShape withSnapshot(String source, long skipped, long modesAdjusted) {
    return new TreeShape(
        source,
        entries,
        files,
        directories,
        links,
        skipped,
        depth,
        bytes,
        fileSizes,
        largestDirectory,
        modesAdjusted,
        namesNotUtf8,
        manifestSha256);
  }

  /**
   * One line naming the shape, for the console and REPORT.md: {@code 16,262 entries (15,224 files,
   * 1,038 directories, 0 links), depth 12, 213 MB}.
   */
  public String summary() {
    return String.format(
        "%,d entries (%,d files, %,d directories, %,d links), depth %d, %,d bytes",
        entries, files, directories, links, depth, bytes);
  }

  /**
   * Nearest-rank quantiles of file sizes in bytes: the {@code ceil(q n)}-th smallest, always an
   * observed size.
   */
  public record Quantiles(long min, long p10, long p50, long p90, long p99, long max) {}
}
