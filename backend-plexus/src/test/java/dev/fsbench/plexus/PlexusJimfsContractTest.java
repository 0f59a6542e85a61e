package dev.fsbench.plexus;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;
import java.io.IOException;
import java.nio.file.FileSystem;
import org.junit.jupiter.api.AfterEach;

/**
 * The whole peer contract for {@code plexus} on Jimfs: the scanner takes a {@code java.io.File}, so
 * every family, glob too, is NIO's there, as the routes say ({@code ScannerBackendTest}).
 */
class PlexusJimfsContractTest extends BackendContract {

  private final FileSystem jimfs =
      Jimfs.newFileSystem(
          Configuration.unix().toBuilder()
              .setAttributeViews("basic", "owner", "posix", "unix")
              .build());

  @Override
  protected FileSystem fileSystem() {
    return jimfs;
  }

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new PlexusBackendProvider().create(config);
  }

  @AfterEach
  void closeJimfs() throws IOException {
    jimfs.close();
  }
}
