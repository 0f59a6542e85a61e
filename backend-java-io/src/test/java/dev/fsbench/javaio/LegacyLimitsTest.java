package dev.fsbench.javaio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the legacy API cannot express, each limit shown on java.io itself, beside the route that
 * names it (backend-java-io/README.md, "What java.io cannot do").
 */
class LegacyLimitsTest {

  @TempDir Path dir;

  @Test
  void timesAreMillisecondsAndTheAccessTimeCannotBeSet() throws Exception {
    Path file = Files.writeString(dir.resolve("f"), "x");
    FileTime atime = FileTime.from(1_500_000_000_123_456L, TimeUnit.MICROSECONDS); // JDK 17 sets µs
    Files.setAttribute(file, "lastAccessTime", atime);
    long nanos = 1_600_000_000_123_456_789L;
    assertTrue(file.toFile().setLastModified(TimeUnit.NANOSECONDS.toMillis(nanos)));
    FileTime mtime = Files.getLastModifiedTime(file);
    assertEquals(1_600_000_000_123_000_000L, mtime.to(TimeUnit.NANOSECONDS), "the ns part is lost");
    assertEquals(1_600_000_000_123L, file.toFile().lastModified(), "and it reads in ms too");
    assertEquals(
        atime,
        Files.readAttributes(file, "lastAccessTime").get("lastAccessTime"),
        "atime as it was");
    assertTrue(RoutesTest.routesOn(file.getFileSystem()).get(Op.UTIMES).isFallback());
  }

  /**
   * chmod: setReadable, setWritable and setExecutable each set the owner's bit or everyone's, so
   * group and other always get the same bits. Every mode they can reach from 0000 is found, and
   * 0640 is not among them.
   */
  @Test
  void modeBitsOtherThanOwnerOrEveryoneCannotBeSet() throws Exception {
    Path file = Files.writeString(dir.resolve("f"), "x");
    Set<Integer> reached = new HashSet<>();
    Deque<Integer> todo = new ArrayDeque<>(List.of(0));
    while (!todo.isEmpty()) {
      int mode = todo.pop();
      if (!reached.add(mode)) {
        continue;
      }
      for (int call = 0; call < 12; call++) {
        setMode(file, mode);
        apply(file.toFile(), call);
        todo.push(modeOf(file));
      }
    }
    assertFalse(reached.contains(0640), "0640 reached: " + reached);
    for (int mode : reached) {
      assertEquals(
          (mode >> 3) & 7, mode & 7, "group and other differ in 0" + Integer.toOctalString(mode));
    }
    assertEquals(4 * 4 * 4, reached.size(), "each of r, w, x: none, owner, group+other, all");
    assertTrue(RoutesTest.routesOn(file.getFileSystem()).get(Op.CHMOD).isFallback());
  }

  /** One of the twelve calls: {setReadable, setWritable, setExecutable} x on/off x ownerOnly. */
  private static void apply(File file, int call) {
    boolean on = (call & 1) != 0;
    boolean ownerOnly = (call & 2) != 0;
    switch (call >> 2) {
      case 0:
        file.setReadable(on, ownerOnly);
        break;
      case 1:
        file.setWritable(on, ownerOnly);
        break;
      default:
        file.setExecutable(on, ownerOnly);
    }
  }

