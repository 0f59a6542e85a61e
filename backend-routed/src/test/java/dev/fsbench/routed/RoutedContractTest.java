package dev.fsbench.routed;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.BackendContract;

/**
 * The whole peer contract for {@code routed} on the default filesystem, its families spread over
 * the three built-in backends every build has: the tree families on native (readdir at an explicit
 * concurrency of 1, as a {@code native-c1} choice), the reading and writing families on commons-io
 * where it has code of its own, the rest on nio. Every family is served through the chosen
 * backend's route, sync and async.
 */
public class RoutedContractTest extends BackendContract {

  static TestRoutes spread() {
    return new TestRoutes()
        .route(Op.CP, "native")
        .route(Op.GLOB, "native")
        .route(Op.READDIR, "native", 1)
        .route(Op.RM, "native")
        .route(Op.SCAN, "native")
        .route(Op.STAT, "native")
        .route(Op.LSTAT, "native")
        .route(Op.MKDIR, "native")
        .route(Op.TRUNCATE, "native")
        .route(Op.READ_FILE, "commons-io")
        .route(Op.WRITE_FILE, "commons-io")
        .route(Op.APPEND_FILE, "commons-io")
        .route(Op.COPY_FILE, "commons-io")
        .route(Op.RENAME, "commons-io")
        .route(Op.UNLINK, "commons-io");
  }

  @Override
  protected FsBackend createBackend(BackendConfig config) throws Exception {
    return spread().provider().create(config);
  }
}
