package dev.fsbench.javaio;

import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Which families java.io.File and its streams serve, and why the others are NIO's.
 *
 * <p>{@link java.io.File} addresses the default filesystem only ({@code Path.toFile()} exists
 * nowhere else), so on any other filesystem (Jimfs) every family falls back to NIO, and each route
 * says so. {@link JavaIoBackend} dispatches on the same table ({@code isFallback()}), so a report's
 * route and the code that runs cannot drift apart. On the default filesystem too, a path that
 * {@code File} would name otherwise (the empty path, a name that is not valid UTF-8, and where
 * java.io canonicalizes a {@code .} or {@code ..} name: {@link FileNames}) goes to NIO, and every
 * own route says that.
 *
 * <p>The families java.io has no call for are NIO's on every filesystem, each with the limit of the
 * legacy API that makes it so; {@code LegacyLimitsTest} shows each limit.
 */
final class Routes {
  private Routes() {}

  private static final String OTHER_NAMES =
      "; NIO for a path File would name otherwise (empty, or not valid UTF-8)";
  private static final String DOTS =
      "; NIO for a path with a . or .. name (where realpath fails, File.getCanonicalPath removes"
          + " them as text: f/.. of a file is its directory)";
  private static final String WHY_NOT = "; on false, NIO's own call says why";
  private static final String DEEP_OR_LOST =
      " a directory deeper than "
          + LinkTest.MAX_DEPTH
          + " levels (the link test's realpath grows with the depth) or holding a name with"
          + " U+FFFD";

  /** The route of every family for a backend working on {@code fileSystem}. */
  static Map<Op, Route> on(FileSystem fileSystem) {
    boolean usable = fileSystem == FileSystems.getDefault();
    Map<Op, Route> routes = new EnumMap<>(Op.class);

    file(routes, usable, Op.EXISTS, "File.exists");
    file(
        routes,
        usable,
        Op.ACCESS,
        "File.exists + File.canRead / canWrite / canExecute (access(2))" + WHY_NOT);
    file(
        routes,
        usable,
        Op.MKDIR,
        "File.mkdir / File.mkdirs"
            + WHY_NOT
            + "; a mode other than 0777: NIO (File cannot ask for one)");
    file(
        routes,
        usable,
        Op.RMDIR,
        "Files.readAttributes (java.io cannot tell a link from its target) + File.delete"
            + WHY_NOT);
    file(
        routes,
        usable,
        Op.UNLINK,
        "Files.readAttributes (java.io cannot tell a link from its target) + File.delete"
            + WHY_NOT);
    file(routes, usable, Op.RENAME, "File.renameTo" + WHY_NOT);
    file(
        routes,
        usable,
        Op.READDIR,
        "File.list; recursive: File.list per directory, File.isDirectory + the canonical-path link"
            + " test (File.getCanonicalFile) per entry; serial; on null, NIO's listing says why;"
            + DEEP_OR_LOST
            + ": NIO's listing"
            + DOTS);
    file(
        routes,
        usable,
        Op.READ_FILE,
        "File.length + FileInputStream.readAllBytes; a length of 0: a FileInputStream.read loop to"
            + " ReadLimit + 1; an"
            + " open that fails: NIO's readFile says why");
    file(
        routes,
        usable,
        Op.LINES,
        "BufferedReader(InputStreamReader(FileInputStream, UTF-8)).readLine, stopped after the"
            + " range (LineBudget counts the bytes under it); an open that fails: NIO's lines says"
            + " why");
    file(
        routes,
        usable,
        Op.WRITE_FILE,
        "FileOutputStream(file).write; an open that fails: NIO's writeFile says why");
    file(
        routes,
        usable,
        Op.APPEND_FILE,
        "FileOutputStream(file, true).write; an open that fails: NIO's appendFile says why");
    file(
        routes,
        usable,
        Op.COPY_FILE,
        "FileInputStream.transferTo(FileOutputStream) (JDK 21+: FileChannel.transferTo; 17: an 8"
            + " KiB loop), after an lstat of the target through NIO (File.exists follows links);"
            + " preserve: times and permission bits set through NIO; an open that fails: NIO's"
            + " copyFile says why; no clone");
    file(
        routes,
        usable,
        Op.TRUNCATE,
        "File.exists + RandomAccessFile(file, \"rw\").setLength; an open that fails: NIO's"
            + " truncate says why");
    file(
        routes,
        usable,
        Op.REALPATH,
        "File.getCanonicalFile + File.exists (a missing path has a canonical path too); a missing"
            + " or U+FFFD result: NIO's toRealPath"
            + DOTS);
    file(
        routes,
        usable,
        Op.RM,
        "File.list / File.isDirectory + the canonical-path link test / File.delete, walked by"
            + " path; serial; by path: follows a directory swapped for a link mid-walk;"
            + DEEP_OR_LOST
            + ": NIO's rm"
            + DOTS
            + "; without recursive: Files.readAttributes + File.delete"
            + WHY_NOT);

    routes.put(
        Op.CHMOD,
        fallback(
            "java.io.File sets a permission for the owner or for everyone (setReadable,"
                + " setWritable, setExecutable): 0640 cannot be expressed"));
    routes.put(Op.CHOWN, fallback("java.io.File has no ownership call"));
    routes.put(
        Op.CP,
        fallback(
            "java.io.File cannot create a symbolic link (cp copies links as links) nor set group"
                + " or other permission bits (cp keeps each entry's mode)"));
    routes.put(Op.GLOB, fallback("java.io has no glob (a FilenameFilter sees one name)"));
    routes.put(Op.LINK, fallback("java.io.File cannot create hard links"));
    routes.put(Op.LSTAT, fallback("java.io.File follows links (no lstat); " + NO_STAT));
    routes.put(
        Op.MKDTEMP,
        fallback(
            "java.io's idiom (File.createTempFile, delete, mkdir) leaves the name free between"
                + " the delete and the mkdir, and File.mkdir cannot ask for 0700"));
    routes.put(Op.READLINK, fallback("java.io.File cannot read a link's target"));
    routes.put(Op.SCAN, fallback("a scan needs each entry's mode: " + NO_STAT));
    routes.put(Op.STAT, fallback(NO_STAT));
    routes.put(Op.SYMLINK, fallback("java.io.File cannot create symbolic links"));
    routes.put(
        Op.UTIMES,
        fallback(
            "java.io.File sets only the modification time, in milliseconds"
                + " (File.setLastModified)"));

    if (routes.size() != Op.values().length) {
      throw new AssertionError("a family has no route: " + routes.keySet());
    }
    return Collections.unmodifiableMap(routes);
  }

  private static final String NO_STAT =
      "java.io.File reads no mode, uid, gid, ino, dev or nlink, and times in milliseconds"
          + " (length, lastModified, isDirectory, isFile only)";

  /** A java.io route on the default filesystem, NIO's elsewhere. */
  private static void file(Map<Op, Route> routes, boolean usable, Op op, String call) {
    routes.put(
        op,
        usable
            ? Route.own(call + OTHER_NAMES)
            : fallback(
                "java.io.File exists only on the default filesystem (Path.toFile() fails"
                    + " elsewhere)"));
  }

  private static Route fallback(String reason) {
    return Route.nioFallback("NioBackend; " + reason);
  }
}
