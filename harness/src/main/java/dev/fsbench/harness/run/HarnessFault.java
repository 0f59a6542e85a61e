package dev.fsbench.harness.run;

import java.io.IOException;

/**
 * An I/O failure of the run's own files once it has started (writing the results folder, reading a
 * fork's samples, the sandbox): neither bad input, which is refused before anything is created, nor
 * a cell's failure, which the results record. Its message is the underlying one, which names the
 * file and the reason ({@code /out/run.json: No space left on device}); {@code fsbench run} exits
 * with 3.
 */
public final class HarnessFault extends IOException {
  private static final long serialVersionUID = 1L;

  HarnessFault(IOException cause) {
    super(cause.getMessage(), cause);
  }
}
