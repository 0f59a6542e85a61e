package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import org.junit.jupiter.api.Test;

/**
 * What every provider of the library owes the harness whatever its availability: it is found
 * through {@link java.util.ServiceLoader} and listed with a description that names its binding.
 * Subclassed by each binding's availability test, which asserts what it says on this JVM and build.
 */
public abstract class LibraryProviderTest {

  private final String id;
  private final String binding;

  /**
   * Tests the provider of backend {@code id}, whose description names {@code binding}, the way it
   * calls the library.
   */
  protected LibraryProviderTest(String id, String binding) {
    this.id = id;
    this.binding = binding;
  }

  /** The provider, as the harness finds it. */
  protected final BackendProvider provider() {
    return Backends.find(id)
        .orElseThrow(
            () ->
                new AssertionError(
                    "no provider '" + id + "' found through ServiceLoader: " + Backends.list()));
  }

  @Test
  void providerIsListedWhateverItsAvailability() {
    Backends.Entry entry =
        Backends.list().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
    assertTrue(entry.provider().isPresent());
    assertTrue(entry.description().contains(binding), entry.description());
  }
}
