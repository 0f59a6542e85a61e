package dev.fsbench.nio;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What cp gives a copy beside its content (docs/semantics/cp.md, "Mode" and "Timestamps"): the
 * source's mode bits, always, and with {@code preserveTimestamps} its access and modification
 * times.
 *
 * <pre>{@code
 * CopiedAttributes attributes = new CopiedAttributes(source.getFileSystem());
 * attributes.copyMode(sourceFile, copy);              // 04755 stays 04755
 * CopiedAttributes.copyTimes(copy, attrsReadBefore);  // to the nanosecond
 * }</pre>
 *
 * <p>Mode: all twelve bits, setuid, setgid and sticky included, through {@code unix:mode} where the
 * filesystem lets it be set (the JDK's own); elsewhere (Jimfs) the nine permission bits, all that
 * {@code PosixFilePermission} can say. Never {@code COPY_ATTRIBUTES}: on JDK 17 it cuts times to
 * microseconds, and as root it copies the owner too, which cp does not (the native backend cannot
 * either way).
 *
 * <p>Times: {@link BasicFileAttributeView#setTimes}, which the JDK's Linux provider implements with
 * {@code utimensat}, nanoseconds kept, for files and directories. For a link ({@code
 * NOFOLLOW_LINKS}) JDK 17 uses {@code lutimes}, which takes microseconds: a link's times lose their
 * last three digits there (Temurin 25 keeps them). The times are those read before the source was
 * read: reading it may move its access time.
 */
final class CopiedAttributes {
  private final boolean rawMode;
  private final boolean posix;

  CopiedAttributes(FileSystem fileSystem) {
    this.rawMode = NioCapabilities.hasSettableRawMode(fileSystem);
    this.posix = fileSystem.supportedFileAttributeViews().contains("posix");
  }

  /** Gives {@code copy} the mode bits of {@code source}, a file or a directory (not a link). */
  void copyMode(Path source, Path copy) throws IOException {
    if (rawMode) {
      int mode = (Integer) Files.getAttribute(source, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      Files.setAttribute(copy, "unix:mode", mode & 07777);
    } else if (posix) {
      Files.setPosixFilePermissions(
          copy, Files.getPosixFilePermissions(source, LinkOption.NOFOLLOW_LINKS));
    }
  }

  /**
   * Gives {@code copy} the access and modification times in {@code of}, read from the source before
   * it was read.
   */
  static void copyTimes(Path copy, BasicFileAttributes of, LinkOption... options)
      throws IOException {
    Files.getFileAttributeView(copy, BasicFileAttributeView.class, options)
        .setTimes(of.lastModifiedTime(), of.lastAccessTime(), null);
  }
}
