/**
 * The {@code plexus} backend: glob through plexus-utils' {@code DirectoryScanner} (Maven's), the
 * rest through NIO. {@link dev.fsbench.plexus.PlexusBackend} has the route table and Plexus's
 * dialect beyond Ant's; {@link dev.fsbench.plexus.PlexusScanner} says how the scanner is run and
 * what it does with links; the translation of the patterns is {@code dev.fsbench.antglob}'s, shared
 * with the {@code ant} backend.
 */
package dev.fsbench.plexus;
