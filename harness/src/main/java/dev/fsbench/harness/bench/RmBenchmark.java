package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/**
 * rm: a freshly built tree removed recursively.
 *
 * <p>{@code -p workload=tree-156k} runs the opt-in large tree.
 */
public class RmBenchmark extends TreeBenchmark {

  @Param({"tree-4", "tree-1000"})
  public String workload;

  public RmBenchmark() {
    super(Op.RM);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
