package dev.fsbench.nio;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.conformance.CpDeviation;
import dev.fsbench.conformance.CpDifferential;
import dev.fsbench.conformance.CpEdgeCases;
import dev.fsbench.conformance.JdkTimes;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * nio's cp against docs/semantics/cp.md and GNU {@code cp -a}: random trees (modes with setuid,
 * setgid and sticky, nanosecond times, links, a hard-linked pair, another owner), then the edge
 * cases. Its declared deviations: a FIFO, socket or device is refused (no NIO call creates one); a
 * tree, copied race-safe through directory handles, loses setuid, setgid and sticky; and on a JDK
 * that sets a link's times with {@code lutimes}, or times through a directory handle with {@code
 * futimes} (JDK 17), those lose their last three digits; which one this JDK is, {@link JdkTimes}
 * measures.
 */
class NioCpSemanticsTest {
  private final FsBackend fs = new NioBackendProvider().create(BackendConfig.DEFAULT);

  @AfterEach
  void close() throws Exception {
    fs.close();
  }

  static Set<CpDeviation> declared(Path scratch) throws IOException {
    Set<CpDeviation> declared =
        EnumSet.of(CpDeviation.SPECIAL_FILES_REFUSED, CpDeviation.SPECIAL_BITS_DROPPED_BY_HANDLES);
    if (JdkTimes.linkTimesInMicroseconds(scratch)) {
      declared.add(CpDeviation.LINK_TIMES_IN_MICROSECONDS);
    }
    if (JdkTimes.handleTimesInMicroseconds(scratch)) {
      declared.add(CpDeviation.TIMES_IN_MICROSECONDS_BY_HANDLES);
    }
    return declared;
  }

  @Test
  void randomTreesAgainstCpA(@TempDir Path scratch) throws IOException {
    CpDifferential.Summary summary = CpDifferential.run(fs, scratch, declared(scratch));
    assertTrue(summary.entries() >= 200, summary.toString());
  }

  @TestFactory
  Stream<DynamicTest> edgeCasesAgainstCpA(@TempDir Path scratch) throws IOException {
    return CpEdgeCases.tests(fs, scratch, declared(scratch));
  }
}
