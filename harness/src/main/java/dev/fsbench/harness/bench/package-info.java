/**
 * The JMH benchmark: {@link dev.fsbench.harness.bench.FamilyBenchmark}, one for every family, its
 * parameters naming the cell (single-shot samples, each from a fresh fixture, verified after every
 * one). A fork records each sample's counters through {@link dev.fsbench.harness.bench.Meter} (with
 * {@link dev.fsbench.harness.bench.CpuClock}) in its {@link dev.fsbench.harness.bench.SampleLog},
 * and makes its fixtures in the {@link dev.fsbench.harness.bench.ForkSandbox} the runner names.
 */
package dev.fsbench.harness.bench;
