package dev.fsbench.nio;

import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.util.EnumMap;
import java.util.Map;

/**
 * What serves each family in the NIO backend: always NIO itself ({@link Route.Kind#OWN}), through
 * the calls named here. The names include the checks added for the contract, and "serial" on tree
 * families whose concurrency is ignored, because a reader comparing timings must know that a call
 * does more (or less) than its namesake.
 */
final class NioRoutes {
  private NioRoutes() {}

  private static final Map<Op, Route> ROUTES = new EnumMap<>(Op.class);

  static {
    own(Op.ACCESS, "FileSystemProvider.checkAccess");
    own(Op.APPEND_FILE, "Files.write(CREATE, APPEND)");
    own(Op.CHMOD, "Files.setPosixFilePermissions (unix:mode for setuid/setgid/sticky)");
    own(Op.CHOWN, "Files.setAttribute(unix:uid) + Files.setAttribute(unix:gid)");
    own(Op.COPY_FILE, "Files.readAttributes (refuses a directory) + Files.copy; no clone");
    own(
        Op.CP,
        "SecureDirectoryStream (by directory handles: FileChannel.transferTo, directories and links"
            + " made in a staging directory and moved into place); Files.copy for a file or a link,"
            + " Files.walkFileTree without SecureDirectoryStream; serial");
    own(Op.EXISTS, "Files.exists");
    own(
        Op.GLOB,
        "GlobPattern + Files.newDirectoryStream + Files.readAttributes, pruned walk; serial");
    own(
        Op.LINES,
        "BufferedReader(InputStreamReader(Files.newInputStream, UTF-8)).readLine, stopping after the"
            + " range (LineBudget counts the bytes under it)");
    own(Op.LINK, "Files.createLink");
    own(
        Op.LSTAT,
        "Files.readAttributes(NOFOLLOW_LINKS) of the 13 unix attributes a FileStat needs");
    own(Op.MKDIR, "Files.createDirectory / Files.createDirectories");
    own(Op.MKDTEMP, "Files.createTempDirectory");
    own(Op.READ_FILE, "Files.readAllBytes, within ReadLimit (BoundedRead)");
    own(
        Op.READDIR,
        "Files.newDirectoryStream (+ Files.readAttributes per entry when recursive); serial");
    own(Op.READLINK, "Files.readSymbolicLink");
    own(Op.REALPATH, "Path.toRealPath");
    own(Op.RENAME, "Files.move(ATOMIC_MOVE)");
    own(
        Op.RM,
        "Files.readAttributes + Files.delete / TreeRemoval (SecureDirectoryStream: by directory"
            + " handles, links never followed); serial");
    own(Op.RMDIR, "Files.readAttributes (refuses a non-directory) + Files.delete");
    own(Op.SCAN, "Files.newDirectoryStream + Files.readAttributes(unix:*) per entry; serial");
    own(Op.STAT, "Files.readAttributes of the 13 unix attributes a FileStat needs");
    own(Op.SYMLINK, "Files.createSymbolicLink");
    own(Op.TRUNCATE, "FileChannel.truncate (FileChannel.write to extend)");
    own(Op.UNLINK, "Files.readAttributes (refuses a directory) + Files.delete");
    own(
        Op.UTIMES,
        "Files.readAttributes + BasicFileAttributeView.setTimes (a FIFO held open O_RDWR"
            + " meanwhile)");
    own(Op.WRITE_FILE, "Files.write");
    if (ROUTES.size() != Op.values().length) {
      throw new AssertionError("a family has no route");
    }
  }

  private static void own(Op op, String via) {
    ROUTES.put(op, Route.own(via));
  }

  static Route of(Op op) {
    return ROUTES.get(op);
  }
}
