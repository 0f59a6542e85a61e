package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** access: {@code F_OK} on existing regular files. */
public class AccessBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public AccessBenchmark() {
    super(Op.ACCESS);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
