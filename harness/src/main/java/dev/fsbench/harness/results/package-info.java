/**
 * A run as it is kept: the {@link dev.fsbench.harness.results.RunRecord record} of run.json
 * (results/SCHEMA.md), read and written strictly and atomically by {@link
 * dev.fsbench.harness.results.RunJson}, inside its {@link dev.fsbench.harness.results.ResultsFolder
 * folder}; the {@link dev.fsbench.harness.results.Environment environment} it was measured in, as
 * {@link dev.fsbench.harness.results.EnvironmentProbe} found it; and the {@link
 * dev.fsbench.harness.results.Cases case records} computed from the raw samples, which {@code
 * fsbench report --recompute} computes again.
 */
package dev.fsbench.harness.results;
