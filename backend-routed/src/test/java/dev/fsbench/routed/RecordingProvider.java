package dev.fsbench.routed;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.Route;
import dev.fsbench.support.ForwardingFsBackend;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A test backend, {@code recording}: nio's, recording each creation's concurrency and each readdir
 * call and closing, claiming a tree concurrency and lacking hard links, so that a test sees which
 * instance routed calls and what routed then promises.
 */
public final class RecordingProvider implements BackendProvider {
  static final String ID = "recording";

  /**
   * What happened, in order: {@code created concurrency=N}, {@code readdir config=N options=M},
   * {@code closed concurrency=N}.
   */
  static final List<String> EVENTS = Collections.synchronizedList(new ArrayList<>());

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "nio, recording its creations and readdir calls (a test backend)";
  }

  @Override
  public Availability availability() {
    return Availability.available();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    EVENTS.add("created concurrency=" + config.concurrency());
    return new ForwardingFsBackend(Backends.create("nio", config)) {
      @Override
      public String id() {
        return ID;
      }

      @Override
      public Route route(Op op) {
        return Route.own("recorded " + op.family());
      }

      @Override
      public Set<Capability> capabilities() {
        Set<Capability> caps = EnumSet.copyOf(delegate().capabilities());
        caps.add(Capability.TREE_CONCURRENCY);
        caps.remove(Capability.HARD_LINKS);
        return caps;
      }

      @Override
      public List<String> readdir(Path path, ReaddirOptions options) throws IOException {
        EVENTS.add("readdir config=" + config.concurrency() + " options=" + options.concurrency());
        return super.readdir(path, options);
      }

      @Override
      public void close() {
        EVENTS.add("closed concurrency=" + config.concurrency());
        super.close();
      }
    };
  }
}
