package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** lines: whole 4 KiB text files, and 100 lines at the head or from the middle of 16 MiB. */
public class LinesBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256", "16MiB/head", "16MiB/middle"})
  public String workload;

  public LinesBenchmark() {
    super(Op.LINES);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
