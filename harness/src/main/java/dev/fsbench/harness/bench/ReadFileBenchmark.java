package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** readFile: whole files read, as bytes or decoded as UTF-8 text. */
public class ReadFileBenchmark extends FamilyBenchmark {

  @Param({
    "single/buffer",
    "single/utf8",
    "batch-256/buffer",
    "batch-256/utf8",
    "8MiB/buffer",
    "8MiB/utf8"
  })
  public String workload;

  public ReadFileBenchmark() {
    super(Op.READ_FILE);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
