package dev.fsbench.examples.statall;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.nio.file.FileSystems;

/** The {@code stat-all} backend, for {@link java.util.ServiceLoader}. */
public final class StatAllProvider implements BackendProvider {

  @Override
  public String id() {
    return StatAllBackend.ID;
  }

  @Override
  public String description() {
    return "stat and lstat through Files.readAttributes(unix:*), every attribute of the unix view;"
        + " the other families are nio's";
  }

  @Override
  public Availability availability() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("unix")
        ? Availability.available()
        : Availability.unavailable("the default filesystem has no \"unix\" attribute view");
  }

  @Override
  public FsBackend create(BackendConfig config) {
    Availability availability = availability();
    if (!availability.isAvailable()) {
      throw new IllegalStateException(availability.reason());
    }
    if (config.fileSystem() != FileSystems.getDefault()) {
      throw new UnsupportedOperationException(
          "stat-all reads the unix view of the default filesystem only, not "
              + config.fileSystem());
    }
    return new StatAllBackend(Backends.create("nio", config));
  }
}
