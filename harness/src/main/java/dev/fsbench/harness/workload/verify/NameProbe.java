package dev.fsbench.harness.workload.verify;

import dev.fsbench.harness.workload.tree.Fixtures;
import dev.fsbench.harness.workload.tree.TreeManifest;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Asks a backend, before a run, whether its cp and rm can handle names that are not valid in the
 * file name encoding, on a tiny tree of such names: where it cannot (a {@code java.io.File}-based
 * backend turns the name into a String and back, and reaches another file or none), its cells on a
 * tree with such names are omitted with the reason, never run into a failure or silently skipped.
 *
 * <pre>{@code
 * Optional<String> why = NameProbe.cpAndRm(backend, scratch, "cp");   // empty: it copies them exactly
 * }</pre>
 *
 * A floor ({@link dev.fsbench.spi.Floor}) is probed the same way, its call recorded and run by its
 * runner as in a sample.
 *
 * <p>readdir, glob and scan need no probe: they return names as Strings, which cannot hold such
 * names for any backend, so their cells on such a tree are omitted for all.
 */
public final class NameProbe {
  private NameProbe() {}

  /** A cp or rm call made on the backend {@code on}. */
  @FunctionalInterface
  private interface TreeCall {
    void on(FsBackend backend) throws IOException;
  }

  /** How the probe's one call is run: on a backend directly, or through a floor's runner. */
  @FunctionalInterface
  private interface Runs {
    void run(TreeCall call) throws IOException;
  }

  /**
   * Why {@code backend}'s {@code family} (cp or rm) cannot work on a tree with a name that is not
   * UTF-8, from a trial in a fresh directory under {@code scratch} (removed after); empty when it
   * did the job exactly.
   */
  public static Optional<String> cpAndRm(FsBackend backend, Path scratch, String family)
      throws IOException {
    return probe("backend " + backend.id(), scratch, family, call -> call.on(backend));
  }

  /** As {@link #cpAndRm(FsBackend, Path, String)}, for the floor whose runner is {@code floor}. */
  public static Optional<String> cpAndRm(FloorRunner floor, Path scratch, String family)
      throws IOException {
    return probe(
        "floor " + floor.recorder().id(),
        scratch,
        family,
        call -> {
          call.on(floor.recorder()); // recorded, not performed
          floor.prepare();
          floor.run();
        });
  }

  private static Optional<String> probe(String who, Path scratch, String family, Runs runs)
      throws IOException {
    Path dir = Files.createTempDirectory(scratch, "name-probe-");
    try {
      Path source = Files.createDirectory(dir.resolve("source"));
      Path latin = TreeManifest.byName(source, "caf%E9");
      Fixtures.write(latin, new byte[] {'e'});
      Path folder = Files.createDirectory(TreeManifest.byName(source, "d%E9j%E0"));
      Fixtures.write(folder.resolve("x"), new byte[] {'x'});
      TreeManifest manifest = TreeManifest.read(source);
      Verifier v = new Verifier();
      try {
        if (family.equals("cp")) {
          Path copy = dir.resolve("copy");
          runs.run(fs -> fs.cp(source, copy, CpOptions.DEFAULT));
          CopyCheck.compare(manifest, source, copy, v);
        } else if (family.equals("rm")) {
          runs.run(fs -> fs.rm(source, RmOptions.RECURSIVE_FORCE));
          v.check(Oracle.gone(source), "the tree is still there");
        } else {
          throw new IllegalArgumentException("only cp and rm are probed, not " + family);
        }
      } catch (IOException | RuntimeException e) {
        v.fail("it threw " + e);
      }
      return v.failed()
          ? Optional.of(
              who
                  + "'s "
                  + family
                  + " cannot handle names that are not valid UTF-8 (probed on a tree of two: "
                  + v.summary()
                  + ")")
          : Optional.empty();
    } finally {
      TreeRemoval.cleanUp(dir);
    }
  }
}
