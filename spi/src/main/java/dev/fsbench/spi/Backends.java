package dev.fsbench.spi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Finds backends by short id through {@link ServiceLoader}, the only way the harness reaches them.
 *
 * <pre>{@code
 * for (Backends.Entry e : Backends.list()) System.out.println(e.id() + " " + e.availability());
 * try (FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) { ... }
 * }</pre>
 *
 * A provider that fails to load (a missing class, an exception in its constructor) is listed as
 * unavailable with the error as its reason; it never breaks the lookup of the others.
 */
public final class Backends {
  private Backends() {}

  /**
   * One listed backend.
   *
   * @param id the short id, or for a provider that failed to load, the best name the error gives
   * @param description what it is built on
   * @param availability whether it can be created here
   * @param provider the provider, empty when it failed to load
   */
  public record Entry(
      String id,
      String description,
      Availability availability,
      Optional<BackendProvider> provider) {}

  /** Every backend on the class path, sorted by id, the unavailable ones included. */
  public static List<Entry> list() {
    return list(Thread.currentThread().getContextClassLoader());
  }

  static List<Entry> list(ClassLoader loader) {
    List<Entry> entries = new ArrayList<>();
    for (BackendProvider provider :
        load(
            loader,
            e ->
                entries.add(
                    new Entry(
                        failedName(e),
                        "failed to load",
                        Availability.unavailable(describe(e)),
                        Optional.empty())))) {
      entries.add(describe(provider));
    }
    entries.sort(Comparator.comparing(Entry::id));
    return List.copyOf(entries);
  }

  /**
   * The providers {@link ServiceLoader} can instantiate, in its order; each one it cannot goes to
   * {@code failed}, and the lookup goes on with the next.
   */
  private static List<BackendProvider> load(ClassLoader loader, Consumer<Throwable> failed) {
    List<BackendProvider> providers = new ArrayList<>();
    Iterator<BackendProvider> it = ServiceLoader.load(BackendProvider.class, loader).iterator();
    while (true) {
      try {
        if (!it.hasNext()) {
          return providers;
        }
        providers.add(it.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        failed.accept(e);
      }
    }
  }

  private static List<BackendProvider> loadQuietly() {
    return load(Thread.currentThread().getContextClassLoader(), e -> {});
  }

  /**
   * The provider with this id, if one is on the class path (available or not). Unlike {@link
   * #list()} it asks the other providers for their id only: a JMH fork of one backend should not
   * load another's native library to learn whether it could (about 40 ms a fork here). A provider
   * that cannot load or name itself is not the one asked for; {@link #list()} says why.
   */
  public static Optional<BackendProvider> find(String id) {
    for (BackendProvider provider : loadQuietly()) {
      try {
        if (provider.id().equals(id)) {
          return Optional.of(provider);
        }
      } catch (RuntimeException | LinkageError e) {
        // Not the one asked for.
      }
    }
    return Optional.empty();
  }

  /**
   * Creates the backend {@code id}. Throws {@link IllegalArgumentException} naming the known ids
   * when there is no such backend, and {@link IllegalStateException} with the reason when it is
   * unavailable here.
   */
  public static FsBackend create(String id, BackendConfig config) {
    BackendProvider provider =
        find(id)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "no backend '"
                            + id
                            + "'; known: "
                            + list().stream().map(Entry::id).collect(Collectors.joining(", "))));
    Availability availability;
    try {
      availability = provider.availability();
    } catch (RuntimeException | LinkageError e) {
      availability = Availability.unavailable(describe(e));
    }
    if (!availability.isAvailable()) {
      throw new IllegalStateException(
          "backend '" + id + "' is unavailable: " + availability.reason());
    }
    return provider.create(config);
  }

  /**
   * The floor {@code id} some provider on the class path offers ({@link BackendProvider#floors()}),
   * available or not. A provider whose list of floors cannot be read offers none here. Like {@link
   * #find} it asks no provider whether it is available.
   */
  public static Optional<Floor> floor(String id) {
    for (BackendProvider provider : loadQuietly()) {
      List<Floor> floors;
      try {
        floors = provider.floors();
      } catch (RuntimeException | LinkageError e) {
        continue;
      }
      for (Floor floor : floors) {
        if (floor.id().equals(id)) {
          return Optional.of(floor);
        }
      }
    }
    return Optional.empty();
  }

  private static Entry describe(BackendProvider provider) {
    String id = provider.getClass().getName();
    try {
      id = provider.id();
      return new Entry(id, provider.description(), provider.availability(), Optional.of(provider));
    } catch (RuntimeException | LinkageError e) {
      return new Entry(
          id,
          "failed to describe itself",
          Availability.unavailable(describe(e)),
          Optional.of(provider));
    }
  }

  private static String describe(Throwable e) {
    StringBuilder reason = new StringBuilder(String.valueOf(e.getMessage()));
    for (Throwable cause = e.getCause(); cause != null && cause != e; cause = cause.getCause()) {
      reason.append("; caused by ").append(cause);
    }
    return reason.toString();
  }

  private static String failedName(Throwable e) {
    // ServiceLoader's messages read "dev.fsbench.spi.BackendProvider: Provider x.y.Z could not be
    // instantiated".
    String message = String.valueOf(e.getMessage());
    int at = message.indexOf("Provider ");
    if (at >= 0) {
      String rest = message.substring(at + "Provider ".length());
      int end = rest.indexOf(' ');
      return end > 0 ? rest.substring(0, end) : rest;
    }
    return "unknown-provider";
  }
}
