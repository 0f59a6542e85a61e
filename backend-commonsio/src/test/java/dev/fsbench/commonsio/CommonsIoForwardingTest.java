package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.ReaddirOptions;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The backend as a {@code ForwardingFsBackend} over NIO: what that base must not change. Its async
 * forms run on threads of its own, and a refused argument names {@code commons-io}, whether the
 * family is Commons IO's or forwarded to NIO.
 */
class CommonsIoForwardingTest {

  @Test
  void asyncFormsRunOnItsOwnExecutorWhichCloseStops() throws Exception {
    FsBackend backend = new CommonsIoBackend(BackendConfig.DEFAULT);
    Executor executor;
    try {
      executor = backend.asyncExecutor();
      CompletableFuture<String> thread = new CompletableFuture<>();
      executor.execute(() -> thread.complete(Thread.currentThread().getName()));
      assertEquals("fsbench-commons-io-async-1", thread.get());
    } finally {
      backend.close();
    }
    assertTrue(((ExecutorService) executor).isShutdown());
    IllegalStateException closed =
        assertThrows(IllegalStateException.class, backend::asyncExecutor);
    assertEquals("backend 'commons-io' is closed", closed.getMessage());
  }

  @Test
  void aForeignPathIsRefusedAsCommonsIoInEveryRoute() throws Exception {
    try (FsBackend backend = new CommonsIoBackend(BackendConfig.DEFAULT);
        FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      Path foreign = jimfs.getPath("/x");
      String refused = "belongs to another filesystem than backend 'commons-io' works on";
      // forwarded to NIO
      assertRefused(refused, () -> backend.stat(foreign), () -> backend.statAsync(foreign).join());
      assertRefused(
          refused,
          () -> backend.glob(foreign, List.of("*"), GlobOptions.DEFAULT),
          () -> backend.globAsync(foreign, List.of("*"), GlobOptions.DEFAULT).join());
      // Commons IO on a Path, and on a java.io.File
      assertRefused(
          refused,
          () -> backend.readdir(foreign, ReaddirOptions.DEFAULT),
          () -> backend.readdirAsync(foreign, ReaddirOptions.DEFAULT).join());
      assertRefused(
          refused, () -> backend.readFile(foreign), () -> backend.readFileAsync(foreign).join());
    }
  }

  private static void assertRefused(String reason, Executable sync, Executable async) {
    ProviderMismatchException direct = assertThrows(ProviderMismatchException.class, sync);
    assertTrue(direct.getMessage().endsWith(reason), direct.getMessage());
    CompletionException wrapped = assertThrows(CompletionException.class, async);
    assertEquals(ProviderMismatchException.class, wrapped.getCause().getClass());
    assertEquals(direct.getMessage(), wrapped.getCause().getMessage(), "async refuses as sync");
  }
}
