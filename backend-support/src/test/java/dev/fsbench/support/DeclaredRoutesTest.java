package dev.fsbench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The route table a backend class declares: derived, cached, and refused when declared wrongly. */
class DeclaredRoutesTest {

  /** A delegate no test calls but to close it. */
  private static final FsBackend NIO =
      (FsBackend)
          Proxy.newProxyInstance(
              FsBackend.class.getClassLoader(),
              new Class<?>[] {FsBackend.class},
              (proxy, method, args) -> {
                switch (method.getName()) {
                  case "capabilities":
                    return java.util.Set.of();
                  case "fileSystem":
                    return FileSystems.getDefault();
                  case "close":
                    return null;
                  default:
                    throw new UnsupportedOperationException(method.getName());
                }
              });

  @NioFallbacks(
      otherwise = "no call for it",
      value = {
        @NioFallback(op = Op.GLOB, reason = "no glob"),
        @NioFallback(op = Op.CP, reason = "no tree copy")
      })
  private static final class Peer extends PeerBackend {
    Peer(BackendConfig config) {
      super("peer", NIO, config);
    }

    @OwnRoute(op = Op.READ_FILE, via = "Lib.read")
    @Override
    public byte[] readFile(Path path) {
      return new byte[0];
    }

    @Override
    public String readFileText(Path path) {
      return "";
    }

    @OwnRoute(op = Op.RMDIR, via = "Lib.rmdir")
    @Override
    public void rmdir(Path path) {}

    @OwnRoute(
        op = Op.LINES,
        via = "Lib.lines(File)",
        elsewhere = "Lib.lines takes java.io.File, which exists only on the default filesystem")
    @Override
    public List<String> lines(Path path, long from, int count) {
      return List.of();
    }
  }

  @Test
  void ownOnTheMethodsFallbacksWithTheirReasonsTheRestWithTheDefaultOne() {
    Map<Op, Route> routes = DeclaredRoutes.of(Peer.class).on(FileSystems.getDefault());
    assertEquals(Op.values().length, routes.size());
    assertEquals(Route.own("Lib.read"), routes.get(Op.READ_FILE));
    assertEquals(Route.own("Lib.rmdir"), routes.get(Op.RMDIR));
    assertEquals(Route.own("Lib.lines(File)"), routes.get(Op.LINES));
    assertEquals(Route.nioFallback("NioBackend; no glob"), routes.get(Op.GLOB));
    assertEquals(Route.nioFallback("NioBackend; no tree copy"), routes.get(Op.CP));
    for (Op op : Op.values()) {
      if (op != Op.READ_FILE && op != Op.RMDIR && op != Op.LINES && op != Op.GLOB && op != Op.CP) {
        assertEquals(Route.nioFallback("NioBackend; no call for it"), routes.get(op), op.family());
      }
    }
  }

