package dev.fsbench.harness.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * What DESIGN.md and the method's pages say of the statistics is what the code does: each sentence
 * below is built from the constant it quotes, so changing a constant without the text (or the text
 * without the constant) fails here.
 */
class DocumentedConstantsTest {
  private static final Path DESIGN = Path.of("..", "DESIGN.md");
  private static final Path REPORT_METHOD =
      Path.of("src", "main", "resources", "dev", "fsbench", "harness", "report", "method.md");

  private static String percent(double fraction) {
    return Math.round(fraction * 100) + "%";
  }

  @Test
  void designStatesTheConstantsTheCodeUses() throws IOException {
    String design = Files.readString(DESIGN).replaceAll("\\s+", " ");
    for (String sentence :
        List.of(
            "its first " + Regime.FIRST_USE_SAMPLES + " measured samples",
            "has a " + percent(HierarchicalBootstrap.CONFIDENCE) + " interval at the fork level",
            "a prior worth " + (int) ModeratedT.PRIOR_DF + " degrees of freedom",
            String.format(Locale.ROOT, "%,d resamples", HierarchicalBootstrap.RESAMPLES),
            "adjusted p-value is below " + FalseDiscovery.RATE,
            "the ratio is at least " + percent(Verdict.MINIMUM_EFFECT) + " from 1",
            "Benjamini-Hochberg at " + percent(FalseDiscovery.RATE))) {
      assertTrue(design.contains(sentence), "DESIGN.md should say: " + sentence);
    }
  }

  @Test
  void theReportsMethodTemplateTakesTheConstantsFromTheRunAndStatesNoneOfItsOwn()
      throws IOException {
    String method = Files.readString(REPORT_METHOD);
    for (String placeholder :
        List.of("${firstUse}", "${confidence}", "${falseDiscoveryRate}", "${minimumEffect}")) {
      assertTrue(method.contains(placeholder), placeholder);
    }
    for (String constant : List.of("0.01", "0.05", "95%", " 10 ")) {
      assertTrue(!method.contains(constant), "method.md states " + constant + " itself");
    }
  }
}
