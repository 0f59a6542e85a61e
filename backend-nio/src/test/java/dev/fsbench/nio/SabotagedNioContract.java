package dev.fsbench.nio;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.support.ForwardingFsBackend;
import dev.fsbench.testkit.BackendContract;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

/**
 * The NIO backend with seven families turned into silent no-ops, for {@link
 * KitRejectsSabotageTest}: a kit that let any of them pass would be checking nothing. Not a test
 * itself (no Test in its name), only run through the kit's {@code KitRun}.
 */
public class SabotagedNioContract extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new ForwardingFsBackend(new NioBackend(config)) {
      @Override
      public void writeFile(Path path, byte[] data) {}

      @Override
      public void cp(Path source, Path target, CpOptions options) {}

      @Override
      public void rm(Path path, dev.fsbench.spi.RmOptions options) {}

      @Override
      public void mkdir(Path path, MkdirOptions options) {}

      @Override
      public void truncate(Path path, long length) {}

      @Override
      public void rename(Path source, Path target) {}

      @Override
      public void utimes(Path path, FileTime atime, FileTime mtime) {}
    };
  }
}
