/**
 * A program that uses the {@code routed} backend as a JVM engineer would: found through {@code
 * ServiceLoader} ({@code Backends.create("routed", ...)}), its routes a resource in the jar, made
 * by {@code fsbench recommend} from a committed run. It copies, scans, reads and removes a tree and
 * says which backend served each family.
 */
package dev.fsbench.examples.routed;
