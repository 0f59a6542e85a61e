package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/** symlink: relative links to existing files. */
public class SymlinkBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256"})
  public String workload;

  public SymlinkBenchmark() {
    super(Op.SYMLINK);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
