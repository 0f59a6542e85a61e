package dev.fsbench.harness.workload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.workload.BrokenBackend;
import dev.fsbench.harness.workload.NioWorkloadsTest;
import dev.fsbench.harness.workload.Tmpfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe that decides whether a backend's cp and rm run on a tree of non-UTF-8 names. */
class NameProbeTest {
  @TempDir(factory = Tmpfs.class)
  Path scratch;

  @Test
  void nioCopiesAndRemovesNamesByTheirBytes() throws Exception {
    try (FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
      assertEquals(Optional.empty(), NameProbe.cpAndRm(nio, scratch, "cp"));
      assertEquals(Optional.empty(), NameProbe.cpAndRm(nio, scratch, "rm"));
    }
    assertTrue(NioWorkloadsTest.isEmpty(scratch), "the probe removes its tree");
  }

  @Test
  void aBackendThatGetsThemWrongIsRuledOutWithTheReason() throws Exception {
    try (FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
      for (Op op : new Op[] {Op.CP, Op.RM}) {
        BrokenBackend broken = new BrokenBackend(nio, op);
        Optional<String> why = NameProbe.cpAndRm(broken, scratch, op.family());
        assertTrue(why.isPresent(), op.family());
        assertTrue(
            why.get().startsWith("backend " + broken.id() + "'s " + op.family() + " cannot"),
            why.get());
      }
    }
    assertTrue(NioWorkloadsTest.isEmpty(scratch));
  }
}