  @Test
  void onAnotherFilesystemAnOwnRouteOfTheDefaultOneFallsBackWithItsReason() throws IOException {
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      Map<Op, Route> onDefault = DeclaredRoutes.of(Peer.class).on(FileSystems.getDefault());
      Map<Op, Route> elsewhere = DeclaredRoutes.of(Peer.class).on(jimfs);
      assertEquals(
          Route.nioFallback(
              "NioBackend; Lib.lines takes java.io.File, which exists only on the default"
                  + " filesystem"),
          elsewhere.get(Op.LINES));
      for (Op op : Op.values()) {
        if (op != Op.LINES) {
          assertEquals(onDefault.get(op), elsewhere.get(op), op.family());
        }
      }
    }
  }

  @Test
  void derivedOnceAPeerReadsItAndItsDispatchTheSameTable() throws IOException {
    assertSame(DeclaredRoutes.of(Peer.class), DeclaredRoutes.of(Peer.class));
    assertSame(
        DeclaredRoutes.of(Peer.class).on(FileSystems.getDefault()),
        DeclaredRoutes.of(Peer.class).on(FileSystems.getDefault()));
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix());
        Peer onDefault = new Peer(BackendConfig.DEFAULT);
        Peer onJimfs = new Peer(BackendConfig.builder().fileSystem(jimfs).build())) {
      assertEquals(Route.own("Lib.lines(File)"), onDefault.route(Op.LINES));
      assertFalse(onDefault.fallsBack(Op.LINES));
      assertTrue(onJimfs.route(Op.LINES).isFallback());
      assertTrue(onJimfs.fallsBack(Op.LINES));
      for (Op op : Op.values()) {
        assertEquals(onDefault.route(op).isFallback(), onDefault.fallsBack(op), op.family());
        assertEquals(onJimfs.route(op).isFallback(), onJimfs.fallsBack(op), op.family());
      }
    }
  }

  @Test
  void theFamilyOfAMethodIsTheLongestFamilyNameItStartsWith() throws Exception {
    assertEquals(Op.READ_FILE, DeclaredRoutes.familyOf(m("readFile", Path.class)));
    assertEquals(Op.READ_FILE, DeclaredRoutes.familyOf(m("readFileText", Path.class)));
    assertEquals(Op.READ_FILE, DeclaredRoutes.familyOf(m("readFileAsync", Path.class)));
    assertEquals(Op.RMDIR, DeclaredRoutes.familyOf(m("rmdir", Path.class)));
    assertEquals(Op.LSTAT, DeclaredRoutes.familyOf(m("lstat", Path.class)));
    assertEquals(Op.STAT, DeclaredRoutes.familyOf(m("stat", Path.class)));
    assertEquals(null, DeclaredRoutes.familyOf(m("fileSystem")));
    assertEquals(null, DeclaredRoutes.familyOf(Object.class.getMethod("toString")));
  }

  private static java.lang.reflect.Method m(String name, Class<?>... parameters)
      throws NoSuchMethodException {
    return FsBackend.class.getMethod(name, parameters);
  }

  // Declared wrongly: each refused, naming the class and why.

  @NioFallbacks(otherwise = "none")
  private abstract static class WrongOp implements FsBackend {
    @OwnRoute(op = Op.LINES, via = "Lib.read")
    @Override
    public byte[] readFile(Path path) {
      return new byte[0];
    }
  }

  @NioFallbacks(otherwise = "none")
  private abstract static class Twice implements FsBackend {
    @OwnRoute(op = Op.WRITE_FILE, via = "Lib.write(bytes)")
    @Override
    public void writeFile(Path path, byte[] data) {}

    @OwnRoute(op = Op.WRITE_FILE, via = "Lib.write(text)")
    @Override
    public void writeFile(Path path, String text) {}
  }

  private abstract static class TwiceAlongTheHierarchy implements FsBackend {
    @OwnRoute(op = Op.RMDIR, via = "Lib.rmdir")
    @Override
    public void rmdir(Path path) {}
  }

  @NioFallbacks(otherwise = "none")
  private abstract static class TwiceInASubclass extends TwiceAlongTheHierarchy {
    @OwnRoute(op = Op.RMDIR, via = "Lib.rmdir again")
    @Override
    public void rmdir(Path path) {}
  }

  @NioFallbacks(otherwise = "none")
  private abstract static class NotAFamily implements FsBackend {
    @OwnRoute(op = Op.READ_FILE, via = "Lib.read")
    public byte[] slurp(Path path) {
      return new byte[0];
    }
  }

  @NioFallbacks(
      otherwise = "none",
      value = {@NioFallback(op = Op.READ_FILE, reason = "but it is own")})
  private abstract static class OwnAndFallback implements FsBackend {
    @OwnRoute(op = Op.READ_FILE, via = "Lib.read")
    @Override
    public byte[] readFile(Path path) {
      return new byte[0];
    }
  }

  @NioFallbacks(
      otherwise = "none",
      value = {
        @NioFallback(op = Op.GLOB, reason = "no glob"),
        @NioFallback(op = Op.GLOB, reason = "no glob again")
      })
  private abstract static class FallbackTwice implements FsBackend {}

  @NioFallbacks(
      otherwise = "none",
      value = {@NioFallback(op = Op.GLOB, reason = " ")})
  private abstract static class NoReason implements FsBackend {}

  @NioFallbacks(otherwise = "")
  private abstract static class NoDefaultReason implements FsBackend {}

  @NioFallbacks(otherwise = "none")
  private abstract static class NoVia implements FsBackend {
    @OwnRoute(op = Op.RMDIR, via = "")
    @Override
    public void rmdir(Path path) {}
  }

  /** Own in one family, and no word on the others. */
  private abstract static class NoFallbacks implements FsBackend {
    @OwnRoute(op = Op.RMDIR, via = "Lib.rmdir")
    @Override
    public void rmdir(Path path) {}
  }

  @Test
  void anOwnRouteWhoseOpIsNotItsMethodsFamilyIsRefused() {
    refused(WrongOp.class, "readFile", "does readFile, yet declares lines");
    refused(NotAFamily.class, "slurp", "is no family's method");
  }

  @Test
  void aFamilyDeclaredTwiceIsRefused() {
    refused(Twice.class, "writeFile is declared own twice");
    refused(TwiceInASubclass.class, "rmdir is declared own twice");
    refused(OwnAndFallback.class, "readFile is declared own and a NIO fallback");
    refused(FallbackTwice.class, "glob is listed twice in NioFallbacks");
  }

  @Test
  void everyRouteMustSaySomethingAndEveryFamilyMustHaveOne() {
    refused(NoReason.class, "glob falls back without a reason");
    refused(NoDefaultReason.class, "NioFallbacks.otherwise is empty");
    refused(NoVia.class, "rmdir says nothing of what does the work");
    refused(NoFallbacks.class, "has no own route and the class no NioFallbacks");
  }

  @DefaultFileSystemOnly("paths go to the kernel, which cannot address a {scheme} filesystem")
  @NioFallbacks(otherwise = "no call for it")
  private abstract static class KernelOnly implements FsBackend {
    @OwnRoute(op = Op.RMDIR, via = "Lib.rmdir")
    @Override
    public void rmdir(Path path) {}
  }

  @DefaultFileSystemOnly(" ")
  @NioFallbacks(otherwise = "none")
  private abstract static class KernelOnlyForNoReason implements FsBackend {}

  @Test
  void aDefaultFilesystemOnlyClassFallsBackInEveryFamilyElsewhereNamingTheScheme()
      throws IOException {
    Map<Op, Route> onDefault = DeclaredRoutes.of(KernelOnly.class).on(FileSystems.getDefault());
    assertEquals(Route.own("Lib.rmdir"), onDefault.get(Op.RMDIR));
    assertEquals(Route.nioFallback("NioBackend; no call for it"), onDefault.get(Op.GLOB));
    try (FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix())) {
      Map<Op, Route> elsewhere = DeclaredRoutes.of(KernelOnly.class).on(jimfs);
      for (Op op : Op.values()) {
        assertEquals(
            Route.nioFallback(
                "NioBackend; paths go to the kernel, which cannot address a jimfs filesystem"),
            elsewhere.get(op),
            op.family());
      }
      assertSame(elsewhere, DeclaredRoutes.of(KernelOnly.class).on(jimfs));
    }
    refused(KernelOnlyForNoReason.class, "DefaultFileSystemOnly gives no reason");
  }

  private static void refused(Class<? extends FsBackend> type, String... says) {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> DeclaredRoutes.of(type));
    assertTrue(
        e.getMessage().startsWith(type.getName() + " declares its routes wrongly: "),
        e.getMessage());
    for (String said : says) {
      assertTrue(e.getMessage().contains(said), e.getMessage());
    }
  }
}
