/**
 * What a backend may build on, beside the SPI it implements: base classes ({@link
 * dev.fsbench.support.AbstractFsBackend}, the argument checks and the async executor; {@link
 * dev.fsbench.support.ForwardingFsBackend}, the families a backend leaves to another, NIO as a
 * rule; {@link dev.fsbench.support.PeerBackend}, for a peer library's backend), the helpers every
 * module shares ({@link dev.fsbench.support.LazyExecutor}, {@link
 * dev.fsbench.support.RelativePaths}, {@link dev.fsbench.support.StringNames}, {@link
 * dev.fsbench.support.LineBudget}, the bound every Java line reader of {@code lines} reads under),
 * and the race-safe tree walk by directory handles ({@link dev.fsbench.support.HandleWalk}) with
 * its visitor {@link dev.fsbench.support.TreeRemoval}, the {@code rm -r} that the nio backend, the
 * harness's fixture and sandbox cleanup and the tests use alike (nio's cp is the walk's other
 * visitor), and {@link dev.fsbench.support.CopyTarget}, the check every cp of a directory makes
 * before it writes.
 *
 * <p>Not part of the contract: a backend from outside the build may use it (fsbench.jar bundles
 * it), and nothing here is required.
 */
package dev.fsbench.support;
