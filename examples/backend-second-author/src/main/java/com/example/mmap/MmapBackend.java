package com.example.mmap;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.FsErrors;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReadLimit;
import dev.fsbench.spi.Route;
import dev.fsbench.support.ForwardingFsBackend;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileChannel.MapMode;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * readFile, writeFile and copyFile through memory maps, the other 23 families nio's.
 *
 * <ul>
 *   <li>readFile maps a non-empty regular file read-only and copies the mapping into the array;
 *   <li>writeFile opens the file read-write (a shared mapping needs both), maps {@code data.length}
 *       bytes, which extends the truncated file, and copies the array in;
 *   <li>copyFile maps the source read-only and hands the mapping to {@code write(2)} on the target,
 *       so the kernel copies from the source's pages with no buffer of ours between.
 * </ul>
 *
 * Every mapping is released right after its copy ({@link Unmapper}). What a mapping cannot serve
 * goes to nio's own call, and the routes say so: an empty or non-regular file (size 0, nothing to
 * map, or a device such as {@code /dev/zero} that never ends), a file of 2 GiB or more for readFile
 * (no array holds it), a file this process may write but not read for writeFile. Stateless, so
 * thread-safe.
 */
final class MmapBackend extends ForwardingFsBackend {
  static final String ID = "mmap";

  /** The largest array the JVM allocates, as {@code Files.readAllBytes} assumes. */
  private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

  /** copyFile maps a large source this much at a time, so that no mapping exceeds 2 GiB. */
  static final long COPY_CHUNK = 1L << 30;

  MmapBackend(BackendConfig config) {
    super(Backends.create("nio", config));
  }

  @Override
  public String id() {
    return ID;
  }

  /** nio's, less FOREIGN_FILESYSTEMS: only the default filesystem's channels can be mapped. */
  @Override
  public Set<Capability> capabilities() {
    Set<Capability> own = EnumSet.noneOf(Capability.class);
    own.addAll(delegate().capabilities());
    own.remove(Capability.FOREIGN_FILESYSTEMS);
    return own;
  }

  @Override
  public Route route(Op op) {
    switch (op) {
      case READ_FILE:
        return Route.own(
            "FileChannel.open + Files.readAttributes + FileChannel.map(READ_ONLY) + get, unmapped"
                + " at once; empty, non-regular or 2 GiB+ files: nio's readFile");
      case WRITE_FILE:
        return Route.own(
            "FileChannel.open(READ, WRITE, CREATE, TRUNCATE_EXISTING) + Files.readAttributes"
                + " + FileChannel.map(READ_WRITE) + put, unmapped at once; non-regular files:"
                + " FileChannel.write; write-only files: nio's writeFile");
      case COPY_FILE:
        return Route.own(
            "Files.readAttributes(posix) of source, lstat of target + FileChannel.map(READ_ONLY)"
                + " of the source, 1 GiB at a time + FileChannel.write to a CREATE_NEW target;"
                + " no clone; non-regular sources: nio's copyFile");
      default:
        return Route.nioFallback(delegate().route(op).via());
    }
  }

  @Override
  public byte[] readFile(Path path) throws IOException {
    check(path, "path");
    // Open first: its errors are those of Files.readAllBytes, which also starts with the open.
    try (FileChannel channel = FileChannel.open(path, READ)) {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      if (attributes.isDirectory()) {
        throw FsErrors.isADirectory(path);
      }
      long size = channel.size();
      if (attributes.isRegularFile() && size > ReadLimit.bytes()) {
        throw ReadLimit.exceeded(path); // the SPI's rule: refused before the content is held
      }
      if (!attributes.isRegularFile() || size == 0 || size > MAX_ARRAY) {
        return delegate().readFile(path);
      }
      byte[] content = new byte[(int) size];
      MappedByteBuffer mapping = channel.map(MapMode.READ_ONLY, 0, size);
      try {
        mapping.get(content);
      } catch (InternalError fault) {
        throw fault(path, fault);
      } finally {
        Unmapper.unmap(mapping);
      }
      return content;
    } catch (IOException e) {
      throw named(e, path);
    }
  }

  @Override
  public void writeFile(Path path, byte[] data) throws IOException {
    check(path, "path");
    Objects.requireNonNull(data, "data");
    FileChannel channel;
    try {
      channel = FileChannel.open(path, READ, WRITE, CREATE, TRUNCATE_EXISTING);
    } catch (AccessDeniedException e) {
      // A file this process may write but not read (0200): a shared mapping needs read access,
      // Files.write does not. The open failed before truncating anything, so nio starts afresh.
      delegate().writeFile(path, data);
      return;
    } catch (IOException e) {
      throw named(e, path);
    }
    try (channel) {
      if (data.length == 0) {
        return;
      }
      if (!Files.readAttributes(path, BasicFileAttributes.class).isRegularFile()) {
        writeFully(channel, ByteBuffer.wrap(data));
        return;
      }
      // A READ_WRITE mapping past the end extends the file to data.length first.
      MappedByteBuffer mapping = channel.map(MapMode.READ_WRITE, 0, data.length);
      try {
        mapping.put(data);
      } catch (InternalError fault) {
        throw fault(path, fault);
      } finally {
        Unmapper.unmap(mapping);
      }
    } catch (IOException e) {
      throw named(e, path);
    }
  }

