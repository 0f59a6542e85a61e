package dev.fsbench.commonsio;

import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.support.CopyTarget;
import java.io.IOException;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.io.file.PathUtils;

/**
 * cp: what {@code PathUtils.copyDirectory(source, target, options)} does (make the source absolute,
 * walk it with a {@code CopyDirectoryVisitor}), with the visitor subclassed ({@link
 * TreeCopyVisitor}) and two checks before it.
 *
 * <p>The checks: a directory is never copied into itself (Commons IO would walk into its own copy),
 * and missing parents of the target are created with {@code PathUtils.createParentDirectories}. A
 * file or a link as the source works unchanged: the walk visits just that entry, and Commons IO
 * resolves its empty relative path to the target itself.
 *
 * <p>Copy options: always {@code NOFOLLOW_LINKS}; {@code REPLACE_EXISTING} for overwrite (without
 * it {@code Files.copy} refuses an existing file with {@code FileAlreadyExistsException}); {@code
 * COPY_ATTRIBUTES} for preserveTimestamps. Serial: Commons IO walks on the calling thread, the
 * options' concurrency is ignored.
 */
final class TreeCopy {
  private TreeCopy() {}

  static TreeCopyVisitor cp(Path source, Path target, CpOptions options) throws IOException {
    BasicFileAttributes attributes =
        Files.readAttributes(source, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (attributes.isDirectory()) {
      CopyTarget.refuseIntoItself(source, target);
    } else if (attributes.isOther()) {
      throw FsErrors.specialFile(
          source); // Files.copy would open it: a FIFO blocks until a writer comes
    }
    PathUtils.createParentDirectories(target);
    List<CopyOption> copyOptions = new ArrayList<>(List.of(LinkOption.NOFOLLOW_LINKS));
    if (options.overwrite()) {
      copyOptions.add(StandardCopyOption.REPLACE_EXISTING);
    }
    if (options.preserveTimestamps()) {
      copyOptions.add(StandardCopyOption.COPY_ATTRIBUTES);
    }
    Path absoluteSource = source.toAbsolutePath();
    CopyOption[] asArray = copyOptions.toArray(new CopyOption[0]);
    TreeCopyVisitor visitor =
        new TreeCopyVisitor(absoluteSource, target, asArray, options.preserveTimestamps());
    return PathUtils.visitFileTree(visitor, absoluteSource);
  }
}
