package dev.fsbench.commonsio;

import dev.fsbench.spi.MkdirOptions;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.io.FileUtils;

/**
 * mkdir: {@code FileUtils.forceMkdir}, which is {@code File.mkdirs()} plus a check; default
 * filesystem only.
 *
 * <p>{@code forceMkdir} is always {@code mkdir -p}: it creates missing parents and accepts an
 * existing directory. The non-recursive form therefore looks first (an lstat of the path, a stat of
 * the parent) and refuses what {@code mkdir(2)} would refuse. {@code File.mkdirs()} only answers
 * true or false, so a failure says nothing but "Cannot create directory"; {@link Failures#probe}
 * finds the reason afterwards.
 *
 * <p>{@code File.mkdirs()} always asks for mode 0777 (less the umask). A different {@link
 * MkdirOptions#mode()} is applied afterwards to exactly the directories this call created, as
 * {@code mode & (0777 & ~umask)}: the bits a fresh directory received are that umask's complement,
 * so no umask has to be guessed. Only a mode other than the default pays for this (a stat per level
 * beforehand, a read and a write of the bits afterwards). Setuid, setgid and sticky bits cannot be
 * asked of {@code File.mkdirs()} nor set through the POSIX view: such a mode is refused with {@code
 * UnsupportedOperationException} before anything is created, as the NIO backend refuses it.
 */
final class DirectoryCreation {
  private DirectoryCreation() {}

  static void mkdir(Path path, MkdirOptions options) throws IOException {
    if ((options.mode() & 07000) != 0) {
      throw new UnsupportedOperationException(
          "mkdir: cannot create a directory with setuid/setgid/sticky bits (0"
              + Integer.toOctalString(options.mode())
              + ") through File.mkdirs");
    }
    if (!options.recursive()) {
      refuseWhatMkdirRefuses(path);
    }
    List<Path> created =
        options.mode() == MkdirOptions.DEFAULT_MODE ? List.of() : missingDirectories(path);
    try {
      FileUtils.forceMkdir(path.toFile());
    } catch (IOException e) {
      IOException reason = Failures.probe(path, e);
      if (reason != null) {
        throw reason;
      }
    }
    for (Path directory : created) {
      narrow(directory, options.mode());
    }
  }

  private static void refuseWhatMkdirRefuses(Path path) throws IOException {
    if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      throw new FileAlreadyExistsException(path.toString());
    }
    Parents.requireDirectory(path);
  }

  /** The path and its ancestors that do not exist yet, deepest first. */
  private static List<Path> missingDirectories(Path path) {
    List<Path> missing = new ArrayList<>();
    Path p = path.toAbsolutePath();
    while (p != null && Files.notExists(p, LinkOption.NOFOLLOW_LINKS)) {
      missing.add(p);
      p = p.getParent();
    }
    return missing;
  }

  /** Gives a directory created with 0777 (less the umask) the bits {@code mode & ~umask}. */
  private static void narrow(Path directory, int mode) throws IOException {
    PosixFileAttributeView view =
        Files.getFileAttributeView(directory, PosixFileAttributeView.class);
    if (view == null) {
      return;
    }
    Set<PosixFilePermission> granted = view.readAttributes().permissions();
    Set<PosixFilePermission> narrowed = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] bits =
        PosixFilePermission.values(); // OWNER_READ (0400) ... OTHERS_EXECUTE (0001)
    for (int i = 0; i < bits.length; i++) {
      if ((mode & (0400 >> i)) != 0 && granted.contains(bits[i])) {
        narrowed.add(bits[i]);
      }
    }
    view.setPermissions(narrowed);
  }
}
