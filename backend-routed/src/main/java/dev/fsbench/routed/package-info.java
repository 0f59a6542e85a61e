/**
 * The {@code routed} backend: every family sent to the backend a routes file chose for it from a
 * run's verdicts ({@code fsbench recommend}), each reached through {@link
 * dev.fsbench.spi.Backends}. Start at {@link dev.fsbench.routed.RoutedProvider}.
 *
 * <p>One file per concern: where the routes come from ({@code RoutesSource}), reading them ({@code
 * JsonTree}, {@code Node}, {@code RoutesFile}), what of them works here ({@code Resolution}) and
 * what differs from where they were measured ({@code Warnings}); then the backends they send the
 * families to ({@code Targets}, with {@code Refusing} for a family whose capability routed lacks)
 * and the backend itself ({@code RoutedBackend}). backend-routed/README.md has the file's format,
 * the rule that chooses and how a program uses it.
 */
package dev.fsbench.routed;
