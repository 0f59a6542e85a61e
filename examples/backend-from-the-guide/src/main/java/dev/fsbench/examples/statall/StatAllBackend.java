package dev.fsbench.examples.statall;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.ForwardingFsBackend;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * stat and lstat of its own: one {@code Files.readAttributes(path, "unix:*")}, which asks the JDK
 * for every attribute of the unix view (about twenty, owner and group names among them) where nio
 * names the thirteen a {@link FileStat} needs. Measuring the two side by side tells what asking for
 * more than needed costs. Every other family is nio's.
 */
final class StatAllBackend extends ForwardingFsBackend {
  static final String ID = "stat-all";

  private static final String ALL = "unix:*";

  StatAllBackend(FsBackend nio) {
    super(nio);
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public Route route(Op op) {
    switch (op) {
      case STAT:
        return Route.own("Files.readAttributes(unix:*), every attribute");
      case LSTAT:
        return Route.own("Files.readAttributes(unix:*, NOFOLLOW_LINKS), every attribute");
      default:
        return Route.nioFallback(delegate().route(op).via());
    }
  }

  /** nio's, less FOREIGN_FILESYSTEMS: the unix view is the default filesystem's. */
  @Override
  public Set<Capability> capabilities() {
    Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
    capabilities.addAll(delegate().capabilities());
    capabilities.remove(Capability.FOREIGN_FILESYSTEMS);
    return Set.copyOf(capabilities);
  }

  @Override
  public FileStat stat(Path path) throws IOException {
    check(path, "path");
    return fileStat(Files.readAttributes(path, ALL));
  }

  @Override
  public FileStat lstat(Path path) throws IOException {
    check(path, "path");
    return fileStat(Files.readAttributes(path, ALL, LinkOption.NOFOLLOW_LINKS));
  }

  /** The unix view's {@code mode} is the whole {@code st_mode}, type bits included. */
  private static FileStat fileStat(Map<String, Object> a) {
    int mode = (Integer) a.get("mode");
    return new FileStat(
        FileKind.ofMode(mode),
        (Long) a.get("size"),
        mode,
        (Integer) a.get("uid"),
        (Integer) a.get("gid"),
        ((Number) a.get("nlink")).longValue(),
        ((Number) a.get("ino")).longValue(),
        ((Number) a.get("dev")).longValue(),
        nanos(a.get("lastAccessTime")),
        nanos(a.get("lastModifiedTime")),
        nanos(a.get("ctime")));
  }

  private static long nanos(Object time) {
    return ((FileTime) time).to(TimeUnit.NANOSECONDS);
  }
}
