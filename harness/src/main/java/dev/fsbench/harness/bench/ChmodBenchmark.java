package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** chmod: regular files from 0644 to 0640. */
public class ChmodBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public ChmodBenchmark() {
    super(Op.CHMOD);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
