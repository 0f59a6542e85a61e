package dev.fsbench.harness.run;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * Test only: {@code test-full-disk}, the nio backend on a filesystem that has run full: its
 * writeFile fails as Linux reports ENOSPC. Before failing it checks, in the fork, that the runner
 * keeps its samples file off the sandbox's filesystem ({@code -Dfsbench.samples} outside the
 * sandbox), since on a really full sandbox that file could not be written either and its failure
 * would hide this one.
 */
public final class FullDiskProvider implements BackendProvider {
  public static final String ID = "test-full-disk";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "test only: nio whose writeFile fails with ENOSPC";
  }

  @Override
  public Availability availability() {
    return Availability.available();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    FsBackend nio = Backends.create("nio", config);
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getName().equals("id")) {
            return ID;
          }
          if (method.getName().equals("writeFile")) {
            String samples = System.getProperty("fsbench.samples");
            String sandbox = System.getProperty("fsbench.sandbox");
            if (samples != null
                && sandbox != null
                && Path.of(samples).startsWith(Path.of(sandbox).getParent())) {
              throw new IllegalStateException(
                  "the samples file " + samples + " is in the sandbox " + sandbox);
            }
            throw new FileSystemException(args[0].toString(), null, "No space left on device");
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
}
