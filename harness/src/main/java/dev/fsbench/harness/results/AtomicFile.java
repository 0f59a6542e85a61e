package dev.fsbench.harness.results;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a results file whole or not at all: into {@code NAME.tmp} beside it, renamed over it when
 * complete. A write that fails (a full disk: ENOSPC) removes its {@code .tmp}, so that the folder
 * holds only complete files and a rerun is not refused for a leftover, and the failure names the
 * file and the reason the system gave ({@code /out/run.json: No space left on device}), where the
 * JDK's own exception from a stream names neither.
 *
 * <pre>{@code
 * AtomicFile.write(dir.resolve("REPORT.md"), out -> out.write(markdown.getBytes(UTF_8)));
 * }</pre>
 */
final class AtomicFile {
  private AtomicFile() {}

  /** What goes into the file. */
  @FunctionalInterface
  interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  static void write(Path file, Content content) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        content.writeTo(out);
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException cleanup) {
        e.addSuppressed(cleanup);
      }
      throw naming(e, file);
    }
  }

  /** {@code e} as a {@link FileSystemException} naming {@code file}, its cause kept. */
  private static IOException naming(Exception e, Path file) {
    if (e instanceof FileSystemException
        && file.toString().equals(((FileSystemException) e).getFile())) {
      return (IOException) e;
    }
    String reason =
        e instanceof FileSystemException ? ((FileSystemException) e).getReason() : e.getMessage();
    FileSystemException named =
        new FileSystemException(
            file.toString(), null, reason == null ? e.getClass().getSimpleName() : reason);
    named.initCause(e);
    return named;
  }
}
