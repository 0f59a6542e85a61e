package dev.fsbench.routed;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A routes file checked against this JVM: which of the backends it names cannot work here (not on
 * the class path, or unavailable: native-ffm on JDK 17), each with the reason. Their families go to
 * nio, and routed's routes say so.
 *
 * <p>It asks each named provider for its availability directly, never {@link Backends#list()},
 * which asks every provider, routed's own included, and would recurse.
 *
 * @param routes the routes
 * @param missing backend id to why it cannot work here, sorted by id
 */
record Resolution(RoutesFile routes, Map<String, String> missing) {

  /**
   * The backend every family falls back to: a dependency of routed, checked when routes are read.
   */
  static final String NIO = "nio";

  Resolution {
    missing = Collections.unmodifiableMap(new TreeMap<>(missing));
  }

  static Resolution of(RoutesFile routes) {
    Map<String, String> missing = new TreeMap<>();
    for (RoutesFile.Choice choice : routes.families().values()) {
      String id = choice.backend();
      if (id.equals(NIO) || missing.containsKey(id)) {
        continue;
      }
      why(id).ifPresent(reason -> missing.put(id, reason));
    }
    return new Resolution(routes, missing);
  }

  /** Why backend {@code id} cannot be created here, or empty when it can. */
  static Optional<String> why(String id) {
    Optional<BackendProvider> provider = Backends.find(id);
    if (provider.isEmpty()) {
      return Optional.of("not on the class path");
    }
    Availability availability;
    try {
      availability = provider.get().availability();
    } catch (RuntimeException | LinkageError e) {
      return Optional.of("its provider failed: " + e);
    }
    return availability.isAvailable()
        ? Optional.empty()
        : Optional.of("unavailable here: " + availability.reason());
  }

  /** The backend that serves {@code choice} here: the chosen one, or nio when it is missing. */
  String servedBy(RoutesFile.Choice choice) {
    return missing.containsKey(choice.backend()) ? NIO : choice.backend();
  }
}
