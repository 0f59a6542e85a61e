package dev.fsbench.commonsio;

import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Which families Commons IO serves, on which filesystem, and why the others fall back to NIO.
 *
 * <p>The only routes that depend on the filesystem, the {@code java.io.File} ones, are also how
 * {@link CommonsIoBackend} dispatches (it asks {@code isFallback()} before choosing a branch), so
 * for them the route a report prints and the code that runs cannot drift apart. The other routes
 * are fixed per family; the RouteTruth tests hold every one of them against the call stacks of a
 * real run.
 *
 * <p>Three groups. Families whose Commons IO call takes a {@link java.nio.file.Path} run through
 * Commons IO on every filesystem. Families whose Commons IO call takes a {@link java.io.File} can
 * only run on the default filesystem ({@code Path.toFile()} fails elsewhere), so on Jimfs they fall
 * back to NIO and the route says so. Families Commons IO has no operation for always fall back; the
 * reason is part of the route, because a reader comparing columns needs it.
 *
 * <p>Tree families say "serial": Commons IO walks on the calling thread, so a tree option's
 * concurrency changes nothing, and a reader of a {@code c4} column must see that.
 */
final class Routes {
  private Routes() {}

  /** The route of every family for a backend working on {@code fileSystem}. */
  static Map<Op, Route> on(FileSystem fileSystem) {
    boolean fileApiUsable = fileSystem == FileSystems.getDefault();
    Map<Op, Route> routes = new EnumMap<>(Op.class);

    // Path-based Commons IO: any filesystem.
    routes.put(
        Op.APPEND_FILE, Route.own("PathUtils.newOutputStream(path, append=true) + IOUtils.write"));
    routes.put(
        Op.WRITE_FILE, Route.own("PathUtils.newOutputStream(path, append=false) + IOUtils.write"));
    routes.put(
        Op.CP,
        Route.own(
            "PathUtils.visitFileTree + CopyDirectoryVisitor (as PathUtils.copyDirectory); serial;"
                + " by path: follows a directory swapped for a link mid-walk"));
    routes.put(Op.READDIR, Route.own("PathUtils.visitFileTree + AccumulatorPathVisitor; serial"));
    routes.put(
        Op.RM,
        Route.own(
            "PathUtils.delete (DeletingPathVisitor); serial; by path: follows a directory swapped"
                + " for a link mid-walk"));
    routes.put(
        Op.SCAN,
        Route.own(
            "PathUtils.visitFileTree + CountingPathVisitor + PathUtils.readPosixFileAttributes; serial"));
    routes.put(Op.UNLINK, Route.own("PathUtils.deleteFile"));

    // java.io.File-based Commons IO: the default filesystem only.
    fileApi(
        routes,
        fileApiUsable,
        Op.COPY_FILE,
        "FileUtils.copyFile(File, File, preserveFileDate, CopyOption...)");
    fileApi(
        routes,
        fileApiUsable,
        Op.LINES,
        "FileUtils.openInputStream + IOUtils.lineIterator(UTF-8)",
        "; stopped after the range (LineBudget counts the bytes under it); an open that fails:"
            + " NIO's lines says why");
    fileApi(routes, fileApiUsable, Op.MKDIR, "FileUtils.forceMkdir");
    fileApi(
        routes,
        fileApiUsable,
        Op.READ_FILE,
        "FileUtils.readFileToByteArray / FileUtils.readFileToString",
        "; after PathUtils.readBasicFileAttributes, a source of unknown size through"
            + " BoundedInputStream + IOUtils.toByteArray, within ReadLimit");
    fileApi(
        routes,
        fileApiUsable,
        Op.RENAME,
        "FileUtils.moveFile / FileUtils.moveDirectory",
        "; NIO also for a source whose last name is . or .. (rename(2) refuses it, moveDirectory"
            + " would copy its content and then fail)");
    fileApi(routes, fileApiUsable, Op.RMDIR, "FileUtils.delete");

    // No Commons IO operation.
    routes.put(Op.ACCESS, fallback("Commons IO has no access check"));
    routes.put(
        Op.CHMOD,
        fallback(
            "Commons IO cannot set mode bits (PathUtils.setReadOnly only toggles owner write)"));
    routes.put(Op.CHOWN, fallback("Commons IO has no ownership call"));
    routes.put(Op.EXISTS, fallback("Commons IO has no existence test of its own"));
    routes.put(
        Op.GLOB,
        fallback(
            "Commons IO wildcards (WildcardFileFilter) match one name with * and ? only: no **, [...] or {a,b}"));
    routes.put(Op.LINK, fallback("Commons IO cannot create hard links"));
    routes.put(Op.LSTAT, fallback(NO_STAT));
    routes.put(Op.MKDTEMP, fallback("Commons IO cannot create temporary directories"));
    routes.put(Op.READLINK, fallback("Commons IO cannot read a link's target"));
    routes.put(
        Op.REALPATH,
        fallback(
            "Commons IO has no canonical path of its own (FilenameUtils.normalize is lexical)"));
    routes.put(Op.STAT, fallback(NO_STAT));
    routes.put(Op.SYMLINK, fallback("Commons IO cannot create symbolic links"));
    routes.put(
        Op.TRUNCATE,
        fallback("Commons IO has no truncate (RandomAccessFileMode only opens the file)"));
    routes.put(
        Op.UTIMES, fallback("Commons IO sets only mtime, to now (touch) or from another file"));

    if (routes.size() != Op.values().length) {
      throw new AssertionError("a family has no route: " + routes.keySet());
    }
    return Collections.unmodifiableMap(routes);
  }

  private static final String NO_STAT =
      "Commons IO reads only the basic, POSIX and DOS attribute views: no uid, gid, ino, dev, nlink or ctime";

  private static void fileApi(Map<Op, Route> routes, boolean usable, Op op, String call) {
    fileApi(routes, usable, op, call, "");
  }

  /** As above, with {@code note} added to the route of the default filesystem. */
  private static void fileApi(
      Map<Op, Route> routes, boolean usable, Op op, String call, String note) {
    String reason = call + " takes java.io.File, which exists only on the default filesystem";
    routes.put(
        op,
        usable
            ? Route.own(
                call
                    + "; NIO for a name that is not valid UTF-8 (a File's string would name"
                    + " another file)"
                    + note)
            : fallback(reason));
  }

  private static Route fallback(String reason) {
    return Route.nioFallback("NioBackend; " + reason);
  }
}
