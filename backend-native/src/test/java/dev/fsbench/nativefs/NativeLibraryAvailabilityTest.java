package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Platform;
import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Whether this build shipped a usable library, and what the provider says either way. Runs in every
 * build, the {@code -Dnative.skip=true} one included, so that a build without the library shows why
 * in its test results.
 */
class NativeLibraryAvailabilityTest extends LibraryProviderTest {

  NativeLibraryAvailabilityTest() {
    super(NativeBackendProvider.ID, "JNA");
  }

  @Test
  @DisabledIfSystemProperty(
      named = "fsbench.native.skip",
      matches = "true",
      disabledReason = "a -Dnative.skip=true build has no library")
  void fullBuildShipsALibraryOfThisAbi() throws Exception {
    BackendProvider provider = provider();
    Availability availability = provider.availability();
    assertTrue(
        availability.isAvailable(),
        () -> "the native backend must load in a full build: " + availability.reason());

    Map<String, String> details = provider.details();
    assertEquals(Integer.toString(Binding.ABI_VERSION), details.get("library.abiVersion"));
    URL resource =
        NativeLibraryAvailabilityTest.class
            .getClassLoader()
            .getResource(LibraryFile.resourcePath(Platform.RESOURCE_PREFIX));
    assertEquals(LibraryFile.sha256(Path.of(toUri(resource))), details.get("library.sha256"));
    assertEquals(
        Platform.RESOURCE_PREFIX + "/libfsbench_native.so", details.get("library.resource"));
    assertEquals(com.sun.jna.Native.VERSION, details.get("jna.version"));
    provider.create(BackendConfig.DEFAULT).close();
  }

  @Test
  @EnabledIfSystemProperty(
      named = "fsbench.native.skip",
      matches = "true",
      disabledReason = "only a -Dnative.skip=true build lacks the library")
  void skippedBuildReportsWhyTheBackendIsUnavailable() {
    BackendProvider provider = provider();
    Availability availability = provider.availability();
    assertFalse(availability.isAvailable(), "a -Dnative.skip=true build must not find a library");
    assertEquals(
        "no native library for "
            + Platform.RESOURCE_PREFIX
            + " in this build (built with -Dnative.skip=true?)",
        availability.reason());
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> provider.create(BackendConfig.DEFAULT));
    assertTrue(e.getMessage().contains(availability.reason()), e.getMessage());
    // Visible in the build log too, not only in the test report.
    System.err.println(
        "[fsbench] backend 'native' is unavailable in this build: " + availability.reason());
  }

  @Test
  void libraryOfAnotherAbiIsRefusedWithTheReason() {
    Availability refused =
        LibraryFile.checkAbi(Binding.ABI_VERSION + 1, "linux-x86-64/libfsbench_native.so");
    assertFalse(refused.isAvailable());
    assertEquals(
        "linux-x86-64/libfsbench_native.so implements ABI version "
            + (Binding.ABI_VERSION + 1)
            + ", this binding implements version "
            + Binding.ABI_VERSION
            + ": the library and the binding must be built from the same commit",
        refused.reason());
    assertTrue(LibraryFile.checkAbi(Binding.ABI_VERSION, "x").isAvailable());
  }

  @Test
  void missingLibraryReasonNamesThePlatform() {
    assertEquals(
        "no native library for linux-aarch64 in this build (built with -Dnative.skip=true?)",
        LibraryFile.missingReason("linux-aarch64"));
    assertEquals("linux-x86-64/libfsbench_native.so", LibraryFile.resourcePath("linux-x86-64"));
  }

  private static java.net.URI toUri(URL url) throws URISyntaxException {
    assertEquals("file", url.getProtocol(), "the tests run against target/classes: " + url);
    return url.toURI();
  }
}
