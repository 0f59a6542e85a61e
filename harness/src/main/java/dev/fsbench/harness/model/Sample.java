package dev.fsbench.harness.model;

/**
 * One timed execution of a cell's workload, from a freshly prepared fixture. Setup, cleanup and
 * verification are outside every measure.
 *
 * @param iteration 0-based, counting warmups and measured samples separately
 * @param warmup whether this was a warmup (kept in the raw data, excluded from statistics)
 * @param wallNanos the JMH single-shot time of the workload
 * @param cpuNanos process CPU time (user + system, every thread, the JVM's own and native ones
 *     included) over the timed region
 * @param allocatedBytes Java heap bytes allocated by all threads over the timed region
 * @param gcCount GC cycles that completed inside the timed region: a sample with one is marked
 */
public record Sample(
    int iteration,
    boolean warmup,
    long wallNanos,
    long cpuNanos,
    long allocatedBytes,
    long gcCount) {}
