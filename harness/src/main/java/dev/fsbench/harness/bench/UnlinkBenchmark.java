package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** unlink: regular files removed, one path per call. */
public class UnlinkBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public UnlinkBenchmark() {
    super(Op.UNLINK);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
