package com.example.mmap;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.FsBackend;
import java.nio.file.FileSystems;
import java.util.Map;

/**
 * The {@code mmap} backend: readFile, writeFile and copyFile through memory maps ({@code
 * FileChannel.map}), every other family nio's. Listed in {@code
 * META-INF/services/dev.fsbench.spi.BackendProvider}, so that fsbench finds it on its class path:
 *
 * <pre>{@code
 * ./fsbench --classpath target/mmap-backend.jar backends
 * ./fsbench --classpath target/mmap-backend.jar run --quick --backends nio,mmap --target mmap
 * }</pre>
 *
 * It works on the default filesystem only: other filesystems' channels (Jimfs's, the zip
 * filesystem's) cannot be mapped, so {@link #create} refuses them.
 */
public final class MmapProvider implements BackendProvider {

  @Override
  public String id() {
    return MmapBackend.ID;
  }

  @Override
  public String description() {
    return "readFile, writeFile and copyFile through FileChannel.map; the rest nio's";
  }

  @Override
  public Map<String, String> details() {
    return Map.of(
        "unmap", Unmapper.how(), "copyFile.mapChunkBytes", Long.toString(MmapBackend.COPY_CHUNK));
  }

  @Override
  public Availability availability() {
    return Availability.available();
  }

  @Override
  public FsBackend create(BackendConfig config) {
    if (config.fileSystem() != FileSystems.getDefault()) {
      throw new UnsupportedOperationException(
          "mmap maps files through FileChannel.map, which only the default filesystem's channels"
              + " support; not "
              + config.fileSystem());
    }
    return new MmapBackend(config);
  }
}
