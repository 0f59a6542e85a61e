package dev.fsbench.commonsio;

import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/**
 * One call of one family, for the route spies: what it runs in a fresh fixture, and, for a family
 * routed to Commons IO, which access is the family's effect and which Commons IO method must be on
 * the stack when it happens.
 *
 * <p>The fixture, made by {@link #prepare} in an empty directory: {@code f} (4 bytes), {@code link
 * -> f} (relative), {@code empty/}, {@code tree/a/f}, {@code tree/b/}.
 *
 * @param op the family
 * @param variant what distinguishes this call from another of the same family ("bytes", "text",
 *     ...)
 * @param effect what the family does to {@link #effectPath}
 * @param effectPath the path, relative to the fixture, the effect is about
 * @param commonsIoMethod {@code SimpleClassName#method} of the Commons IO method the route names,
 *     which must be on the stack of at least one effect access when the family is routed to Commons
 *     IO; unused for fallbacks
 * @param call the call
 */
record FamilyScenario(
    Op op,
    String variant,
    Call.Kind effect,
    String effectPath,
    String commonsIoMethod,
    Action call) {

  @FunctionalInterface
  interface Action {
    void run(FsBackend fs, Path dir) throws Exception;
  }

  private static final byte[] BYTES = "data".getBytes(StandardCharsets.UTF_8);

  static void prepare(Path dir) throws IOException {
    Files.write(dir.resolve("f"), BYTES);
    Files.createSymbolicLink(dir.resolve("link"), dir.getFileSystem().getPath("f"));
    Files.createDirectory(dir.resolve("empty"));
    Files.createDirectories(dir.resolve("tree/a"));
    Files.write(dir.resolve("tree/a/f"), BYTES);
    Files.createDirectory(dir.resolve("tree/b"));
  }

  @Override
  public String toString() {
    return op.family() + (variant.isEmpty() ? "" : " (" + variant + ")");
  }

  private static FamilyScenario of(
      Op op, String variant, Call.Kind effect, String path, String method, Action call) {
    return new FamilyScenario(op, variant, effect, path, method, call);
  }

  /**
   * Every family at least once; the text forms of the byte families separately, as their route
   * covers them too.
   */
  static List<FamilyScenario> all() {
    FileTime time = FileTime.fromMillis(1_600_000_000_000L);
    return List.of(
        of(
            Op.ACCESS,
            "",
            Call.Kind.READ,
            "f",
            null,
            (fs, d) -> fs.access(d.resolve("f"), AccessMode.READ)),
        of(
            Op.APPEND_FILE,
            "bytes",
            Call.Kind.WRITE,
            "f",
            "PathUtils#newOutputStream",
            (fs, d) -> fs.appendFile(d.resolve("f"), BYTES)),
        of(
            Op.APPEND_FILE,
            "text",
            Call.Kind.WRITE,
            "f",
            "PathUtils#newOutputStream",
            (fs, d) -> fs.appendFile(d.resolve("f"), "text")),
        of(Op.CHMOD, "", Call.Kind.WRITE, "f", null, (fs, d) -> fs.chmod(d.resolve("f"), 0640)),
        of(
            Op.CHOWN,
            "",
            Call.Kind.WRITE,
            "f",
            null,
            (fs, d) ->
                fs.chown(
                    d.resolve("f"),
                    (Integer) Files.getAttribute(d.resolve("f"), "unix:uid"),
                    (Integer) Files.getAttribute(d.resolve("f"), "unix:gid"))),
        of(
            Op.COPY_FILE,
            "",
            Call.Kind.WRITE,
            "copy",
            "FileUtils#copyFile",
            (fs, d) -> fs.copyFile(d.resolve("f"), d.resolve("copy"), CopyFileOptions.DEFAULT)),
        of(
            Op.CP,
            "",
            Call.Kind.WRITE,
            "tree-copy/a/f",
            "CopyDirectoryVisitor#copy",
            (fs, d) -> fs.cp(d.resolve("tree"), d.resolve("tree-copy"), CpOptions.DEFAULT)),
        of(Op.EXISTS, "", Call.Kind.READ, "f", null, (fs, d) -> fs.exists(d.resolve("f"))),
        of(
            Op.GLOB,
            "",
            Call.Kind.READ,
            "tree",
            null,
            (fs, d) -> fs.glob(d.resolve("tree"), List.of("**/*"), GlobOptions.DEFAULT)),
        of(
            Op.LINK,
            "",
            Call.Kind.WRITE,
            "hard",
            null,
            (fs, d) -> fs.link(d.resolve("f"), d.resolve("hard"))),
        of(
            Op.LINES,
            "",
            Call.Kind.READ,
            "f",
            "FileUtils#openInputStream",
            (fs, d) -> fs.lines(d.resolve("f"), 0, 1)),
        of(Op.LSTAT, "", Call.Kind.READ, "link", null, (fs, d) -> fs.lstat(d.resolve("link"))),
        of(
            Op.MKDIR,
            "",
            Call.Kind.WRITE,
            "new/a/b",
            "FileUtils#forceMkdir",
            (fs, d) -> fs.mkdir(d.resolve("new/a/b"), MkdirOptions.RECURSIVE)),
        of(Op.MKDTEMP, "", Call.Kind.WRITE, "", null, (fs, d) -> fs.mkdtemp(d.resolve("tmp-"))),
        of(
            Op.READ_FILE,
            "bytes",
            Call.Kind.READ,
            "f",
            "FileUtils#readFileToByteArray",
            (fs, d) -> fs.readFile(d.resolve("f"))),
        of(
            Op.READ_FILE,
            "text",
            Call.Kind.READ,
            "f",
            "FileUtils#readFileToString",
            (fs, d) -> fs.readFileText(d.resolve("f"))),
        of(
            Op.READDIR,
            "recursive",
            Call.Kind.READ,
            "tree/a",
            "PathUtils#visitFileTree",
            (fs, d) -> fs.readdir(d.resolve("tree"), ReaddirOptions.RECURSIVE)),
        of(
            Op.READDIR,
            "one level",
            Call.Kind.READ,
            "tree/a",
            "PathUtils#visitFileTree",
            (fs, d) -> fs.readdir(d.resolve("tree"), ReaddirOptions.DEFAULT)),
        of(
            Op.READLINK,
            "",
            Call.Kind.READ,
            "link",
            null,
            (fs, d) -> fs.readlink(d.resolve("link"))),
        of(
            Op.REALPATH,
            "",
            Call.Kind.READ,
            "link",
            null,
            (fs, d) -> fs.realpath(d.resolve("link"))),
        of(
            Op.RENAME,
            "",
            Call.Kind.WRITE,
            "renamed",
            "FileUtils#moveFile",
            (fs, d) -> fs.rename(d.resolve("f"), d.resolve("renamed"))),
        of(
            Op.RM,
            "",
            Call.Kind.DELETE,
            "tree/a/f",
            "DeletingPathVisitor#visitFile",
            (fs, d) -> fs.rm(d.resolve("tree"), RmOptions.RECURSIVE_FORCE)),
        of(
            Op.RMDIR,
            "",
            Call.Kind.DELETE,
            "empty",
            "FileUtils#delete",
            (fs, d) -> fs.rmdir(d.resolve("empty"))),
        of(
            Op.SCAN,
            "",
            Call.Kind.READ,
            "tree/a/f",
            "PathUtils#readPosixFileAttributes",
            (fs, d) -> fs.scan(d.resolve("tree"), ScanOptions.DEFAULT)),
        of(Op.STAT, "", Call.Kind.READ, "link", null, (fs, d) -> fs.stat(d.resolve("link"))),
        of(
            Op.SYMLINK,
            "",
            Call.Kind.WRITE,
            "link2",
            null,
            (fs, d) -> fs.symlink(d.getFileSystem().getPath("f"), d.resolve("link2"))),
        of(Op.TRUNCATE, "", Call.Kind.WRITE, "f", null, (fs, d) -> fs.truncate(d.resolve("f"), 1)),
        of(
            Op.UNLINK,
            "",
            Call.Kind.DELETE,
            "f",
            "PathUtils#deleteFile",
            (fs, d) -> fs.unlink(d.resolve("f"))),
        of(
            Op.UTIMES,
            "",
            Call.Kind.WRITE,
            "f",
            null,
            (fs, d) -> fs.utimes(d.resolve("f"), time, time)),
        of(
            Op.WRITE_FILE,
            "bytes",
            Call.Kind.WRITE,
            "new.txt",
            "PathUtils#newOutputStream",
            (fs, d) -> fs.writeFile(d.resolve("new.txt"), BYTES)),
        of(
            Op.WRITE_FILE,
            "text",
            Call.Kind.WRITE,
            "new.txt",
            "PathUtils#newOutputStream",
            (fs, d) -> fs.writeFile(d.resolve("new.txt"), "text")));
  }
}
