package dev.fsbench.guava;

import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Which families Guava serves, and why the others are NIO's.
 *
 * <p>Guava's file calls take a {@link java.nio.file.Path} ({@code MoreFiles}) or a {@link
 * java.io.File} ({@code com.google.common.io.Files}). The backend uses the {@code Path} ones only,
 * so every route holds on any filesystem (the default one and Jimfs alike) and the table does not
 * depend on it. A family Guava has no call for is NIO's, with the reason, because a reader
 * comparing columns needs it; so is a family whose only Guava call is a thin cover of one NIO call
 * a user would make directly.
 *
 * <p>Tree families say "serial": Guava walks on the calling thread, so a tree option's concurrency
 * changes nothing.
 */
final class Routes {
  private Routes() {}

  private static final Map<Op, Route> ROUTES = table();

  /** The route of {@code op}. */
  static Route of(Op op) {
    return ROUTES.get(op);
  }

  private static Map<Op, Route> table() {
    Map<Op, Route> routes = new EnumMap<>(Op.class);
    routes.put(
        Op.RM,
        Route.own(
            "MoreFiles.deleteRecursively (SecureDirectoryStream: by directory handles, links never"
                + " followed; no RecursiveDeleteOption, so InsecureRecursiveDeleteException where a"
                + " filesystem has none); serial; without recursive: Files.readAttributes +"
                + " Files.delete (Guava removes only recursively)"));
    routes.put(
        Op.READDIR,
        Route.own(
            "MoreFiles.listFiles; recursive: MoreFiles.fileTraverser().depthFirstPreOrder"
                + " (Files.isDirectory(NOFOLLOW_LINKS) per entry); serial; after"
                + " Files.readAttributes of the argument (a FIFO would block the listing's open)"));
    routes.put(
        Op.COPY_FILE,
        Route.own(
            "MoreFiles.asByteSource(source).copyTo(MoreFiles.asByteSink(target, CREATE_NEW))"
                + " after Files.readAttributes of the source and an lstat of the target (as"
                + " Files.copy starts); replaceExisting: Files.delete of the target first;"
                + " preserve: times and permission bits set afterwards through NIO (Guava copies"
                + " bytes only); no clone"));
    routes.put(
        Op.READ_FILE,
        Route.own(
            "MoreFiles.asByteSource(path).read() / asCharSource(UTF_8).read() after"
                + " ByteSource.sizeIfKnown (one stat); a source of unknown size through"
                + " ByteSource.slice(0, ReadLimit + 1)"));
    routes.put(
        Op.LINES,
        Route.own(
            "MoreFiles.asByteSource(path).asCharSource(UTF_8).readLines(LineProcessor), stopped"
                + " after the range (LineBudget counts the bytes under it)"));
    routes.put(Op.WRITE_FILE, Route.own("MoreFiles.asByteSink(path) / asCharSink(path, UTF_8)"));
    routes.put(
        Op.APPEND_FILE,
        Route.own("MoreFiles.asByteSink(path, CREATE, APPEND) / asCharSink(path, UTF_8, ...)"));
    routes.put(
        Op.MKDIR,
        Route.own(
            "recursive: MoreFiles.createParentDirectories + Files.createDirectory; without"
                + " recursive: Files.createDirectory alone (Guava has no single-level call)"));

    routes.put(Op.ACCESS, fallback("Guava has no access check"));
    routes.put(Op.CHMOD, fallback("Guava cannot set permission bits"));
    routes.put(Op.CHOWN, fallback("Guava has no ownership call"));
    routes.put(
        Op.CP,
        fallback(
            "Guava has no tree copy (Files.copy and ByteSource.copyTo copy one file's bytes)"));
    routes.put(
        Op.EXISTS,
        fallback(
            "Guava has no existence test (MoreFiles.isDirectory / isRegularFile are predicates"
                + " over Files)"));
    routes.put(Op.GLOB, fallback("Guava has no glob"));
    routes.put(Op.LINK, fallback("Guava cannot create hard links"));
    routes.put(Op.LSTAT, fallback(NO_STAT));
    routes.put(
        Op.MKDTEMP,
        fallback(
            "Guava's Files.createTempDir (deprecated) makes a directory in java.io.tmpdir only,"
                + " with no prefix"));
    routes.put(Op.READLINK, fallback("Guava cannot read a link's target"));
    routes.put(Op.REALPATH, fallback("Guava has no canonical path"));
    routes.put(
        Op.RENAME,
        fallback(
            "Guava's only move, com.google.common.io.Files.move(File, File), is"
                + " java.io.File.renameTo with a copy-and-delete fallback that is not atomic"
                + " (java-io measures renameTo)"));
    routes.put(Op.RMDIR, fallback("Guava removes only recursively"));
    routes.put(
        Op.SCAN,
        fallback(
            "Guava's fileTraverser gives paths only; a scan needs each entry's mode, size and"
                + " mtime"));
    routes.put(Op.STAT, fallback(NO_STAT));
    routes.put(Op.SYMLINK, fallback("Guava cannot create symbolic links"));
    routes.put(Op.TRUNCATE, fallback("Guava cannot truncate (a ByteSink only writes)"));
    routes.put(Op.UNLINK, fallback("Guava removes only recursively"));
    routes.put(
        Op.UTIMES, fallback("Guava sets only the modification time, to now (MoreFiles.touch)"));

    if (routes.size() != Op.values().length) {
      throw new AssertionError("a family has no route: " + routes.keySet());
    }
    return Collections.unmodifiableMap(routes);
  }

  private static final String NO_STAT =
      "Guava reads no attributes (ByteSource.sizeIfKnown reads the size alone)";

  private static Route fallback(String reason) {
    return Route.nioFallback("NioBackend; " + reason);
  }
}
