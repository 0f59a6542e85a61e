package dev.fsbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Provider lookup with broken providers. Their service file lives under {@code broken-providers/}
 * rather than at the root of the test classes, so that only the class loader these tests root there
 * makes {@link java.util.ServiceLoader} find them.
 */
class BackendsTest {

  /** A provider whose constructor throws: listed as unavailable, with the cause as its reason. */
  public static final class ThrowsFromConstructor implements BackendProvider {
    public ThrowsFromConstructor() {
      throw new IllegalStateException("no native library for this platform");
    }

    @Override
    public String id() {
      return "never";
    }

    @Override
    public String description() {
      return "never";
    }

    @Override
    public Availability availability() {
      return Availability.available();
    }

    @Override
    public FsBackend create(BackendConfig config) {
      throw new AssertionError("unreachable");
    }
  }

  /** A provider that breaks its promise not to throw from availability(). */
  public static final class ThrowsFromAvailability implements BackendProvider {
    /** How often availability() was asked, by any instance. */
    static final java.util.concurrent.atomic.AtomicInteger PROBES =
        new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public String id() {
      return "flaky";
    }

    @Override
    public String description() {
      return "flaky";
    }

    @Override
    public Availability availability() {
      PROBES.incrementAndGet();
      throw new UnsupportedOperationException("probe crashed");
    }

    @Override
    public FsBackend create(BackendConfig config) {
      throw new AssertionError("unreachable");
    }
  }

  /** A well-behaved provider that is unavailable here. */
  public static final class Healthy implements BackendProvider {
    @Override
    public String id() {
      return "healthy";
    }

    @Override
    public String description() {
      return "works elsewhere";
    }

    @Override
    public Availability availability() {
      return Availability.unavailable("built with -Dnative.skip=true");
    }

    @Override
    public FsBackend create(BackendConfig config) {
      throw new IllegalStateException("unavailable");
    }
  }

  private static ClassLoader brokenProviders() {
    URL root = BackendsTest.class.getResource("broken-providers/");
    return new URLClassLoader(new URL[] {root}, BackendsTest.class.getClassLoader());
  }

  private static List<Backends.Entry> listWithBrokenProviders() {
    return Backends.list(brokenProviders());
  }

  /** Runs {@code action} with the broken providers on the thread's context class loader. */
  private static <T> T withBrokenProviders(java.util.function.Supplier<T> action) {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(brokenProviders());
    try {
      return action.get();
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  private static Backends.Entry entry(List<Backends.Entry> entries, String idPart) {
    return entries.stream()
        .filter(e -> e.id().contains(idPart))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no entry like " + idPart + " in " + entries));
  }

  @Test
  void aProviderThrowingFromItsConstructorIsListedUnavailableWithItsReason() {
    Backends.Entry broken = entry(listWithBrokenProviders(), "ThrowsFromConstructor");
    assertFalse(broken.availability().isAvailable());
    assertTrue(
        broken.availability().reason().contains("no native library for this platform"),
        broken.availability().reason());
    assertEquals(Optional.empty(), broken.provider());
  }

  @Test
  void aProviderThrowingFromAvailabilityIsListedUnavailable() {
    Backends.Entry flaky = entry(listWithBrokenProviders(), "flaky");
    assertFalse(flaky.availability().isAvailable());
    assertTrue(
        flaky.availability().reason().contains("probe crashed"), flaky.availability().reason());
  }

  @Test
  void theOthersAreStillListedSortedById() {
    List<Backends.Entry> entries = listWithBrokenProviders();
    Backends.Entry healthy = entry(entries, "healthy");
    assertEquals("built with -Dnative.skip=true", healthy.availability().reason());
    assertEquals(3, entries.size(), entries.toString());
    List<String> ids =
        entries.stream().map(Backends.Entry::id).collect(java.util.stream.Collectors.toList());
    assertEquals(ids.stream().sorted().collect(java.util.stream.Collectors.toList()), ids);
  }

  @Test
  void theDefaultClassPathOfTheSpiAloneHasNoBackend() {
    assertEquals(List.of(), Backends.list());
  }

  @Test
  void createNamesTheKnownIdsForAnUnknownOne() {
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> Backends.create("nope", BackendConfig.DEFAULT));
    assertTrue(e.getMessage().contains("no backend 'nope'"), e.getMessage());
  }

  @Test
  void creatingOneBackendAsksNoOtherProviderWhetherItIsAvailable() {
    int before = ThrowsFromAvailability.PROBES.get();
    IllegalStateException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalStateException.class,
            () -> withBrokenProviders(() -> Backends.create("healthy", BackendConfig.DEFAULT)));
    assertTrue(e.getMessage().contains("built with -Dnative.skip=true"), e.getMessage());
    assertEquals(before, ThrowsFromAvailability.PROBES.get(), "flaky's probe ran");
    assertTrue(withBrokenProviders(() -> Backends.find("healthy")).isPresent());
    assertEquals(before, ThrowsFromAvailability.PROBES.get(), "flaky's probe ran");
  }

  @Test
  void creatingABackendWhoseProbeThrowsSaysItIsUnavailableAndWhy() {
    IllegalStateException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalStateException.class,
            () -> withBrokenProviders(() -> Backends.create("flaky", BackendConfig.DEFAULT)));
    assertTrue(e.getMessage().contains("'flaky' is unavailable"), e.getMessage());
    assertTrue(e.getMessage().contains("probe crashed"), e.getMessage());
  }

  @Test
  void noProviderOffersAnUnknownFloorAndABrokenOneBreaksNothing() {
    assertEquals(Optional.empty(), withBrokenProviders(() -> Backends.floor("floor")));
  }
}
