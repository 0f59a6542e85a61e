/**
 * Tree operations every module needs and none may get wrong: {@link
 * dev.fsbench.spi.tree.HandleWalk}, the race-safe walk by directory handles (with {@link
 * dev.fsbench.spi.tree.DirectoryHandle}, a handle it lets go and opens again deep in a tree);
 * {@link dev.fsbench.spi.tree.TreeRemoval}, the {@code rm -r} over that walk that the nio backend's
 * rm, the harness's fixture and sandbox cleanup and the tests use alike (nio's cp is the walk's
 * other visitor); and {@link dev.fsbench.spi.tree.CopyTarget}, the check every cp of a directory
 * makes before it writes.
 */
package dev.fsbench.spi.tree;
