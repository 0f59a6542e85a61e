package dev.fsbench.harness.run;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Test only: {@code test-twin}, the nio backend under another id, so that a run has a second column
 * to rank against nio. It claims its own route everywhere except utimes, where it reports an NIO
 * fallback (so a run leaves its utimes cells out, and lists them), and it does not declare {@link
 * Capability#OWNERSHIP}, so its chown cells are omitted: both must show in run.json and the report.
 */
public final class TwinProvider implements BackendProvider {
  public static final String ID = "test-twin";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "test only: nio under another id, without OWNERSHIP";
  }

  @Override
  public Map<String, String> details() {
    return Map.of("twin.of", "nio");
  }

  @Override
  public Availability availability() {
    return Availability.available();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    FsBackend nio = Backends.create("nio", config);
    Set<Capability> capabilities = EnumSet.copyOf(nio.capabilities());
    capabilities.remove(Capability.OWNERSHIP);
    Set<Capability> declared = Set.copyOf(capabilities);
    InvocationHandler handler =
        (proxy, method, args) -> {
          switch (method.getName()) {
            case "id":
              return ID;
            case "capabilities":
              return declared;
            case "route":
              return args[0] == Op.UTIMES
                  ? Route.nioFallback("nio's utimes")
                  : Route.own("nio twin");
            default:
              try {
                return method.invoke(nio, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
          }
        };
    return (FsBackend)
        Proxy.newProxyInstance(
            FsBackend.class.getClassLoader(), new Class<?>[] {FsBackend.class}, handler);
  }
}
