package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** realpath: the canonical path of existing files. */
public class RealpathBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public RealpathBenchmark() {
    super(Op.REALPATH);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
