package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** utimes: files given atime 1600000000 s and mtime 1600000001 s. */
public class UtimesBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public UtimesBenchmark() {
    super(Op.UTIMES);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
