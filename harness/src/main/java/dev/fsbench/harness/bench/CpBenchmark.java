package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/**
 * cp: a whole tree copied to a new destination.
 *
 * <p>{@code -p workload=tree-156k} runs the opt-in large tree.
 */
public class CpBenchmark extends TreeBenchmark {

  @Param({"tree-4", "tree-1000"})
  public String workload;

  public CpBenchmark() {
    super(Op.CP);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
