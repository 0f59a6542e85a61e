package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** stat: metadata of files, and of the files behind symbolic links (symlink). */
public class StatBenchmark extends FamilyBenchmark {

  @Param({"single/default", "single/symlink", "batch-256/default", "batch-256/symlink"})
  public String workload;

  public StatBenchmark() {
    super(Op.STAT);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
