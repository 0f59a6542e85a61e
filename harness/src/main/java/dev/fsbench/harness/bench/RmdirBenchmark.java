package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** rmdir: empty directories removed. */
public class RmdirBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public RmdirBenchmark() {
    super(Op.RMDIR);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
