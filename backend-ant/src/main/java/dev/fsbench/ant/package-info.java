/**
 * The {@code ant} backend: glob through Apache Ant's {@code DirectoryScanner}, the rest through
 * NIO. {@link dev.fsbench.ant.AntBackend} has the route table; {@link dev.fsbench.ant.AntScanner}
 * says how the scanner is run and how its links are read; the translation of the patterns is {@code
 * dev.fsbench.antglob}'s, shared with the {@code plexus} backend.
 */
package dev.fsbench.ant;
