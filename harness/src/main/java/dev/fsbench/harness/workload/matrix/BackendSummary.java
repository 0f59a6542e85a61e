package dev.fsbench.harness.workload.matrix;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What the matrix needs to know of a backend: its id, what it supports, and which families it hands
 * to NIO. The runner asks each backend once (create, read {@code capabilities()} and its routes,
 * close) and passes these along, so that planning never loads a backend.
 *
 * @param id the backend id, as {@link dev.fsbench.spi.Backends} finds it
 * @param capabilities what it declares; decides the cells it gets (no chown cell without {@code
 *     OWNERSHIP}, concurrency variants only with {@code TREE_CONCURRENCY})
 * @param nioFallbacks the families it serves through NIO, each with its route's {@code via} (why):
 *     a run measures those as nio's and not again ({@link Matrix}); empty for nio itself and for a
 *     plan that must run every family (the contract check)
 */
public record BackendSummary(
    String id, Set<Capability> capabilities, Map<Op, String> nioFallbacks) {
  public BackendSummary {
    Objects.requireNonNull(id, "id");
    capabilities = Set.copyOf(capabilities);
    nioFallbacks = Map.copyOf(nioFallbacks);
  }

  /** A backend whose every family is its own. */
  public BackendSummary(String id, Set<Capability> capabilities) {
    this(id, capabilities, Map.of());
  }

  /** This backend planned in every family, its NIO fallbacks included (the contract check). */
  public BackendSummary everyFamily() {
    return new BackendSummary(id, capabilities);
  }
}
