package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.conformance.CpDeviation;
import dev.fsbench.conformance.CpDifferential;
import dev.fsbench.conformance.CpEdgeCases;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * native's cp, through the binding, against docs/semantics/cp.md and GNU {@code cp -a}: random
 * trees (modes with setuid, setgid and sticky, nanosecond times, links, a hard-linked pair, another
 * owner), then the edge cases. It declares no deviation of its own.
 */
@Tag("native-library")
class NativeCpSemanticsTest {
  private final FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT);

  @AfterEach
  void close() throws Exception {
    fs.close();
  }

  @Test
  void randomTreesAgainstCpA(@TempDir Path scratch) throws IOException {
    CpDifferential.Summary summary =
        CpDifferential.run(fs, scratch, EnumSet.noneOf(CpDeviation.class));
    assertTrue(summary.entries() >= 200, summary.toString());
  }

  @TestFactory
  Stream<DynamicTest> edgeCasesAgainstCpA(@TempDir Path scratch) throws IOException {
    return CpEdgeCases.tests(fs, scratch, EnumSet.noneOf(CpDeviation.class));
  }
}
