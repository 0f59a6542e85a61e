/**
 * What a cell does, independent of JMH: for each of the 26 {@link
 * dev.fsbench.harness.workload.Families families} its cases and its workload (prepare the fixture,
 * run the operations, verify against the {@link dev.fsbench.harness.workload.Oracle oracle}, plain
 * NIO and never a backend under test), one class per family ({@code ReadFileWorkload}, ...). The
 * {@link dev.fsbench.harness.workload.Matrix matrix} is every selected case, mode and backend;
 * {@link dev.fsbench.harness.workload.Workloads} runs a cell's workload once (for checks and tests)
 * or step by step under a benchmark. Fixtures ({@code Fixtures}, {@code TreeFixture}, {@code
 * Payload}) are built with NIO and removed by {@code TreeRemoval}.
 */
package dev.fsbench.harness.workload;
