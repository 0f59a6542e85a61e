package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.conformance.GlobConformance;
import dev.fsbench.conformance.GlobDifferential;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * native's glob, through the binding, against docs/semantics/glob.md: every row of
 * conformance/glob.tsv, then random trees and patterns against bash, where only the declared
 * deviations may differ.
 */
@Tag("native-library")
class NativeGlobSemanticsTest {
  private final FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT);

  @AfterEach
  void close() throws Exception {
    fs.close();
  }

  @TestFactory
  Stream<DynamicTest> everyRowOfTheTable(@TempDir Path scratch) throws IOException {
    return GlobConformance.tests(fs, scratch);
  }

  @Test
  void randomTreesAndPatternsAgainstBash(@TempDir Path scratch) throws IOException {
    GlobDifferential.Summary summary = GlobDifferential.run(fs, scratch);
    assertTrue(summary.compared() >= 300, summary.toString());
    assertTrue(summary.matchedSomething() >= summary.compared() / 3, summary.toString());
    assertTrue(summary.refused() >= 20, summary.toString());
  }
}
