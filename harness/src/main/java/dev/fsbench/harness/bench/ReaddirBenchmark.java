package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/**
 * readdir: a recursive listing of a tree.
 *
 * <p>{@code -p workload=tree-156k} runs the opt-in large tree.
 */
public class ReaddirBenchmark extends TreeBenchmark {

  @Param({"tree-4", "tree-1000"})
  public String workload;

  public ReaddirBenchmark() {
    super(Op.READDIR);
  }

  @Override
  protected String workload() {
    return workload;
  }
}
