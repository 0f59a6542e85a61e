package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Route;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a spy's record must show for a route to be true, shared by both spies.
 *
 * <p>Routed to Commons IO: the family's effect (the write, the delete, the read its result comes
 * from) was seen at least once, every effect access happened with Commons IO on the stack, and at
 * least one of them inside the very method the scenario names, whose class the route names too.
 * Routed to NIO: the spy saw accesses, and not one of them had Commons IO on the stack.
 *
 * <p>Why this cannot pass by accident: an empty record fails both directions (a blind spy proves
 * nothing); the frames are taken from the live stack at the moment of each access, so only code
 * that really runs inside Commons IO shows them; and a route that named Commons IO while the
 * backend did the effect itself, or named NIO while Commons IO did any of it, fails on the first
 * access that contradicts it.
 */
final class RouteEvidence {
  private RouteEvidence() {}

  static void assertTruthful(
      FsBackend backend, FamilyScenario scenario, List<Call> calls, Path dir) {
    Route route = backend.route(scenario.op());
    String what = scenario + " (route: " + route + ")";
    assertFalse(
        calls.isEmpty(), what + ": the spy saw no filesystem access at all, so it proves nothing");
    if (route.isFallback()) {
      List<Call> inside = calls.stream().filter(Call::insideCommonsIo).collect(Collectors.toList());
      assertTrue(
          inside.isEmpty(),
          what + " falls back to NIO, yet Commons IO touched the filesystem: " + inside);
      return;
    }
    String effectPath =
        scenario.effectPath().isEmpty()
            ? dir.toString()
            : dir.resolve(scenario.effectPath()).toString();
    List<Call> effects =
        calls.stream()
            .filter(c -> c.kind() == scenario.effect() && c.path().equals(effectPath))
            .collect(Collectors.toList());
    assertFalse(
        effects.isEmpty(),
        what + ": no " + scenario.effect() + " of " + effectPath + " was seen; seen: " + calls);
    List<Call> outside =
        effects.stream().filter(c -> !c.insideCommonsIo()).collect(Collectors.toList());
    assertTrue(outside.isEmpty(), what + ": the effect happened outside Commons IO: " + outside);
    assertTrue(
        effects.stream().anyMatch(c -> c.commonsIoFrames().contains(scenario.commonsIoMethod())),
        what
            + ": no effect access ran inside "
            + scenario.commonsIoMethod()
            + "; effects: "
            + effects);
    String commonsIoClass =
        scenario.commonsIoMethod().substring(0, scenario.commonsIoMethod().indexOf('#'));
    assertTrue(
        route.via().contains(commonsIoClass),
        what + " does not name " + commonsIoClass + ", which does the work");
  }
}
