package dev.fsbench.commonsio;

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
 * The declaration in backend-commonsio/README.md ("cp: where Commons IO differs"), tested both ways
 * against GNU {@code cp -a} and docs/semantics/cp.md: every difference is declared, and every
 * declared deviation shows. The two that depend on the JDK are declared where {@link JdkTimes}
 * measures them.
 */
class CommonsIoCpSemanticsTest {
  private final FsBackend fs = new CommonsIoBackendProvider().create(BackendConfig.DEFAULT);

  @AfterEach
  void close() throws Exception {
    fs.close();
  }

  /** The README's list. */
  static Set<CpDeviation> declared(Path scratch) throws IOException {
    Set<CpDeviation> declared =
        EnumSet.of(
            CpDeviation.SPECIAL_BITS_DROPPED,
            CpDeviation.LINK_ACCESS_TIME_MOVED,
            CpDeviation.FILE_OWNER_COPIED_WITH_PRESERVE,
            CpDeviation.EMPTY_DIRECTORY_REPLACED,
            CpDeviation.SPECIAL_FILES_REFUSED);
    if (JdkTimes.copyAttributesInMicroseconds(scratch)) {
      declared.add(CpDeviation.FILE_TIMES_IN_MICROSECONDS);
    }
    if (JdkTimes.linkTimesInMicroseconds(scratch)) {
      declared.add(CpDeviation.LINK_TIMES_IN_MICROSECONDS);
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
