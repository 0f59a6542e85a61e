/**
 * The words every part of the harness shares: a {@link dev.fsbench.harness.model.CellKey cell} (a
 * case of a family, in a {@link dev.fsbench.harness.model.Mode mode}, by a backend at a
 * concurrency), the {@link dev.fsbench.harness.model.CellPlan plan} that runs it, and one timed
 * {@link dev.fsbench.harness.model.Sample sample} of it.
 */
package dev.fsbench.harness.model;
