package dev.fsbench.javaio;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * The one translation java.io's exceptions need beyond asking NIO: an I/O error midway (a read or a
 * write that fails once the stream is open: EIO, ENOSPC, EFBIG) is a bare {@link IOException} with
 * the reason and no path, and the contract names the path.
 */
final class Failures {
  private Failures() {}

  static FileSystemException named(Path path, IOException e) {
    FileSystemException named = new FileSystemException(path.toString(), null, e.getMessage());
    named.initCause(e);
    return named;
  }
}
