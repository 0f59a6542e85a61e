package dev.fsbench.hostile;

import java.util.Map;

/**
 * What one call of a case did, and what NIO did on the twin fixture, for an {@link Expectation} to
 * judge. Outcomes have the case directory written as {@code $CASE}.
 *
 * @param backend the id of the backend called
 * @param family the family called
 * @param fixture the fixture the backend was called on (after the call)
 * @param outcome the backend's outcome
 * @param nio NIO's outcome on the twin, or null where NIO is no oracle (the expectation is
 *     declared)
 * @param before the fixture's manifest before the call ({@link Manifest}, victim excluded)
 * @param after the same after the call
 * @param nioBefore the twin's manifest before NIO's call, or null
 * @param nioAfter the twin's manifest after it, or null
 */
record Observed(
    String backend,
    Family family,
    Fixture fixture,
    Outcome outcome,
    Outcome nio,
    Map<String, String> before,
    Map<String, String> after,
    Map<String, String> nioBefore,
    Map<String, String> nioAfter) {

  /** The hostile path as the call was given it, normalized as outcomes are. */
  String givenPath() {
    return fixture.normalize(fixture.p().toString());
  }
}
