package dev.fsbench.plexus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.antglob.AntPatterns;
import dev.fsbench.conformance.GlobConformance;
import dev.fsbench.conformance.GlobDialect;
import dev.fsbench.conformance.GlobDifferential;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * plexus's glob against docs/semantics/glob.md: every row of conformance/glob.tsv against its
 * PLEXUS column (a declared deviation must show as declared), then random trees and patterns
 * against bash, where the calls Plexus's patterns cannot express must be refused as declared, and
 * the others answered as bash answers but for the links to nothing, which Plexus always leaves out.
 */
class PlexusGlobSemanticsTest {
  private final FsBackend fs = new PlexusBackendProvider().create(BackendConfig.DEFAULT);

  static final GlobDialect DIALECT =
      new GlobDialect() {
        @Override
        public String refusal(List<String> patterns, GlobOptions options) {
          return AntPatterns.refusal(patterns, options, PlexusBackend.DIALECT);
        }

        @Override
        public DeadLinks deadLink(String path, List<String> patterns, GlobOptions options) {
          return DeadLinks.LEFT_OUT;
        }
      };

  @AfterEach
  void close() throws Exception {
    fs.close();
  }

  @TestFactory
  Stream<DynamicTest> everyRowOfTheTable(@TempDir Path scratch) throws IOException {
    return GlobConformance.tests(fs, scratch, "plexus");
  }

  @Test
  void randomTreesAndPatternsAgainstBash(@TempDir Path scratch) throws IOException {
    GlobDifferential.Summary summary = GlobDifferential.run(fs, scratch, DIALECT);
    assertTrue(summary.compared() >= 200, summary.toString());
    assertTrue(summary.matchedSomething() >= summary.compared() / 3, summary.toString());
    assertTrue(summary.refused() >= 20, summary.toString());
    assertTrue(summary.declined() >= 100, summary.toString());
  }
}
