/**
 * The {@code fsbench} command line (picocli): {@link dev.fsbench.harness.cli.Fsbench} and one class
 * per command ({@code run}, {@code report}, {@code compare}, {@code backends}, {@code contract},
 * {@code jmh}). A command parses and hands over: the work is done by {@code
 * dev.fsbench.harness.run}, {@code results} and {@code report}.
 */
package dev.fsbench.harness.cli;
