package dev.fsbench.examples.channel;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;
import java.io.IOException;
import java.nio.file.FileSystem;
import org.junit.jupiter.api.AfterEach;

/**
 * The contract again on Jimfs, an in-memory filesystem: the backend claims {@code
 * FOREIGN_FILESYSTEMS} (nio's capabilities are its own), so its own families must work there too.
 */
class ChannelBackendJimfsContractTest extends BackendContract {
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
    return new ChannelBackendProvider().create(config);
  }

  @AfterEach
  void closeJimfs() throws IOException {
    jimfs.close();
  }
}
