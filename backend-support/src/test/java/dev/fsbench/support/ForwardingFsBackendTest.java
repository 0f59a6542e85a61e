package dev.fsbench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.RmOptions;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a forwarded call does before and around the delegate: which threads its async form runs on,
 * and how it checks its path arguments.
 */
class ForwardingFsBackendTest {

  /** What the delegate saw: each family call, as "family on thread". */
  private final List<String> delegateCalls = new CopyOnWriteArrayList<>();

  private final LazyExecutor delegateThreads = new LazyExecutor("stub", 1);
  private final LazyExecutor ownThreads = new LazyExecutor("forwarding", 1);

  /** A delegate on the default filesystem that records each family call and returns null. */
  private final FsBackend delegate =
      (FsBackend)
          Proxy.newProxyInstance(
              FsBackend.class.getClassLoader(),
              new Class<?>[] {FsBackend.class},
              (proxy, method, args) -> {
                switch (method.getName()) {
                  case "id":
                    return "stub";
                  case "fileSystem":
                    return FileSystems.getDefault();
                  case "asyncExecutor":
                    return delegateThreads.get();
                  case "close":
                    delegateThreads.close();
                    return null;
                  default:
                    delegateCalls.add(method.getName() + " on " + Thread.currentThread().getName());
                    return method.getReturnType() == boolean.class ? Boolean.FALSE : null;
                }
              });

  @AfterEach
  void stopThreads() {
    ownThreads.close();
    delegateThreads.close();
  }

  @Test
  void asyncFormsRunOnTheDelegatesExecutorByDefault() throws Exception {
    FsBackend forwarding = new ForwardingFsBackend(delegate);
    forwarding.statAsync(Path.of("x")).get();
    assertEquals(List.of("stat on fsbench-stub-async-1"), delegateCalls);
  }

  @Test
  void asyncFormsRunOnAnOverriddenExecutor() throws Exception {
    FsBackend forwarding =
        new ForwardingFsBackend(delegate) {
          @Override
          public Executor asyncExecutor() {
            return ownThreads.get();
          }
        };
    forwarding.statAsync(Path.of("x")).get();
    forwarding.unlinkAsync(Path.of("x")).get();
    assertEquals(
        List.of("stat on fsbench-forwarding-async-1", "unlink on fsbench-forwarding-async-1"),
        delegateCalls);
  }

  @Test
  void aForwardedCallRefusesAForeignPathAsThisBackend() throws IOException {
    FsBackend forwarding =
        new ForwardingFsBackend(delegate) {
          @Override
          public String id() {
            return "forwarding";
          }
        };
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      Path foreign = jimfs.getPath("/x");
      ProviderMismatchException stat =
          assertThrows(ProviderMismatchException.class, () -> forwarding.stat(foreign));
      assertEquals(
          "path /x belongs to another filesystem than backend 'forwarding' works on",
          stat.getMessage());
      ProviderMismatchException link =
          assertThrows(
              ProviderMismatchException.class, () -> forwarding.link(Path.of("a"), foreign));
      assertTrue(link.getMessage().startsWith("link /x "), link.getMessage());
    }
    NullPointerException nul =
        assertThrows(NullPointerException.class, () -> forwarding.rm(null, RmOptions.DEFAULT));
    assertEquals("path", nul.getMessage());
    assertEquals(List.of(), delegateCalls, "the delegate is not called with a refused argument");
  }
}
