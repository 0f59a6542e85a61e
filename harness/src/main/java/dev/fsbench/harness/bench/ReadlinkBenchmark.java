package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** readlink: the stored target of relative file links. */
public class ReadlinkBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public ReadlinkBenchmark() {
    super(Op.READLINK);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
