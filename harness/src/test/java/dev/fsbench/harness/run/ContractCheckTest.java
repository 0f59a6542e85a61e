package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.cli.Fsbench;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fsbench contract}: the workloads once each, in this JVM, on the real filesystem. */
class ContractCheckTest {
  @TempDir Path root;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int fsbench(String... args) {
    return Fsbench.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  @Test
  void nioPassesEveryCaseOfTwoFamilies() throws IOException {
    int exit =
        fsbench(
            "contract",
            "--backends",
            "nio," + TwinProvider.ID,
            "--families",
            "writeFile,rm",
            "--root",
            root.toString());
    assertEquals(0, exit, out + "\n" + err);
    String text = out.toString();
    assertTrue(text.contains("ok    writeFile/8MiB/utf8/async/" + TwinProvider.ID), text);
    assertTrue(text.contains("ok    rm/tree-1000/-/sync/nio"), text);
    // writeFile: 3 scenarios x 2 variants, rm: 2 trees; both modes, both backends.
    assertTrue(text.contains((6 + 2) * 2 * 2 + " passed, 0 failed"), text);
    assertEmpty(root);
  }

  @Test
  void brokenBackendFailsWithEveryFailureListed() throws IOException {
    int exit =
        fsbench(
            "contract",
            "--backends",
            "nio,test-broken-writefile",
            "--families",
            "writeFile",
            "--cases",
            "single",
            "--root",
            root.toString());
    assertEquals(1, exit, out + "\n" + err);
    String text = out.toString();
    assertTrue(text.contains("ok    writeFile/single/buffer/sync/nio"), text);
    assertTrue(
        text.contains(
            "FAIL  writeFile/single/buffer/sync/test-broken-writefile: backend test-broken-writefile, family writeFile,"
                + " case single buffer, mode sync"),
        text);
    assertTrue(text.contains("4 passed, 4 failed"), text);
    assertEmpty(root);
  }

  private static void assertEmpty(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(), s.toList(), "the sandbox must be removed");
    }
  }
}
