/**
 * What a reader sees of a run: {@link dev.fsbench.harness.report.MarkdownReport REPORT.md}, its
 * {@link dev.fsbench.harness.report.Overview overview} rows, and {@link
 * dev.fsbench.harness.report.RunComparison two runs compared} cell by cell, the {@link
 * dev.fsbench.harness.report.BackendChoice backend chosen for each family} ({@code fsbench
 * recommend}'s table and the routes file the routed backend reads), with {@link
 * dev.fsbench.harness.report.Format}'s numbers. Everything here is computed from a run record, so a
 * report can be rendered again from run.json alone.
 */
package dev.fsbench.harness.report;
