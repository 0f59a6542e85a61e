package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/**
 * copyFile: files copied to fresh targets; preserve-8MiB keeps mode and times and asks for a clone.
 */
public class CopyFileBenchmark extends FamilyBenchmark {

  @Param({"single", "batch-256", "8MiB", "preserve-8MiB"})
  public String workload;

  public CopyFileBenchmark() {
    super(Op.COPY_FILE);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
