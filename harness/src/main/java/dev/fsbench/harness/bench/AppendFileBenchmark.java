package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** appendFile: one payload appended to a file holding the same payload, as bytes or UTF-8 text. */
public class AppendFileBenchmark extends FamilyBenchmark {

  @Param({
    "single/buffer",
    "single/utf8",
    "batch-256/buffer",
    "batch-256/utf8",
    "8MiB/buffer",
    "8MiB/utf8"
  })
  public String workload;

  public AppendFileBenchmark() {
    super(Op.APPEND_FILE);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
