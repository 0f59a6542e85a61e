package dev.fsbench.jnrposix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.nio.file.FileSystem;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The backend is found by its id through ServiceLoader, is available here because jnr-posix's
 * native POSIX loaded (never its Java one), and says which releases it loaded.
 */
class JnrPosixBackendProviderTest {

  @Test
  void foundByIdThroughServiceLoader() {
    BackendProvider provider = Backends.find("jnr-posix").orElseThrow();
    assertTrue(provider.availability().isAvailable(), provider.availability().toString());
    try (FsBackend backend = Backends.create("jnr-posix", BackendConfig.DEFAULT)) {
      assertInstanceOf(JnrPosixBackend.class, backend);
      assertEquals("jnr-posix", backend.id());
    }
  }

  @Test
  void theLoadedPosixIsNative() {
    NativePosix.Loaded loaded = NativePosix.get();
    assertTrue(loaded.posix().isNative(), loaded.posix().getClass().getName());
    assertEquals("jnr.posix.LinuxPOSIX", loaded.posix().getClass().getName());
  }

  @Test
  void recordsTheReleasesActuallyLoaded() {
    BackendProvider provider = new JnrPosixBackendProvider();
    Map<String, String> details = provider.details();
    assertEquals(JnrPosixBackendProvider.EXPECTED_VERSION, details.get("library.version"));
    assertTrue(details.get("jnr-ffi.version").matches("2\\.\\d+\\.\\d+"), details.toString());
    assertTrue(details.get("jffi.version").matches("1\\.\\d+\\.\\d+"), details.toString());
    assertEquals("jnr.posix.LinuxPOSIX", details.get("posix.implementation"));
    assertTrue(provider.description().startsWith("jnr-posix 3.2.8 "), provider.description());
  }

  @Test
  void worksOnAForeignFilesystemThroughNio() throws Exception {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix());
        FsBackend backend =
            new JnrPosixBackendProvider()
                .create(BackendConfig.builder().fileSystem(jimfs).build())) {
      assertEquals(jimfs, backend.fileSystem());
    }
  }
}
