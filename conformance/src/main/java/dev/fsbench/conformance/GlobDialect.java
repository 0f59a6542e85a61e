package dev.fsbench.conformance;

import dev.fsbench.spi.GlobOptions;
import java.util.List;

/**
 * What a peer's glob declares it does otherwise ({@code docs/semantics/glob.md}, "Peers"), as
 * {@link GlobDifferential} needs it to compare the peer with bash on random calls: which calls it
 * refuses, and what it does with a link to nothing. A peer's test implements it with the peer's own
 * translation of the patterns.
 *
 * <pre>{@code
 * GlobDialect ant = new GlobDialect() {
 *   public String refusal(List<String> patterns, GlobOptions options) { ... }   // "brackets", or null
 *   public DeadLinks deadLink(String path, List<String> patterns, GlobOptions options) {
 *     return DeadLinks.KEPT;
 *   }
 * };
 * }</pre>
 */
public interface GlobDialect {

  /**
   * The declared deviation ({@link PeerDeviation#REFUSALS}) under which the peer refuses this
   * well-formed call, or null if it answers it.
   */
  String refusal(List<String> patterns, GlobOptions options);

  /**
   * What the peer does with {@code path}, a link to nothing (dangling, or a loop) that the call
   * matches.
   */
  DeadLinks deadLink(String path, List<String> patterns, GlobOptions options);

  /** A peer's answer to a link to nothing that a call matches. */
  enum DeadLinks {
    /** In the result, as the SPI says. */
    KEPT,
    /** Never in the result (declared deviation {@code dangling}). */
    LEFT_OUT,
    /** In the result or not, depending on how the peer reached it ({@code dangling}). */
    MAY_BE_LEFT_OUT
  }
}
