package dev.fsbench.harness.workload;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.spi.FsBackend;
import java.util.Objects;

/**
 * What a workload is built from: the cell, its case, and the backend that runs it (created once per
 * trial by the caller, who also closes it).
 */
record Cell(CellKey key, Case spec, FsBackend backend) {
  Cell {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(backend, "backend");
  }
}
