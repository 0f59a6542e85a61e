/**
 * The written semantics of glob and cp ({@code docs/semantics/}) as tests a backend runs: {@link
 * dev.fsbench.conformance.GlobConformance} (the table {@code conformance/glob.tsv}, which the Rust
 * tests read too), {@link dev.fsbench.conformance.GlobDifferential} (random trees and patterns
 * against bash) and {@link dev.fsbench.conformance.CpDifferential} (random trees against GNU {@code
 * cp -a}, {@code diff -r} and {@code stat}). A backend module uses this one in test scope.
 */
package dev.fsbench.conformance;