  private static void setMode(Path file, int mode) throws IOException {
    Set<PosixFilePermission> bits = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] all = PosixFilePermission.values();
    for (int i = 0; i < all.length; i++) {
      if ((mode & (0400 >> i)) != 0) {
        bits.add(all[i]);
      }
    }
    Files.setPosixFilePermissions(file, bits);
  }

  private static int modeOf(Path file) throws IOException {
    return (Integer) Files.getAttribute(file, "unix:mode") & 0777;
  }

  /**
   * link, symlink, readlink, chown, stat: java.io.File has no call for them, and what it reads of a
   * file is its length, its mtime in ms and three kinds (file, directory, hidden).
   */
  @Test
  void noLinksNoOwnershipNoInodeNoMode() {
    Set<String> names =
        Arrays.stream(File.class.getMethods())
            .filter(m -> !Modifier.isStatic(m.getModifiers()))
            .map(Method::getName)
            .map(n -> n.toLowerCase(Locale.ROOT))
            .collect(Collectors.toSet());
    for (String absent :
        List.of("link", "owner", "uid", "gid", "inode", "nlink", "mode", "atime")) {
      assertTrue(
          names.stream().noneMatch(n -> n.contains(absent)),
          "java.io.File has a method about " + absent + ": " + names);
    }
    for (Op op : List.of(Op.LINK, Op.SYMLINK, Op.READLINK, Op.CHOWN, Op.STAT, Op.LSTAT, Op.SCAN)) {
      assertTrue(RoutesTest.routesOn(dir.getFileSystem()).get(op).isFallback(), op.family());
    }
  }

  /**
   * java.io.File follows links and cannot tell one: a link to a directory is a directory to it. The
   * canonical-path test is how legacy code told it, and what the backend's walks use.
   */
  @Test
  void aLinkToADirectoryIsADirectoryToFileAndTheCanonicalTestTellsIt() throws Exception {
    Path target = Files.createDirectory(dir.resolve("target"));
    Path link = Files.createSymbolicLink(dir.resolve("link"), target.getFileName());
    assertTrue(link.toFile().isDirectory());
    assertTrue(LinkTest.isSymbolicLink(dir.toFile().getCanonicalFile(), "link"));
    assertFalse(LinkTest.isSymbolicLink(dir.toFile().getCanonicalFile(), "target"));
    assertTrue(link.toFile().delete(), "delete removes the link");
    assertTrue(Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS), "not its target");
  }

  /**
   * mkdtemp: java.io's idiom is createTempFile, delete, mkdir, and between the delete and the mkdir
   * the name is free for anyone: here a link takes it, and the idiom's mkdir fails (a careless
   * {@code mkdirs() || isDirectory()} would even take the link's target as its directory). And
   * File.mkdir cannot ask for 0700.
   */
  @Test
  void theMkdtempIdiomLeavesTheNameFree() throws Exception {
    File temp = File.createTempFile("job-", "", dir.toFile());
    assertTrue(temp.delete());
    Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
    Files.createSymbolicLink(temp.toPath(), elsewhere); // another process, in the window
    assertFalse(temp.mkdir(), "the idiom's mkdir fails");
    assertTrue(temp.isDirectory(), "and a careless check takes the link for its directory");
    Files.delete(temp.toPath());
    assertTrue(temp.mkdir());
    Path fresh = Files.createDirectory(dir.resolve("fresh")); // 0777 less the umask
    assertEquals(
        Files.getPosixFilePermissions(fresh),
        Files.getPosixFilePermissions(temp.toPath()),
        "File.mkdir gives 0777 less the umask, not 0700");
    assertTrue(RoutesTest.routesOn(dir.getFileSystem()).get(Op.MKDTEMP).isFallback());
  }

  /**
   * The empty path: NIO's working directory; java.io's nothing until JDK 24, which made it the
   * working directory but still makes a child of it a child of the root. The backend gives NIO's
   * answer on every JDK.
   */
  @Test
  void theEmptyPathIsNotTheWorkingDirectoryToJavaIo() {
    Path empty = dir.getFileSystem().getPath("");
    assertTrue(Files.exists(empty));
    assertEquals(Runtime.version().feature() >= 24, new File("").exists());
    assertEquals("/x", new File(new File(""), "x").getPath());
    assertFalse(FileNames.survive(empty));
    try (FsBackend backend = new JavaIoBackend(BackendConfig.DEFAULT)) {
      assertTrue(backend.exists(empty));
    }
  }

  /**
   * realpath: where realpath(3) fails, File.getCanonicalPath resolves the longest prefix it can and
   * removes the rest's {@code .} and {@code ..} as text, so {@code f/..} below a regular file (or a
   * link to one) is a directory where the kernel says "Not a directory". Such a path is NIO's where
   * java.io canonicalizes (realpath, the recursive walks).
   */
  @Test
  void dotDotBelowAFileCanonicalizesToADirectory() throws Exception {
    Path file = Files.writeString(Files.createDirectory(dir.resolve("d")).resolve("f"), "x");
    Path link = Files.createSymbolicLink(dir.resolve("link"), file);
    try (FsBackend backend = new JavaIoBackend(BackendConfig.DEFAULT)) {
      for (Path dotDot : List.of(file.resolve(".."), link.resolve(".."))) {
        assertEquals(
            file.getParent().toRealPath().toString(),
            dotDot.toFile().getCanonicalPath(),
            "java.io");
        FileSystemException nio = assertThrows(FileSystemException.class, dotDot::toRealPath);
        assertEquals("Not a directory", nio.getReason());
        assertTrue(FileNames.hasDotNames(dotDot));
        FileSystemException contract =
            assertThrows(FileSystemException.class, () -> backend.realpath(dotDot));
        assertEquals(nio.getReason(), contract.getReason());
      }
    }
  }

  /**
   * Declared: a fresh copy gets what FileOutputStream gives a new file, 0666 less the umask, where
   * Files.copy gives the source's bits less the umask.
   */
  @Test
  void aFreshCopyGetsTheStreamsModeNotTheSources() throws Exception {
    Path source = Files.writeString(dir.resolve("script"), "#!/bin/sh\n");
    Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path fresh = Files.createFile(dir.resolve("fresh")); // 0666 less the umask
    Assumptions.assumeTrue(
        Files.getPosixFilePermissions(fresh).size() < 9,
        "the umask removes no bit of 0666, so the two modes cannot differ here");
    try (FsBackend backend = new JavaIoBackend(BackendConfig.DEFAULT)) {
      backend.copyFile(source, dir.resolve("copy"), CopyFileOptions.DEFAULT);
    }
    Files.copy(source, dir.resolve("nio-copy"));
    assertEquals(
        Files.getPosixFilePermissions(fresh), Files.getPosixFilePermissions(dir.resolve("copy")));
    assertNotEquals(
        Files.getPosixFilePermissions(dir.resolve("nio-copy")),
        Files.getPosixFilePermissions(dir.resolve("copy")));
  }
}
