package dev.fsbench.harness.workload.tree;

import dev.fsbench.harness.model.TreeShape;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.support.RelativePaths;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a tree holds, read entry by entry with plain NIO, never a backend: the oracle of the tree
 * scenarios, the manifest whose SHA-256 run.json records, and the shape REPORT.md names.
 *
 * <pre>{@code
 * TreeManifest m = TreeManifest.read(root);
 * m.paths();     // every relative path, '/'-separated, in code point order
 * m.sha256();    // names, kinds, sizes, permission bits and link targets, hashed
 * m.shape("generated").depth();
 * }</pre>
 *
 * <h2>Names the JVM cannot hold as a String</h2>
 *
 * A Linux name is bytes; a {@link Path} keeps them, its {@code toString()} decodes them with the
 * file name encoding and replaces what is not valid there (a name {@code caf\xe9} prints as {@code
 * caf\uFFFD}, as does its twin {@code caf\xef\xbf\xbd}). An entry whose printed path does not name
 * it again is not {@link Entry#exact()}: the manifest keeps its {@link Path} (which names it),
 * hashes its bytes (read through its {@code file:} URI, which percent-encodes them), and {@link
 * dev.fsbench.harness.workload.verify.CopyCheck} checks a copy by those paths, so no twin can pass
 * for it.
 */
public final class TreeManifest {
  private static final Charset NAMES =
      Charset.forName(System.getProperty("sun.jnu.encoding", StandardCharsets.UTF_8.name()));

  /**
   * One entry below the root.
   *
   * @param relative its path relative to the root, as NIO holds it (exact bytes)
   * @param path the same, printed and {@code '/'}-separated
   * @param kind its kind, links not followed
   * @param size {@code st_size}
   * @param mode the whole {@code st_mode}
   * @param target a link's target as stored, {@code null} for anything else
   * @param exact whether {@code path} (and a link's target) name the entry again: false for a name
   *     not valid in the file name encoding
   */
  public record Entry(
      Path relative, String path, FileKind kind, long size, int mode, Path target, boolean exact) {

    public int permissions() {
      return mode & 07777;
    }

    int depth() {
      return (int) path.chars().filter(c -> c == '/').count() + 1;
    }

    /** The printed path of the directory holding it, {@code ""} for the root. */
    String parent() {
      int slash = path.lastIndexOf('/');
      return slash < 0 ? "" : path.substring(0, slash);
    }
  }

  /** A tree on disk and its manifest, read when it was opened. */
  record Opened(Path root, TreeManifest manifest) {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparing(Entry::path, ScanEntry::compareCodePoints)
          .thenComparing((a, b) -> Arrays.compareUnsigned(bytes(a.relative), bytes(b.relative)));

  private final List<Entry> entries;

  private TreeManifest(List<Entry> entries) {
    this.entries = Collections.unmodifiableList(entries);
  }

  /**
   * Reads every entry below {@code root}, never following a link. A special file (FIFO, socket,
   * device) is an entry of kind {@code OTHER}; an entry that cannot be read is an {@link
   * IOException} naming it.
   */
  public static TreeManifest read(Path root) throws IOException {
    List<Entry> entries = new ArrayList<>();
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            if (!dir.equals(root)) {
              entries.add(entry(root, dir));
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            entries.add(entry(root, file));
            return FileVisitResult.CONTINUE;
          }
        });
    entries.sort(ORDER);
    return new TreeManifest(entries);
  }

  private static Entry entry(Path root, Path absolute) throws IOException {
    FileStat stat = NioStat.lstat(absolute);
    Path relative = root.relativize(absolute);
    Path target = stat.kind() == FileKind.SYMLINK ? Files.readSymbolicLink(absolute) : null;
    boolean exact = namesItself(relative) && (target == null || namesItself(target));
    return new Entry(
        relative,
        RelativePaths.slashed(relative),
        stat.kind(),
        stat.size(),
        stat.mode(),
        target,
        exact);
  }

  /** Whether the printed form of {@code path} is the same path again, byte for byte. */
  static boolean namesItself(Path path) {
    try {
      return path.getFileSystem().getPath(path.toString()).equals(path);
    } catch (InvalidPathException e) {
      return false;
    }
  }

  /**
   * The manifest of a synthetic tree of {@code files} files, from its generator alone: every file
   * holds {@link Payload#SIZE} bytes; permission bits are the filesystem's, so none are recorded.
   */
  static TreeManifest synthetic(int files) {
    List<Entry> entries = new ArrayList<>();
    for (TreeFixture.Entry e : TreeFixture.manifest(files)) {
      long size = e.kind() == FileKind.FILE ? Payload.SIZE : 0;
      entries.add(new Entry(Path.of(e.path()), e.path(), e.kind(), size, 0, null, true));
    }
    return new TreeManifest(entries);
  }

  /** Every entry, in code point order of their printed paths. */
  public List<Entry> entries() {
    return entries;
  }

  /** The printed relative paths, in order. */
  public Set<String> paths() {
    Set<String> paths = new LinkedHashSet<>();
    entries.forEach(e -> paths.add(e.path()));
    return paths;
  }

  /** How many entries a String cannot name ({@link Entry#exact()} false). */
  long notExact() {
    return entries.stream().filter(e -> !e.exact()).count();
  }

  /**
   * SHA-256 over each entry's relative name, kind, size (files and links; a directory's size is the
   * filesystem's business), permission bits and link target, in order, hex. Names and targets are
   * hashed as their bytes, so two runs on the same tree agree whatever their locale.
   */
  String sha256() {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
    for (Entry e : entries) {
      digest.update(e.exact() ? e.path().getBytes(NAMES) : joined(e.relative()));
      digest.update((byte) 0);
      digest.update(e.kind().name().getBytes(StandardCharsets.US_ASCII));
      digest.update((byte) 0);
      long size = e.kind() == FileKind.DIRECTORY ? 0 : e.size();
      digest.update(Long.toString(size).getBytes(StandardCharsets.US_ASCII));
      digest.update((byte) 0);
      digest.update(Integer.toOctalString(e.permissions()).getBytes(StandardCharsets.US_ASCII));
      digest.update((byte) 0);
      if (e.target() != null) {
        digest.update(bytes(e.target()));
      }
      digest.update((byte) '\n');
    }
    StringBuilder hex = new StringBuilder();
    for (byte b : digest.digest()) {
      hex.append(String.format("%02x", b));
    }
    return hex.toString();
  }

  /**
   * The shape of this tree: counts, depth, file sizes, the largest directory, the names a String
   * cannot hold, and the manifest's hash ({@code null} when {@code hashed} is false).
   */
  TreeShape shape(String source, boolean hashed) {
    long files = 0;
    long directories = 0;
    long links = 0;
    long bytes = 0;
    int depth = 0;
    List<Long> sizes = new ArrayList<>();
    Map<String, Integer> perDirectory = new HashMap<>();
    for (Entry e : entries) {
      switch (e.kind()) {
        case FILE:
          files++;
          bytes += e.size();
          sizes.add(e.size());
          break;
        case DIRECTORY:
          directories++;
          break;
        case SYMLINK:
          links++;
          break;
        default:
          throw new IllegalStateException(
              "a special file in a prepared tree: " + e.path() + " (" + e.kind() + ")");
      }
      depth = Math.max(depth, e.depth());
      perDirectory.merge(e.parent(), 1, Integer::sum);
    }
    long largest = perDirectory.values().stream().mapToLong(Integer::longValue).max().orElse(0);
    return new TreeShape(
        source,
        entries.size(),
        files,
        directories,
        links,
        0,
        depth,
        bytes,
        quantiles(sizes),
        largest,
        0,
        notExact(),
        hashed ? sha256() : null);
  }

  /** Nearest-rank quantiles of {@code sizes}, {@code null} when there are none. */
  static TreeShape.Quantiles quantiles(List<Long> sizes) {
    if (sizes.isEmpty()) {
      return null;
    }
    long[] sorted = sizes.stream().mapToLong(Long::longValue).sorted().toArray();
    return new TreeShape.Quantiles(
        sorted[0],
        rank(sorted, 0.10),
        rank(sorted, 0.50),
        rank(sorted, 0.90),
        rank(sorted, 0.99),
        sorted[sorted.length - 1]);
  }

  private static long rank(long[] sorted, double q) {
    int k = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, k) - 1)];
  }

  /** {@code dir}'s entry whose name is the percent-encoded bytes {@code encoded}. */
  public static Path byName(Path dir, String encoded) {
    return Path.of(URI.create(dir.toUri().toString() + encoded));
  }

  /** The bytes of {@code path} as the kernel sees them. */
  static byte[] bytes(Path path) {
    return namesItself(path) ? path.toString().getBytes(NAMES) : joined(path);
  }

  /**
   * The bytes of a path that no String names, from its {@code file:} URI, where NIO percent-encodes
   * every byte outside a few ASCII characters; a relative path's bytes are those after the working
   * directory's.
   */
  private static byte[] joined(Path path) {
    String raw = path.toAbsolutePath().toUri().getRawPath();
    if (raw.length() > 1 && raw.endsWith("/")) {
      raw = raw.substring(0, raw.length() - 1); // toUri marks an existing directory with a slash
    }
    if (!path.isAbsolute()) {
      String base = path.getFileSystem().getPath("").toAbsolutePath().toUri().getRawPath();
      raw = raw.substring(base.endsWith("/") ? base.length() : base.length() + 1);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%' && i + 2 < raw.length()) {
        out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        out.write(c);
      }
    }
    return out.toByteArray();
  }
}
