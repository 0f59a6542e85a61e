package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** link: a hard link to each of fresh files. */
public class LinkBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public LinkBenchmark() {
    super(Op.LINK);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
