package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** mkdtemp: a unique directory for each of distinct prefixes. */
public class MkdtempBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public MkdtempBenchmark() {
    super(Op.MKDTEMP);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
