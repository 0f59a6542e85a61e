package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/**
 * glob: {@code **}{@code /*} over a tree, files and directories.
 *
 * <p>{@code -p workload=tree-156k} runs the opt-in large tree.
 */
public class GlobBenchmark extends TreeBenchmark {

  @Param({"tree-4", "tree-1000"})
  public String workload;

  public GlobBenchmark() {
    super(Op.GLOB);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
