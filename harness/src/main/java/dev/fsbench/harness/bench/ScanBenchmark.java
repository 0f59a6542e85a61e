package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/**
 * scan: a sorted walk of a tree with each entry's metadata.
 *
 * <p>{@code -p workload=tree-156k} runs the opt-in large tree.
 */
public class ScanBenchmark extends TreeBenchmark {

  @Param({"tree-4", "tree-1000"})
  public String workload;

  public ScanBenchmark() {
    super(Op.SCAN);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
