/**
 * {@code fsbench run} and {@code fsbench contract} at work: the {@link
 * dev.fsbench.harness.run.BackendCatalog backends} on the class path, the {@link
 * dev.fsbench.harness.run.BenchmarkRun run} that plans the matrix and executes each cell as {@link
 * dev.fsbench.harness.run.JmhCell JMH forks} inside one {@link dev.fsbench.harness.run.Sandbox
 * sandbox}, how many iterations each fork gets ({@link dev.fsbench.harness.run.Sampling}), which
 * cases get an A/A {@link dev.fsbench.harness.run.Controls control}, and the {@link
 * dev.fsbench.harness.run.ContractCheck contract check} that runs every workload once, verified.
 */
package dev.fsbench.harness.run;
