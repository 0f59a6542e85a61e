package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** truncate: 4 KiB files shrunk to 1 KiB. */
public class TruncateBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public TruncateBenchmark() {
    super(Op.TRUNCATE);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
