package dev.fsbench.harness.workload;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.spi.FsBackend;
import java.util.Objects;

/**
 * What a workload is built from: the cell, its case, the backend that runs it (created once per
 * trial by the caller, who also closes it), and the trees the run prepared.
 */
record Cell(CellKey key, Case spec, FsBackend backend, PreparedTrees trees) {
  Cell {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(backend, "backend");
    Objects.requireNonNull(trees, "trees");
  }
}
