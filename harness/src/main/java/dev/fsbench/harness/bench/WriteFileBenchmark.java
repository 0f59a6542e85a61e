package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** writeFile: the payload written to fresh paths, as bytes or UTF-8 text. */
public class WriteFileBenchmark extends FamilyBenchmark {

  @Param({
    "single/buffer",
    "single/utf8",
    "batch-256/buffer",
    "batch-256/utf8",
    "8MiB/buffer",
    "8MiB/utf8"
  })
  public String workload;

  public WriteFileBenchmark() {
    super(Op.WRITE_FILE);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
