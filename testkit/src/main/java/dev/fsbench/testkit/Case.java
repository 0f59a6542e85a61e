package dev.fsbench.testkit;

import dev.fsbench.spi.Capability;
import java.util.Objects;
import java.util.Set;

/**
 * One check of one family. Its body gets a fresh {@link Sandbox} whose {@link Sandbox#fs()} calls
 * either the sync or the async form of the backend: the kit runs every case both ways.
 *
 * @param name what the case checks, shown as the test name
 * @param kind whether it checks a result or an error
 * @param needs capabilities the case's fixtures or call need beyond the family's own
 */
record Case(String name, Kind kind, Set<Capability> needs, Body body) {

  enum Kind {
    /** A successful call, its result and its side effects against an independent oracle. */
    RESULT,
    /** A failing call: the exception's class and paths, and that nothing changed. */
    ERROR
  }

  @FunctionalInterface
  interface Body {
    void run(Sandbox sandbox) throws Exception;
  }

  Case {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    needs = Set.copyOf(needs);
    Objects.requireNonNull(body, "body");
  }

  static Case result(String name, Body body) {
    return new Case(name, Kind.RESULT, Set.of(), body);
  }

  static Case error(String name, Body body) {
    return new Case(name, Kind.ERROR, Set.of(), body);
  }

  Case needing(Capability... capabilities) {
    return new Case(name, kind, Set.of(capabilities), body);
  }
}
