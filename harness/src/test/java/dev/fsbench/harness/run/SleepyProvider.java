package dev.fsbench.harness.run;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Test only: {@code test-sleepy}, nio under another id whose {@code stat} sleeps 2 ms first while a
 * file named {@value #SWITCH} sits beside the run's sandbox (in the {@code --root} directory). The
 * switch is a file because the forks are other JVMs: a system property of the test would not reach
 * them, and a file under the test's own root does, without touching anything else. Two runs of the
 * same cells, one with the switch and one without, are a deliberately slowed backend for {@code
 * compare} to catch.
 */
public final class SleepyProvider implements BackendProvider {
  public static final String ID = "test-sleepy";

  /** The switch's file name, in the directory the sandbox is created in. */
  public static final String SWITCH = "test-sleepy.on";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "test only: nio whose stat sleeps 2 ms while " + SWITCH + " exists beside the sandbox";
  }

  @Override
  public Map<String, String> details() {
    return Map.of();
  }

  @Override
  public Availability availability() {
    return Availability.available();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    FsBackend nio = Backends.create("nio", config);
    boolean slow = switchedOn();
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getName().equals("id")) {
            return ID;
          }
          if (slow && method.getName().equals("stat")) {
            Thread.sleep(2);
          }
          try {
            return method.invoke(nio, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return (FsBackend)
        Proxy.newProxyInstance(
            FsBackend.class.getClassLoader(), new Class<?>[] {FsBackend.class}, handler);
  }

  /** The fork's sandbox is {@code ROOT/fsbench-<random>/work}; the switch sits in ROOT. */
  private static boolean switchedOn() {
    String sandbox = System.getProperty("fsbench.sandbox");
    if (sandbox == null) {
      return false;
    }
    Path root = Path.of(sandbox).getParent();
    return root != null
        && root.getParent() != null
        && Files.exists(root.getParent().resolve(SWITCH));
  }
}
