package dev.fsbench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;

/** {@link LazyExecutor}: started by the first {@code get()}, stopped for good by close. */
class LazyExecutorTest {

  private static boolean threadNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.getName().startsWith(prefix));
  }

  @Test
  void startsOnFirstUseWithNamedDaemonThreads() throws Exception {
    try (LazyExecutor lazy = new LazyExecutor("lazy-test", 2)) {
      assertFalse(threadNamed("fsbench-lazy-test-async-"), "no thread before the first get()");
      Executor executor = lazy.get();
      assertSame(executor, lazy.get(), "one executor, however often asked");
      CompletableFuture<Thread> ran = new CompletableFuture<>();
      executor.execute(() -> ran.complete(Thread.currentThread()));
      Thread thread = ran.get();
      assertEquals("fsbench-lazy-test-async-1", thread.getName());
      assertTrue(thread.isDaemon());
    }
  }

  @Test
  void closeStopsItForGood() {
    LazyExecutor lazy = new LazyExecutor("closed-test", 1);
    ExecutorService started = (ExecutorService) lazy.get();
    lazy.close();
    assertTrue(started.isShutdown());
    IllegalStateException closed = assertThrows(IllegalStateException.class, lazy::get);
    assertEquals("backend 'closed-test' is closed", closed.getMessage());
    lazy.close(); // idempotent
    assertThrows(IllegalStateException.class, lazy::get);
  }

  @Test
  void closedBeforeFirstUseNeverStarts() {
    LazyExecutor lazy = new LazyExecutor("never-test", 1);
    lazy.close();
    assertThrows(IllegalStateException.class, lazy::get);
    assertFalse(threadNamed("fsbench-never-test-async-"));
  }
}
