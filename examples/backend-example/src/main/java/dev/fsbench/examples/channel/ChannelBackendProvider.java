package dev.fsbench.examples.channel;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.util.Map;

/**
 * Finds the {@code example-channel} backend through {@link java.util.ServiceLoader}, as listed in
 * {@code META-INF/services/dev.fsbench.spi.BackendProvider}.
 *
 * <pre>{@code
 * ./fsbench --classpath target/fsbench-backend-example.jar backends
 * }</pre>
 */
public final class ChannelBackendProvider implements BackendProvider {

  @Override
  public String id() {
    return ChannelBackend.ID;
  }

  @Override
  public String description() {
    return "readFile and writeFile through a FileChannel and a "
        + ChannelBackend.BUFFER_BYTES / 1024
        + " KiB direct buffer per thread; the other families are nio's";
  }

  /** What a result must record to be reproduced: the buffer size is this backend's one setting. */
  @Override
  public Map<String, String> details() {
    return Map.of("buffer.bytes", Integer.toString(ChannelBackend.BUFFER_BYTES));
  }

  /**
   * Always available: its own code needs only the JDK, and the families it forwards go to nio,
   * which every fsbench carries. (Asking {@link Backends} here whether nio is there would recurse:
   * listing the backends asks every provider, this one included, for its availability.)
   */
  @Override
  public Availability availability() {
    return Availability.available();
  }

  /** A backend on {@code config}'s filesystem, over an nio backend made with the same config. */
  @Override
  public FsBackend create(BackendConfig config) {
    return new ChannelBackend(Backends.create("nio", config));
  }
}
