package dev.fsbench.conformance;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A declared deviation of a peer's glob ({@code conformance/glob.tsv}'s ANT and PLEXUS columns;
 * {@code docs/semantics/glob.md}, "Peers"): what the peer answers instead of EXPECTED, so that
 * {@link GlobConformance} checks the difference is the declared one.
 *
 * <pre>{@code
 * PeerDeviation.of("brackets").refused();          // true: IllegalArgumentException naming 'brackets'
 * PeerDeviation.of("units=e z").result();          // Optional[[e, z]]
 * }</pre>
 *
 * @param id the deviation's name
 * @param result the peer's whole result, where the column gives it ({@code units=RESULT})
 */
public record PeerDeviation(String id, Optional<Set<String>> result) {

  /** The deviations under which a peer refuses the call, as its message says. */
  public static final Set<String> REFUSALS = Set.of("brackets", "escapes", "dotrule", "handlers");

  /** A peer leaves out the links to nothing (dangling links, link loops) of EXPECTED. */
  public static final String DANGLING = "dangling";

  /** A column's value other than {@code same}. */
  public static PeerDeviation of(String value) {
    int equals = value.indexOf('=');
    if (equals < 0) {
      if (!REFUSALS.contains(value) && !value.equals(DANGLING)) {
        throw new IllegalArgumentException("unknown peer deviation '" + value + "'");
      }
      return new PeerDeviation(value, Optional.empty());
    }
    String id = value.substring(0, equals);
    if (!id.equals("units")) {
      throw new IllegalArgumentException("unknown peer deviation with a result '" + id + "'");
    }
    String given = value.substring(equals + 1);
    Set<String> result = new TreeSet<>();
    if (!given.equals("(none)")) {
      Arrays.stream(given.split(" ")).map(GlobTable::unescape).forEach(result::add);
    }
    return new PeerDeviation(id, Optional.of(Set.copyOf(result)));
  }

  /** Whether the peer refuses the call with {@link IllegalArgumentException}. */
  public boolean refused() {
    return REFUSALS.contains(id);
  }
}
