/**
 * The JMH benchmarks: one class per family ({@code ReadFileBenchmark}, ...) over {@link
 * dev.fsbench.harness.bench.FamilyBenchmark} (single-shot samples, each from a fresh fixture,
 * verified after every one) or {@link dev.fsbench.harness.bench.TreeBenchmark}. A fork records each
 * sample's counters through {@link dev.fsbench.harness.bench.Meter} (with {@link
 * dev.fsbench.harness.bench.CpuClock}) in its {@link dev.fsbench.harness.bench.SampleLog}, and
 * makes its fixtures in the {@link dev.fsbench.harness.bench.ForkSandbox} the runner names.
 */
package dev.fsbench.harness.bench;
