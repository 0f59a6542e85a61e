/**
 * Trees and fixtures, built and read with plain NIO: the {@link
 * dev.fsbench.harness.workload.tree.Scenario scenarios} (how many calls a sample makes, on what),
 * the files and payloads of a sample ({@code Fixtures}, {@code Payload}), the synthetic trees
 * ({@code TreeFixture}), the real-shaped ones and the user's snapshot ({@code RealTrees}, {@code
 * TreeSnapshot}), the run's {@link dev.fsbench.harness.workload.tree.PreparedTrees store} of them,
 * a trial's copy ({@code TrialTree}), and a tree's {@link
 * dev.fsbench.harness.workload.tree.TreeManifest manifest}, whose hash run.json records. Fixtures
 * are removed by {@code TreeRemoval}.
 */
package dev.fsbench.harness.workload.tree;
