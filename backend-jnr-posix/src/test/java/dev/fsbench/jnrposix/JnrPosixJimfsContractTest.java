package dev.fsbench.jnrposix;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;
import java.io.IOException;
import java.nio.file.FileSystem;
import org.junit.jupiter.api.AfterEach;

/**
 * The whole peer contract for {@code jnr-posix} on Jimfs (basic, owner, posix and unix views).
 * jnr-posix cannot address Jimfs (it hands path strings to the kernel), so every family runs
 * through its NIO fallback, as {@code route(op)} says on this filesystem ({@link RoutesTest}) and
 * {@link RouteTruthTest} shows: what this checks is the forwarding.
 */
public class JnrPosixJimfsContractTest extends BackendContract {

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
    return new JnrPosixBackendProvider().create(config);
  }

  @AfterEach
  void closeJimfs() throws IOException {
    jimfs.close();
  }
}
