package dev.fsbench.commonsio;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;
import java.io.IOException;
import java.nio.file.FileSystem;
import org.junit.jupiter.api.AfterEach;

/**
 * The whole peer contract for {@code commons-io} on Jimfs (basic, owner, posix and unix views).
 * Every family runs: the Path-based Commons IO routes through Commons IO, the five {@code
 * java.io.File} routes through their NIO fallback, as {@code route(op)} says on this filesystem
 * (proven by {@link RouteTruthJimfsTest}).
 */
public class CommonsIoJimfsContractTest extends BackendContract {

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
    return new CommonsIoBackend(config);
  }

  @AfterEach
  void closeJimfs() throws IOException {
    jimfs.close();
  }
}
