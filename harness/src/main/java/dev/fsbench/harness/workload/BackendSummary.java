package dev.fsbench.harness.workload;

import dev.fsbench.spi.Capability;
import java.util.Objects;
import java.util.Set;

/**
 * What the matrix needs to know of a backend: its id and what it supports. The runner asks each
 * backend once (create, read {@code capabilities()}, close) and passes these along, so that
 * planning never loads a backend.
 *
 * @param id the backend id, as {@link dev.fsbench.spi.Backends} finds it
 * @param capabilities what it declares; decides the cells it gets (no chown cell without {@code
 *     OWNERSHIP}, concurrency variants only with {@code TREE_CONCURRENCY})
 */
public record BackendSummary(String id, Set<Capability> capabilities) {
  public BackendSummary {
    Objects.requireNonNull(id, "id");
    capabilities = Set.copyOf(capabilities);
  }
}
