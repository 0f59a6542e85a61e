package dev.fsbench.testkit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Inputs larger than a read may hold, for the families bounded by {@code ReadLimit} (readFile,
 * lines): {@code /dev/zero}, whose size is 0 and which never ends, and a sparse file one byte past
 * a limit. A backend must stop at its limit with the SPI's refusal; the case reads that much (a
 * second or two here) and, as a hang guard, not more than {@value #GUARD_SECONDS} s. Both exist
 * only on the default filesystem: Jimfs would allocate every byte of the sparse file.
 */
final class PastTheLimit {
  private PastTheLimit() {}

  static final long GUARD_SECONDS = 120;

  static Path devZero(Sandbox s) {
    Assumptions.assumeTrue(
        s.env().isDefaultFileSystem() && Files.isReadable(Path.of("/dev/zero")),
        "/dev/zero exists only on the default filesystem");
    return Path.of("/dev/zero");
  }

  /** A file of {@code size} bytes that takes no space (a hole from start to end) at {@code at}. */
  static Path sparseFile(Sandbox s, Path at, long size) throws IOException {
    Assumptions.assumeTrue(
        s.env().isDefaultFileSystem(), "a sparse file of the limit's size needs a real filesystem");
    try (FileChannel channel =
        FileChannel.open(at, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.allocate(1), size - 1);
    }
    return at;
  }

  /** {@code read} of {@code path}, failed if it has not returned or thrown within the guard. */
  static Object guarded(Path path, Fifos.Call<Object> read) {
    return Assertions.assertTimeoutPreemptively(
        Duration.ofSeconds(GUARD_SECONDS),
        read::run,
        () -> "reading " + path + " did not stop within " + GUARD_SECONDS + " s (hang guard)");
  }
}
