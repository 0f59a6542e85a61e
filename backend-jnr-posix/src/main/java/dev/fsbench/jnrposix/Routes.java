package dev.fsbench.jnrposix;

import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Which families jnr-posix serves, and why the others fall back to NIO.
 *
 * <p>jnr-posix calls the kernel with path strings, so it can address only the default filesystem:
 * on any other (Jimfs) every family is NIO's and its route says so. {@link JnrPosixBackend}
 * dispatches on the same table ({@code isFallback()}), so a route and the code that runs cannot
 * drift apart. On the default filesystem, a path whose string would name another file goes to NIO
 * in every family ({@link Names}), which each own route notes.
 */
final class Routes {
  private Routes() {}

  /**
   * The note every own route carries: the names a String cannot carry ({@link Names}: bytes not
   * valid in {@code sun.jnu.encoding}, or non-ASCII where jnr-ffi's charset is another).
   */
  static final String STRING_NAMES = "; NIO for a path whose String would name another file";

  static Map<Op, Route> on(FileSystem fileSystem) {
    Map<Op, Route> routes = new EnumMap<>(Op.class);
    if (fileSystem != FileSystems.getDefault()) {
      String reason =
          "jnr-posix passes path strings to the kernel, which cannot address a "
              + fileSystem.provider().getScheme()
              + " filesystem";
      for (Op op : Op.values()) {
        routes.put(op, fallback(reason));
      }
      return Collections.unmodifiableMap(routes);
    }
    own(routes, Op.ACCESS, "POSIX.access(path, mode): access(2)");
    own(routes, Op.EXISTS, "POSIX.access(path, F_OK) == 0");
    own(routes, Op.STAT, "POSIX.stat(path, FileStat): __xstat64, times in ns (NanosecondFileStat)");
    own(
        routes,
        Op.LSTAT,
        "POSIX.lstat(path, FileStat): __lxstat64, times in ns (NanosecondFileStat)");
    own(routes, Op.CHMOD, "POSIX.chmod(path, mode & 07777)");
    own(routes, Op.CHOWN, "POSIX.chown(path, uid, gid)");
    own(routes, Op.LINK, "POSIX.link(existing, link)");
    own(routes, Op.SYMLINK, "POSIX.symlink(target, link), the target verbatim");
    own(
        routes,
        Op.READLINK,
        "POSIX.readlink(path, byte[], length), the buffer grown until the target fits; NIO for a"
            + " target not valid in sun.jnu.encoding");
    own(routes, Op.RENAME, "POSIX.rename(source, target): rename(2)");
    own(
        routes,
        Op.MKDIR,
        "POSIX.mkdir(path, mode), errors through its POSIXHandler; recursive: Files.createDirectories'"
            + " algorithm (the leaf, then POSIX.access up to the first existing ancestor, then"
            + " POSIX.mkdir down)");
    own(routes, Op.RMDIR, "POSIX.rmdir(path), errors through its POSIXHandler");
    own(routes, Op.UNLINK, "POSIX.unlink(path)");
    own(routes, Op.UTIMES, "POSIX.utimensat(AT_FDCWD, path, atime, mtime, 0): ns, links followed");
    own(routes, Op.TRUNCATE, "POSIX.truncate(path, length)");
    own(
        routes,
        Op.READ_FILE,
        "POSIX.open(O_RDONLY | O_CLOEXEC) + fstat + read into the array (heap ByteBuffer) +"
            + " close; a size fstat does not know read in doubling buffers, within ReadLimit");
    own(
        routes,
        Op.WRITE_FILE,
        "POSIX.open(O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666) + write until all is written"
            + " + close");
    own(
        routes,
        Op.APPEND_FILE,
        "POSIX.open(O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666) + write until all is"
            + " written + close");

    routes.put(
        Op.COPY_FILE,
        fallback("jnr-posix has no copy call (no sendfile or copy_file_range binding)"));
    String noListing =
        "jnr-posix binds no directory listing (no opendir/readdir) and walks no tree";
    routes.put(Op.CP, fallback(noListing));
    routes.put(Op.RM, fallback(noListing));
    routes.put(Op.READDIR, fallback(noListing));
    routes.put(Op.GLOB, fallback(noListing + ", and has no glob"));
    routes.put(Op.SCAN, fallback(noListing));
    routes.put(
        Op.LINES,
        fallback(
            "jnr-posix reads bytes (POSIX.read), not lines: the line splitting over them would be"
                + " this adapter's code, not jnr-posix's"));
    routes.put(Op.MKDTEMP, fallback("jnr-posix binds no mkdtemp"));
    routes.put(Op.REALPATH, fallback("jnr-posix binds no realpath"));

    if (routes.size() != Op.values().length) {
      throw new AssertionError("a family has no route: " + routes.keySet());
    }
    return Collections.unmodifiableMap(routes);
  }

  private static void own(Map<Op, Route> routes, Op op, String via) {
    routes.put(op, Route.own(via + STRING_NAMES));
  }

  private static Route fallback(String reason) {
    return Route.nioFallback("NioBackend; " + reason);
  }
}
