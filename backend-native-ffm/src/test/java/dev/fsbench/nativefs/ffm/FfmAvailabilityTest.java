package dev.fsbench.nativefs.ffm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Platform;
import dev.fsbench.nativefs.Binding;
import dev.fsbench.nativefs.LibraryFile;
import dev.fsbench.nativefs.LibraryProviderTest;
import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import java.io.InputStream;
import java.net.URL;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the provider says on the JVM and build the tests run in, in every build: on JDK 17, or from
 * a build Maven made on JDK 17, that it is unavailable and why; from a build made on JDK 22 or
 * later, that it is available and which library it bound, and how. Which case applies is what the
 * build says it made ({@code fsbench.ffm.built}, {@code fsbench.native.skip}), so a binding that
 * fails to load fails here instead of being skipped.
 */
class FfmAvailabilityTest extends LibraryProviderTest {

  private static final boolean BUILT = Boolean.getBoolean("fsbench.ffm.built");
  private static final boolean NATIVE_SKIPPED = Boolean.getBoolean("fsbench.native.skip");
  private static final int FEATURE = Runtime.version().feature();

  FfmAvailabilityTest() {
    super(FfmBackendProvider.ID, "java.lang.foreign");
  }

  @Test
  void reportsWhatThisJvmAndThisBuildAllow() throws Exception {
    BackendProvider provider = provider();
    Availability availability = provider.availability();
    if (FEATURE < FfmSupport.FFM_RELEASE || !BUILT) {
      assertFalse(availability.isAvailable(), availability.toString());
      String expected =
          FEATURE < FfmSupport.FFM_RELEASE
              ? FfmSupport.tooOld(Runtime.version().toString(), BUILT)
              : FfmSupport.BUILT_WITHOUT_FFM;
      assertEquals(expected, availability.reason());
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> provider.create(BackendConfig.DEFAULT));
      assertTrue(e.getMessage().contains(availability.reason()), e.getMessage());
      assertEquals(Map.of(), provider.details());
      // Visible in the build log too, not only in the test report.
      System.err.println(
          "[fsbench] backend 'native-ffm' is unavailable here: " + availability.reason());
      return;
    }
    if (NATIVE_SKIPPED) {
      assertFalse(availability.isAvailable(), availability.toString());
      assertEquals(LibraryFile.missingReason(Platform.RESOURCE_PREFIX), availability.reason());
      return;
    }
    assertTrue(
        availability.isAvailable(),
        () -> "a build made on JDK 22+ must bind the library: " + availability.reason());
    Map<String, String> details = provider.details();
    assertEquals(Integer.toString(Binding.ABI_VERSION), details.get("library.abiVersion"));
    String resource = LibraryFile.resourcePath(Platform.RESOURCE_PREFIX);
    assertEquals(resource, details.get("library.resource"));
    // backend-native's jar in a reactor verify, its target/classes in a plain test run.
    URL url = FfmAvailabilityTest.class.getClassLoader().getResource(resource);
    assertEquals(sha256(url), details.get("library.sha256"), "the very file backend-native ships");
    assertEquals(
        Integer.toString(64 * 1024),
        details.get("ffm.criticalContentLimit"),
        "content moved by a critical call");
    provider.create(BackendConfig.DEFAULT).close();
  }

  /**
   * The short calls are critical and the long ones are not: a tree call or a copy bound critical
   * would hold every collection up for as long as it runs.
   */
  @Test
  void onlyTheShortCallsAreCritical() {
    Map<String, String> details = provider().details();
    if (!provider().availability().isAvailable()) {
      assertEquals(null, details.get("ffm.critical"), "no binding, no calls");
      return;
    }
    assertEquals(
        List.of(
            "fsb_access",
            "fsb_exists",
            "fsb_read_file",
            "fsb_write_file",
            "fsb_append_file",
            "fsb_truncate",
            "fsb_stat",
            "fsb_chmod",
            "fsb_chown",
            "fsb_utimes",
            "fsb_mkdir",
            "fsb_mkdtemp",
            "fsb_rmdir",
            "fsb_unlink",
            "fsb_rename",
            "fsb_link",
            "fsb_symlink",
            "fsb_readlink",
            "fsb_realpath",
            "fsb_last_error_path"),
        List.of(details.get("ffm.critical").split(",")));
  }

  private static String sha256(URL url) throws Exception {
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    try (InputStream in = url.openStream()) {
      digest.update(in.readAllBytes());
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  @Test
  void reasonsNameTheJvmAndTheBuild() {
    assertEquals(
        "needs the FFM API (java.lang.foreign): JDK 22 or later; this JVM is 17.0.15",
        FfmSupport.tooOld("17.0.15", true));
    assertEquals(
        "needs the FFM API (java.lang.foreign): JDK 22 or later; this JVM is 17.0.15; and built"
            + " without FFM: Maven ran on a JDK before 22, so the jar has no META-INF/versions/22"
            + " binding (build with JDK 22 or later)",
        FfmSupport.tooOld("17.0.15", false));
    assertEquals(
        "dev/fsbench/nativefs/ffm/FfmLibrary.class",
        FfmSupport.BINDING_RESOURCE.substring("META-INF/versions/22/".length()));
    assertEquals(BUILT, FfmSupport.builtWithFfm(), "the build's word and the class path agree");
  }
}
