package dev.fsbench.guava;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;
import java.io.IOException;
import java.nio.file.FileSystem;
import org.junit.jupiter.api.AfterEach;

/**
 * The whole peer contract for {@code guava} on Jimfs (basic, owner, posix and unix views). Guava's
 * calls all take a {@code Path}, so every own route runs through Guava here too, {@code
 * MoreFiles.deleteRecursively} over Jimfs's {@code SecureDirectoryStream} among them.
 */
public class GuavaJimfsContractTest extends BackendContract {

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
    return new GuavaBackendProvider().create(config);
  }

  @AfterEach
  void closeJimfs() throws IOException {
    jimfs.close();
  }
}
