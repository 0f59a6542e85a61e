package dev.fsbench.harness.workload.matrix;

import dev.fsbench.harness.model.CellKey;
import java.util.Objects;

/**
 * A cell the matrix selected but cannot run, and why: a report lists these beside the results, so
 * that a missing figure is never silent ("chown: backend x lacks OWNERSHIP").
 */
public record OmittedCell(CellKey key, String reason) {
  public OmittedCell {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(reason, "reason");
  }
}
