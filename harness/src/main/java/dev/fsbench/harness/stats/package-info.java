/**
 * The statistics of DESIGN.md's method, each in its own class: a fork's {@link
 * dev.fsbench.harness.stats.Changepoints level shifts} and {@link
 * dev.fsbench.harness.stats.SteadyState steady state} (with the {@link
 * dev.fsbench.harness.stats.MannKendall trend test}), the {@link dev.fsbench.harness.stats.Regime
 * regimes} and a cell's {@link dev.fsbench.harness.stats.RegimeStatistics statistics} in each, then
 * the comparison of two cells: the {@link dev.fsbench.harness.stats.HierarchicalBootstrap
 * interval}, the {@link dev.fsbench.harness.stats.ModeratedT moderated t-test}, the {@link
 * dev.fsbench.harness.stats.FalseDiscovery false-discovery correction} over the run and the {@link
 * dev.fsbench.harness.stats.Verdict verdict}. {@link dev.fsbench.harness.stats.Distribution} has
 * the order statistics they share. Pure functions of the samples: no I/O, no clock.
 */
package dev.fsbench.harness.stats;
