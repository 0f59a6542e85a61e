package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** chown: files set to the current uid and gid (the call any user may make). */
public class ChownBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public ChownBenchmark() {
    super(Op.CHOWN);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
