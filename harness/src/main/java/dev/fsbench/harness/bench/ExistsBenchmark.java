package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** exists: on existing files, and on missing paths (missing-256). */
public class ExistsBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256", "missing-256"})
  public String workload;

  public ExistsBenchmark() {
    super(Op.EXISTS);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
