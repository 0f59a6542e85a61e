package dev.fsbench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.lang.reflect.Proxy;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** What a peer has of its own over its NIO delegate: its id, capabilities, threads and close. */
class PeerBackendTest {

  /** What the delegate saw: each call, as "method on thread". */
  private final List<String> delegateCalls = new CopyOnWriteArrayList<>();

  /** A delegate that can do everything, tree concurrency too, and records what it is asked. */
  private final FsBackend delegate =
      (FsBackend)
          Proxy.newProxyInstance(
              FsBackend.class.getClassLoader(),
              new Class<?>[] {FsBackend.class},
              (proxy, method, args) -> {
                delegateCalls.add(method.getName() + " on " + Thread.currentThread().getName());
                switch (method.getName()) {
                  case "capabilities":
                    return EnumSet.allOf(Capability.class);
                  case "fileSystem":
                    return FileSystems.getDefault();
                  default:
                    return method.getReturnType() == boolean.class ? Boolean.TRUE : null;
                }
              });

  /** A peer that does nothing itself. */
  @NioFallbacks(otherwise = "a test")
  private static final class APeer extends PeerBackend {
    APeer(FsBackend delegate) {
      super("a-peer", delegate, BackendConfig.DEFAULT);
    }
  }

  private final PeerBackend peer = new APeer(delegate);

  @Test
  void itsRoutesAreTheDeclaredOnes() {
    for (Op op : Op.values()) {
      assertEquals(Route.nioFallback("NioBackend; a test"), peer.route(op), op.family());
    }
    peer.close();
  }

  @Test
  void itsIdAndTheDelegatesCapabilitiesButTreeConcurrency() {
    assertEquals("a-peer", peer.id());
    EnumSet<Capability> expected = EnumSet.allOf(Capability.class);
    expected.remove(Capability.TREE_CONCURRENCY);
    assertEquals(expected, peer.capabilities());
    peer.close();
  }

  @Test
  void asyncFormsRunOnThreadsOfItsOwnAndCloseStopsThemAndTheDelegate() throws Exception {
    assertTrue(peer.existsAsync(Path.of("x")).get());
    assertTrue(
        delegateCalls.stream().anyMatch(c -> c.startsWith("exists on fsbench-a-peer-async-")),
        delegateCalls.toString());
    peer.close();
    assertTrue(delegateCalls.stream().anyMatch(c -> c.startsWith("close on ")), "delegate closed");
    assertThrows(IllegalStateException.class, peer::asyncExecutor);
    peer.close(); // idempotent
  }
}
