package dev.fsbench.jnrposix;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import jnr.posix.POSIX;

/**
 * jnr-posix's native POSIX behind a proxy that records the name of every method called on it, in
 * order: what the backend asked jnr-posix to do, for the route tests.
 */
final class RecordingPosix {
  private RecordingPosix() {}

  /** The native POSIX, recording into {@code calls}. */
  static POSIX recording(List<String> calls) {
    POSIX real = NativePosix.require();
    return (POSIX)
        Proxy.newProxyInstance(
            POSIX.class.getClassLoader(),
            new Class<?>[] {POSIX.class},
            (proxy, method, args) -> {
              calls.add(method.getName());
              try {
                return method.invoke(real, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  static List<String> newLog() {
    return new ArrayList<>();
  }
}
