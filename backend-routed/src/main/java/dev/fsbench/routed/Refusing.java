package dev.fsbench.routed;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.support.ForwardingFsBackend;
import java.nio.file.Path;

/**
 * What routed sends a family to when it lacks the capability the family needs ({@link Targets}):
 * the five families that need one throw {@link UnsupportedOperationException} with the reason,
 * after the contract's argument checks. Routed sends only {@code op} here, so each instance refuses
 * all five and forwards nothing that matters; it is never closed by routed, its delegate is.
 */
final class Refusing extends ForwardingFsBackend {
  private final String why;

  Refusing(FsBackend delegate, Op op, String why) {
    super(delegate);
    this.why = op.family() + ": " + why;
  }

  private UnsupportedOperationException refused() {
    return new UnsupportedOperationException(why);
  }

  @Override
  public void chmod(Path path, int mode) {
    check(path, "path");
    throw refused();
  }

  @Override
  public void chown(Path path, int uid, int gid) {
    check(path, "path");
    throw refused();
  }

  @Override
  public void link(Path existing, Path link) {
    check(existing, "existing");
    check(link, "link");
    throw refused();
  }

  @Override
  public void symlink(Path target, Path link) {
    check(target, "target");
    check(link, "link");
    throw refused();
  }

  @Override
  public Path readlink(Path path) {
    check(path, "path");
    throw refused();
  }
}
