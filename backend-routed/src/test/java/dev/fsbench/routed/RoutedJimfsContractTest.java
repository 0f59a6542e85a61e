package dev.fsbench.routed;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.BackendContract;
import java.io.IOException;
import java.nio.file.FileSystem;
import org.junit.jupiter.api.AfterEach;

/**
 * The whole peer contract for {@code routed} on Jimfs (basic, owner, posix and unix views), its
 * families spread over nio and commons-io, the backends that work on a filesystem other than the
 * default one. native cannot (its library takes paths of the operating system), so routes that
 * choose it cannot serve Jimfs: {@link RoutedBackendTest} shows that refusal.
 */
public class RoutedJimfsContractTest extends BackendContract {

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
  protected FsBackend createBackend(BackendConfig config) throws Exception {
    return new TestRoutes()
        .route(Op.READ_FILE, "commons-io")
        .route(Op.WRITE_FILE, "commons-io")
        .route(Op.COPY_FILE, "commons-io")
        .route(Op.CP, "commons-io")
        .route(Op.RM, "commons-io")
        .route(Op.READDIR, "commons-io")
        .route(Op.SCAN, "commons-io")
        .provider()
        .create(config);
  }

  @AfterEach
  void closeJimfs() throws IOException {
    jimfs.close();
  }
}
