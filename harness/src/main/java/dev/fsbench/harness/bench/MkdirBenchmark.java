package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** mkdir: {@code new-<i>/a/b} created recursively. */
public class MkdirBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public MkdirBenchmark() {
    super(Op.MKDIR);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
