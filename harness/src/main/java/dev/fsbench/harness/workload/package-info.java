/**
 * What a cell does, independent of JMH: for each {@link dev.fsbench.harness.workload.Families
 * family} its {@link dev.fsbench.harness.workload.Case cases} and its workload, one class per
 * family ({@code ReadFileWorkload}, ...): prepare the fixture, run the operations, verify the
 * result. {@link dev.fsbench.harness.workload.Workloads} runs a cell's workload once (for checks
 * and tests) or step by step under a benchmark. The fixtures and trees are in {@code
 * workload.tree}, the verification in {@code workload.verify}, the planning of the cells in {@code
 * workload.matrix}.
 */
package dev.fsbench.harness.workload;
