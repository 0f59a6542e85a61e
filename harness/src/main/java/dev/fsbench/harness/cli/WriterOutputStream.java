package dev.fsbench.harness.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Bridges picocli's writers to the PrintStreams the runner prints to, line by line, so that tests
 * capturing a command's output see the runner's progress too.
 */
final class WriterOutputStream extends OutputStream {
  private final PrintWriter writer;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  WriterOutputStream(PrintWriter writer) {
    this.writer = writer;
  }

  @Override
  public synchronized void write(int b) {
    line.write(b);
    if (b == '\n') {
      flush();
    }
  }

  @Override
  public synchronized void flush() {
    if (line.size() > 0) {
      writer.print(line.toString(StandardCharsets.UTF_8));
      line.reset();
    }
    writer.flush();
  }
}
