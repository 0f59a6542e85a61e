package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** lstat: metadata of files, and of symbolic links themselves (symlink). */
public class LstatBenchmark extends FamilyBenchmark {

  @Param({"single/default", "single/symlink", "batch-256/default", "batch-256/symlink"})
  public String workload;

  public LstatBenchmark() {
    super(Op.LSTAT);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
