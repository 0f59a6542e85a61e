package dev.fsbench.harness.stats;

import dev.fsbench.harness.model.Sample;
import java.util.ArrayList;
import java.util.List;

/**
 * A cell's statistics in one regime, over the samples that regime takes from each fork.
 *
 * <p>The estimate is {@code medianNanos}, the median of the fork medians: it resists one bad fork,
 * which a pooled median does not (three forks at 490, 800 and 490 us give 490, where pooling leans
 * towards 800). The other order statistics pool the forks' samples and describe their spread.
 * Throughput derives from the estimate: operations/s is {@code operations / median seconds}, MiB/s
 * is {@code logicalBytes / 2^20 / median seconds} and {@code null} for a workload that moves no
 * payload. Both are logical rates of the workload, not device bandwidth.
 *
 * @param samples how many samples, all forks together
 * @param forks how many forks contributed
 * @param medianNanos the estimate: median of the fork medians of wall time
 * @param forkMedianNanos each contributing fork's median, in fork order
 * @param p90Nanos pooled nearest-rank 90th percentile
 * @param minNanos pooled fastest sample
 * @param maxNanos pooled slowest sample
 * @param meanNanos pooled mean
 * @param operationsPerSecond filesystem calls per second at the estimate
 * @param mibPerSecond payload MiB per second at the estimate, or {@code null} when no bytes move
 * @param cpuMedianNanos process CPU time, pooled median (every thread: the JVM's own GC and JIT
 *     threads included)
 * @param allocatedMedianBytes Java heap allocation, pooled median
 * @param gcSamples samples with a GC cycle inside their timed region
 */
public record RegimeStatistics(
    int samples,
    int forks,
    double medianNanos,
    List<Double> forkMedianNanos,
    double p90Nanos,
    double minNanos,
    double maxNanos,
    double meanNanos,
    double operationsPerSecond,
    Double mibPerSecond,
    double cpuMedianNanos,
    double allocatedMedianBytes,
    int gcSamples) {

  private static final double NANOS_PER_SECOND = 1e9;
  private static final double BYTES_PER_MIB = 1024.0 * 1024.0;

  public RegimeStatistics {
    forkMedianNanos = List.copyOf(forkMedianNanos);
  }

  /**
   * The statistics of the given forks' samples (measured ones only); there must be a fork with a
   * sample.
   */
  public static RegimeStatistics of(List<List<Sample>> forks, long operations, long logicalBytes) {
    List<Sample> pooled = new ArrayList<>();
    List<double[]> walls = new ArrayList<>();
    List<Double> medians = new ArrayList<>();
    for (List<Sample> fork : forks) {
      List<Sample> measured = fork.stream().filter(s -> !s.warmup()).toList();
      if (measured.isEmpty()) {
        continue;
      }
      pooled.addAll(measured);
      double[] wall = measured.stream().mapToDouble(Sample::wallNanos).toArray();
      walls.add(wall);
      medians.add(Distribution.of(wall).median());
    }
    if (pooled.isEmpty()) {
      throw new IllegalArgumentException(
          "no measured samples (only warmups) to compute statistics from");
    }
    double estimate = HierarchicalBootstrap.estimate(walls);
    Distribution wall = Distribution.of(pooled.stream().mapToLong(Sample::wallNanos).toArray());
    Distribution cpu = Distribution.of(pooled.stream().mapToLong(Sample::cpuNanos).toArray());
    Distribution allocated =
        Distribution.of(pooled.stream().mapToLong(Sample::allocatedBytes).toArray());
    double seconds = Math.max(estimate, 1) / NANOS_PER_SECOND;
    return new RegimeStatistics(
        pooled.size(),
        walls.size(),
        estimate,
        medians,
        wall.p90(),
        wall.min(),
        wall.max(),
        wall.mean(),
        operations / seconds,
        logicalBytes > 0 ? logicalBytes / BYTES_PER_MIB / seconds : null,
        cpu.median(),
        allocated.median(),
        (int) pooled.stream().filter(s -> s.gcCount() > 0).count());
  }
}
