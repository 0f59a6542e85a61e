package dev.fsbench.harness.workload.tree;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What {@code stat(2)} says of a path, read with plain {@code java.nio.file.Files}, never a backend
 * under test: how a tree's manifest is read, and what every verification compares with.
 */
public final class NioStat {
  private NioStat() {}

  private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
  private static final LinkOption[] FOLLOW = {};

  /**
   * The attributes {@link #stat} reads, named: {@code unix:*} would also resolve the owner's and
   * group's names (a passwd lookup per entry, most of the cost on a tree of 100,000).
   */
  private static final String STAT_ATTRIBUTES =
      "unix:mode,size,uid,gid,nlink,ino,dev,lastAccessTime,lastModifiedTime,ctime";

  /**
   * The metadata of {@code path}, following a link when {@code followLinks}: what {@code stat(2)}
   * says, read through Linux's {@code unix:*} attribute view.
   */
  public static FileStat stat(Path path, boolean followLinks) throws IOException {
    Map<String, Object> a =
        Files.readAttributes(path, STAT_ATTRIBUTES, followLinks ? FOLLOW : NOFOLLOW);
    int mode = (Integer) a.get("mode");
    return new FileStat(
        FileKind.ofMode(mode),
        (Long) a.get("size"),
        mode,
        (Integer) a.get("uid"),
        (Integer) a.get("gid"),
        ((Number) a.get("nlink")).longValue(),
        (Long) a.get("ino"),
        (Long) a.get("dev"),
        nanos((FileTime) a.get("lastAccessTime")),
        nanos((FileTime) a.get("lastModifiedTime")),
        nanos((FileTime) a.get("ctime")));
  }

  /** The metadata of {@code path} itself, a link reported as a link. */
  public static FileStat lstat(Path path) throws IOException {
    return stat(path, false);
  }

  public static long nanos(FileTime time) {
    return time.to(TimeUnit.NANOSECONDS);
  }
}
