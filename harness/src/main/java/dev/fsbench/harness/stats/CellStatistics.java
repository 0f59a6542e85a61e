package dev.fsbench.harness.stats;

import dev.fsbench.harness.model.Sample;
import java.util.List;

/**
 * The statistics of one cell, over its measured samples only (warmups are raw data, never statistics).
 *
 * <p>Throughput figures derive from the median, not the mean, so one slow sample cannot move them: operations/s is
 * {@code operations / median seconds}, MiB/s is {@code logicalBytes / 2^20 / median seconds} and is {@code null} for a
 * workload that moves no payload (a stat, a rename). Both are logical rates of the workload, not device bandwidth.
 *
 * @param samples the number of measured samples
 * @param medianNanos wall time, median (see {@link Distribution} for the definitions)
 * @param p90Nanos wall time, nearest-rank 90th percentile
 * @param minNanos fastest sample
 * @param maxNanos slowest sample
 * @param meanNanos arithmetic mean
 * @param operationsPerSecond filesystem calls per second at the median
 * @param mibPerSecond payload MiB per second at the median, or {@code null} when no bytes move
 * @param cpuMedianNanos process CPU time (all threads, native included), median
 * @param allocatedMedianBytes Java heap allocation of all threads, median
 */
public record CellStatistics(
    int samples,
    double medianNanos,
    double p90Nanos,
    double minNanos,
    double maxNanos,
    double meanNanos,
    double operationsPerSecond,
    Double mibPerSecond,
    double cpuMedianNanos,
    double allocatedMedianBytes) {

  private static final double NANOS_PER_SECOND = 1e9;
  private static final double BYTES_PER_MIB = 1024.0 * 1024.0;

  /** Computes the statistics of the measured samples among {@code samples}; there must be at least one. */
  public static CellStatistics of(List<Sample> samples, long operations, long logicalBytes) {
    List<Sample> measured = samples.stream().filter(s -> !s.warmup()).toList();
    if (measured.isEmpty()) {
      throw new IllegalArgumentException("no measured samples (only warmups) to compute statistics from");
    }
    Distribution wall = Distribution.of(measured.stream().mapToLong(Sample::wallNanos).toArray());
    Distribution cpu = Distribution.of(measured.stream().mapToLong(Sample::cpuNanos).toArray());
    Distribution allocated = Distribution.of(measured.stream().mapToLong(Sample::allocatedBytes).toArray());
    double seconds = Math.max(wall.median(), 1) / NANOS_PER_SECOND;
    return new CellStatistics(
        measured.size(),
        wall.median(),
        wall.p90(),
        wall.min(),
        wall.max(),
        wall.mean(),
        operations / seconds,
        logicalBytes > 0 ? logicalBytes / BYTES_PER_MIB / seconds : null,
        cpu.median(),
        allocated.median());
  }

  /** The measured wall times of {@code samples}, the input of a {@link Comparison}. */
  public static double[] measuredWallNanos(List<Sample> samples) {
    return samples.stream().filter(s -> !s.warmup()).mapToDouble(Sample::wallNanos).toArray();
  }
}
