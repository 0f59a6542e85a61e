/**
 * Tree operations every module needs and none may get wrong: {@link
 * dev.fsbench.spi.tree.TreeRemoval}, the race-safe {@code rm -r} that the nio backend's rm, the
 * harness's fixture and sandbox cleanup and the tests use alike; and {@link
 * dev.fsbench.spi.tree.CopyTarget}, the check every cp of a directory makes before it writes.
 */
package dev.fsbench.spi.tree;
