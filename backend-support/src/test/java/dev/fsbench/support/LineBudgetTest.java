package dev.fsbench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineBudgetTest {
  private static final Path PATH = Path.of("/some/file");

  private static InputStream text(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }

  /** Reads {@code in} to its end one byte at a time. */
  private static void drain(LineBudget budget) throws IOException {
    while (budget.read() >= 0) {
      // counted
    }
  }

  @Test
  void aLinePastTheLimitIsRefusedNamingThePath() {
    LineBudget budget = new LineBudget(text("x".repeat(11)), PATH, 10);
    FileSystemException e = assertThrows(FileSystemException.class, () -> drain(budget));
    assertEquals(PATH.toString(), e.getFile());
  }

  @Test
  void eachEndedLineStartsTheCountAfresh() throws IOException {
    LineBudget budget = new LineBudget(text("x".repeat(30)), PATH, 10);
    byte[] ten = new byte[10];
    for (int i = 0; i < 3; i++) {
      assertEquals(10, budget.read(ten, 0, 10));
      budget.lineEnded();
    }
    assertEquals(-1, budget.read());
  }

  @Test
  void keptLinesTogetherPastTheLimitAreRefused() throws IOException {
    LineBudget budget = new LineBudget(text("x".repeat(30)), PATH, 10);
    byte[] six = new byte[6];
    budget.read(six, 0, 6);
    budget.lineEnded();
    budget.keep();
    budget.read(six, 0, 6);
    budget.lineEnded();
    assertThrows(FileSystemException.class, () -> budget.read(six, 0, 6));
  }

  @Test
  void theRangeIsReadAsBufferedReaderEndsLines() throws IOException {
    String content = "a\r\nb\rc\n\nd";
    assertEquals(List.of("b", "c"), LineBudget.readLines(text(content), PATH, 1, 2));
    assertEquals(List.of("a", "b", "c", "", "d"), LineBudget.readLines(text(content), PATH, 0, 9));
    assertEquals(List.of(), LineBudget.readLines(text(content), PATH, 9, 1));
    assertEquals(List.of(), LineBudget.readLines(text(content), PATH, 0, 0));
    assertEquals(content.lines().toList(), LineBudget.readLines(text(content), PATH, 0, 100));
  }

  @Test
  void malformedUtf8BecomesTheReplacementCharacter() throws IOException {
    InputStream in = new ByteArrayInputStream(new byte[] {'a', (byte) 0xff, 'b', '\n'});
    assertEquals(List.of("a\uFFFDb"), LineBudget.readLines(in, PATH, 0, 1));
  }

  @Test
  void aNegativeRangeIsAnIllegalArgument() {
    assertThrows(IllegalArgumentException.class, () -> LineBudget.checkRange(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> LineBudget.checkRange(0, -1));
    LineBudget.checkRange(0, 0);
  }

  @Test
  void theRefusalIsTheSameFromEveryBackend() {
    FileSystemException e = LineBudget.tooLong(PATH);
    assertEquals(PATH.toString(), e.getFile());
    assertTrue(e.getReason().startsWith("a line, or the lines asked for together, longer than"));
  }
}
