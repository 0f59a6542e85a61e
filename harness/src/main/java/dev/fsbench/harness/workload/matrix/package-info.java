/**
 * Which cells a run measures: the {@link dev.fsbench.harness.workload.matrix.Matrix matrix} of
 * every selected family, case, mode, backend and concurrency, as a {@link
 * dev.fsbench.harness.workload.matrix.MatrixSpec spec} selects it from each backend's {@link
 * dev.fsbench.harness.workload.matrix.BackendSummary summary}, and the cells selected but not run
 * ({@link dev.fsbench.harness.workload.matrix.OmittedCell}) with the reason.
 */
package dev.fsbench.harness.workload.matrix;
