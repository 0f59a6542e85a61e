package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class HugePagesTest {
  @Test
  void theKernelsChoiceIsTheBracketedOne() {
    assertTrue(HugePages.offered("always [madvise] never\n"));
    assertTrue(HugePages.offered("[always] madvise never\n"));
    assertFalse(HugePages.offered("always madvise [never]\n"));
    assertFalse(HugePages.offered(null));
  }

  /** Where the flag is given, the JVM takes it silently: no fork prints a warning about it. */
  @Test
  void theFlagGivenHereCostsNoWarning() throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(HugePages.forkArgs());
    command.addAll(List.of("-Xms64m", "-Xmx64m", "-XX:+AlwaysPreTouch", "-version"));
    Process jvm = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, jvm.waitFor(), output);
    assertFalse(output.toLowerCase(Locale.ROOT).contains("warning"), output);
  }
}
