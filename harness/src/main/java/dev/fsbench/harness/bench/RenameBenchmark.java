package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** rename: files moved to new names in the same directory. */
public class RenameBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public RenameBenchmark() {
    super(Op.RENAME);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
