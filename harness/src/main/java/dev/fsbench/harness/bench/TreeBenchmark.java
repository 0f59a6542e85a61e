package dev.fsbench.harness.bench;

import dev.fsbench.spi.Op;
import org.openjdk.jmh.annotations.Param;

/**
 * A tree family's benchmark: one call on a whole tree per sample, at the backend's default
 * concurrency ({@code 0}) or an explicit one ({@code -p concurrency=0,1,4}), which a backend with
 * {@code TREE_CONCURRENCY} honours.
 */
public abstract class TreeBenchmark extends FamilyBenchmark {

  /** 0 for the backend's default; 1 for serial; n for at most n workers. */
  @Param({"0"})
  public int concurrency;

  protected TreeBenchmark(Op family) {
    super(family);
  }

  @Override
  protected int concurrency() {
    return concurrency;
  }
}