  @Override
  public void copyFile(Path source, Path target, CopyFileOptions options) throws IOException {
    check(source, "source");
    check(target, "target");
    Objects.requireNonNull(options, "options");
    // The order of Files.copy, so that each failure is the one it reports: a stat of the source
    // (links followed), an lstat of the target, the source opened, the target created.
    PosixFileAttributes attributes = Files.readAttributes(source, PosixFileAttributes.class);
    if (attributes.isDirectory()) {
      throw FsErrors.isADirectory(source);
    }
    if (!attributes.isRegularFile()) {
      delegate().copyFile(source, target, options);
      return;
    }
    BasicFileAttributes existing = lstatOrNull(target);
    if (existing != null) {
      if (Objects.equals(existing.fileKey(), attributes.fileKey())) {
        return; // the same file, as Files.copy leaves it
      }
      if (!options.replaceExisting()) {
        throw new FileAlreadyExistsException(target.toString());
      }
      if (existing.isDirectory()) {
        throw FsErrors.isADirectory(target);
      }
    }
    try (FileChannel in = FileChannel.open(source, READ)) {
      if (existing != null) {
        Files.delete(target); // a link is replaced, never followed, as Files.copy does
      }
      FileChannel out =
          FileChannel.open(
              target,
              EnumSet.of(WRITE, CREATE_NEW),
              PosixFilePermissions.asFileAttribute(attributes.permissions()));
      // From here on the target is this call's own, to remove if it cannot be filled (and only
      // from here: a CREATE_NEW that failed may have met someone else's file).
      try (out) {
        copyMapped(in, out, source, target);
      } catch (IOException | RuntimeException | Error e) {
        deleteCreated(target, e);
        throw e;
      }
    } catch (IOException e) {
      throw named(e, source);
    }
    if (options.preserve()) {
      Files.setPosixFilePermissions(target, attributes.permissions());
      Files.getFileAttributeView(target, BasicFileAttributeView.class)
          .setTimes(attributes.lastModifiedTime(), attributes.lastAccessTime(), null);
    }
  }

  /**
   * Writes the source's bytes to {@code out} from mappings of at most {@link #COPY_CHUNK}; a
   * failure names the path it happened on.
   */
  private static void copyMapped(FileChannel in, FileChannel out, Path source, Path target)
      throws IOException {
    long size = in.size();
    for (long position = 0; position < size; position += COPY_CHUNK) {
      MappedByteBuffer mapping;
      try {
        mapping = in.map(MapMode.READ_ONLY, position, Math.min(COPY_CHUNK, size - position));
      } catch (IOException e) {
        throw named(e, source);
      }
      try {
        writeFully(out, mapping);
      } catch (InternalError fault) {
        throw fault(source, fault);
      } catch (IOException e) {
        throw named(e, target);
      } finally {
        Unmapper.unmap(mapping);
      }
    }
  }

  private static void writeFully(FileChannel out, ByteBuffer bytes) throws IOException {
    while (bytes.hasRemaining()) {
      out.write(bytes);
    }
  }

  private static BasicFileAttributes lstatOrNull(Path path) {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException absentOrUnreachable) {
      // As Files.copy: a target that cannot be looked up is created, and the create says why not.
      return null;
    }
  }

  /** Removes a target this call created and could not fill: a failed call changes nothing. */
  private static void deleteCreated(Path target, Throwable failure) {
    try {
      Files.deleteIfExists(target);
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  /**
   * A page fault on a mapping (the file shrank under it, or tmpfs had no page to give) reaches Java
   * as an {@link InternalError}; the contract wants an I/O error naming the path.
   */
  private static FileSystemException fault(Path path, InternalError fault) {
    FileSystemException e =
        new FileSystemException(
            path.toString(),
            null,
            "fault on the file's mapping (shrunk while mapped, or no space): "
                + fault.getMessage());
    e.initCause(fault);
    return e;
  }

  /**
   * The contract wants every failure to name its path; {@code FileChannel.map}'s "Map failed" and a
   * directory's read error are bare {@link IOException}s.
   */
  private static IOException named(IOException e, Path path) {
    if (e instanceof FileSystemException) {
      return e;
    }
    FileSystemException named = new FileSystemException(path.toString(), null, e.getMessage());
    named.initCause(e);
    return named;
  }
}
