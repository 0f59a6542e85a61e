package dev.fsbench.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Fixtures named by their shape, made with {@code Files} only (never with the backend under test),
 * and the fixed values cases compare against.
 */
final class Fixtures {
  private Fixtures() {}

  /** DESIGN.md's payload: 'a' repeated 4096 times. */
  static final byte[] BYTES_4KIB = repeat((byte) 'a', 4096);

  /**
   * DESIGN.md's non-ASCII payload: "文件内容🙂" repeated and padded with 'x' to exactly 4096 UTF-8
   * bytes.
   */
  static final String TEXT_4KIB = utf8Text4KiB();

  /** Known times the cases set and read back: 1600000000 s and 1600000001 s. */
  static final FileTime ATIME = FileTime.from(Instant.ofEpochSecond(1_600_000_000L));

  static final FileTime MTIME = FileTime.from(Instant.ofEpochSecond(1_600_000_001L));

  /** Times with every nanosecond digit used, for "to the nanosecond" checks. */
  static final FileTime ATIME_NS =
      FileTime.from(Instant.ofEpochSecond(1_600_000_000L, 123_456_789L));

  static final FileTime MTIME_NS =
      FileTime.from(Instant.ofEpochSecond(1_600_000_001L, 987_654_321L));

  /** The relative paths of {@link #treeOf4Files}, DESIGN.md's tree shape at scale 4. */
  static final Set<String> TREE_OF_4_FILES =
      Set.of(
          "d0",
          "d0/nested",
          "d0/nested/f0.js",
          "d0/nested/f1.js",
          "d0/nested/f2.js",
          "d0/nested/f3.js",
          "empty");

  static byte[] repeat(byte value, int count) {
    byte[] bytes = new byte[count];
    Arrays.fill(bytes, value);
    return bytes;
  }

  /** Bytes that differ from position to position, so a shifted or partial copy cannot pass. */
  static byte[] patterned(int size) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) (i * 31 % 251);
    }
    return bytes;
  }

  private static String utf8Text4KiB() {
    StringBuilder text = new StringBuilder();
    String unit = "文件内容🙂";
    int unitBytes = unit.getBytes(StandardCharsets.UTF_8).length;
    int bytes = 0;
    while (bytes + unitBytes <= 4096) {
      text.append(unit);
      bytes += unitBytes;
    }
    while (bytes < 4096) {
      text.append('x');
      bytes++;
    }
    return text.toString();
  }

  static Path fileOf4KiB(Path at) throws IOException {
    return fileWith(at, BYTES_4KIB);
  }

  static Path textFileOf4KiB(Path at) throws IOException {
    return fileWith(at, TEXT_4KIB.getBytes(StandardCharsets.UTF_8));
  }

  static Path emptyFile(Path at) throws IOException {
    return fileWith(at, new byte[0]);
  }

  static Path fileWith(Path at, byte[] content) throws IOException {
    if (at.getParent() != null) {
      Files.createDirectories(at.getParent());
    }
    return Files.write(at, content);
  }

  static Path emptyDir(Path at) throws IOException {
    return Files.createDirectories(at);
  }

  /**
   * A link storing {@code target} verbatim (relative targets resolve against the link's directory).
   */
  static Path symlink(Path at, String target) throws IOException {
    if (at.getParent() != null) {
      Files.createDirectories(at.getParent());
    }
    return Files.createSymbolicLink(at, at.getFileSystem().getPath(target));
  }

  /** {@code at/d0/nested/f0.js .. f3.js} (4 KiB each) and the empty directory {@code at/empty}. */
  static Path treeOf4Files(Path at) throws IOException {
    for (int i = 0; i < 4; i++) {
      fileOf4KiB(at.resolve("d" + (i / 25)).resolve("nested").resolve("f" + i + ".js"));
    }
    emptyDir(at.resolve("empty"));
    return at;
  }

  static void setTimes(Path path, FileTime atime, FileTime mtime, LinkOption... options)
      throws IOException {
    Files.getFileAttributeView(path, BasicFileAttributeView.class, options)
        .setTimes(mtime, atime, null);
  }

  static void setPermissions(Path path, int bits) throws IOException {
    Files.setPosixFilePermissions(path, permissions(bits));
  }

  static Set<PosixFilePermission> permissions(int bits) {
    Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
    List<PosixFilePermission> order =
        List.of(PosixFilePermission.values()); // OWNER_READ (0400) .. OTHERS_EXECUTE (01)
    for (int i = 0; i < order.size(); i++) {
      if ((bits & (0400 >> i)) != 0) {
        set.add(order.get(i));
      }
    }
    return set;
  }

  static int bits(Set<PosixFilePermission> permissions) {
    int bits = 0;
    for (PosixFilePermission p : permissions) {
      bits |= 0400 >> p.ordinal();
    }
    return bits;
  }
}
