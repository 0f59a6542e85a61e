package dev.fsbench.harness.results;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * The whole of one run, as {@code run.json} stores it (see {@code results/SCHEMA.md}). Immutable; the runner builds
 * a new one after every cell, so that whatever happens next, the last one written describes what was measured.
 *
 * @param schemaVersion {@link #SCHEMA_VERSION} when written by this code
 * @param status how the run ended; anything but {@link Status#COMPLETE} means the cases are partial
 * @param complete {@code status == COMPLETE}, spelled out for readers that only want to know whether to trust coverage
 * @param failure what stopped a {@link Status#FAILED} run, {@code null} otherwise
 * @param startedAt ISO-8601 instant
 * @param finishedAt ISO-8601 instant, {@code null} while running
 * @param environment the machine, the JVM, the sandbox, the backends and the library versions
 * @param settings what was asked for
 * @param cases one record per case (family, case, variant, mode), in matrix order
 * @param omitted cells the filters selected but a backend cannot run (it lacks a capability), each with the reason
 */
public record RunRecord(
    int schemaVersion,
    Status status,
    boolean complete,
    Failure failure,
    String startedAt,
    String finishedAt,
    Environment environment,
    Settings settings,
    List<CaseRecord> cases,
    List<Omitted> omitted) {

  /**
   * Version 1. Bump it on any change a reader could trip over (a renamed or removed field, a changed unit or meaning);
   * an added optional field does not need it. Readers refuse versions they do not know.
   */
  public static final int SCHEMA_VERSION = 1;

  public RunRecord {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(environment, "environment");
    Objects.requireNonNull(settings, "settings");
    cases = List.copyOf(cases);
    omitted = List.copyOf(omitted);
    if (complete != (status == Status.COMPLETE)) {
      throw new IllegalArgumentException("complete must be true exactly when status is complete, was " + complete + " with " + status);
    }
    if ((failure != null) != (status == Status.FAILED)) {
      throw new IllegalArgumentException("a failure is recorded exactly when status is failed (status " + status + ")");
    }
  }

  /** How a run ended. */
  public enum Status {
    /** Every planned cell was measured and verified. */
    @JsonProperty("complete")
    COMPLETE,
    /** A cell failed (verification or an error); the cases before it are kept. */
    @JsonProperty("failed")
    FAILED,
    /** Stopped from outside (Ctrl-C); the cases finished before are kept. */
    @JsonProperty("interrupted")
    INTERRUPTED,
    /** Still running, or killed without a chance to say so (kill -9, power loss). */
    @JsonProperty("running")
    RUNNING
  }

  /**
   * A cell that was not run because its backend cannot: a missing figure is never silent.
   *
   * @param cell the cell id
   * @param reason e.g. "chown batch-256 needs [OWNERSHIP], which backend x does not declare"
   */
  public record Omitted(String cell, String reason) {
    public Omitted {
      Objects.requireNonNull(cell, "cell");
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * What stopped a failed run.
   *
   * @param cell the cell id, e.g. {@code writeFile/batch-256/buffer/sync/broken}
   * @param backend backend id
   * @param family family name
   * @param caseLabel the case as a report names it, e.g. {@code batch-256 buffer}
   * @param mode sync or async
   * @param message what differs or what was thrown, as the fork or JMH reported it
   */
  public record Failure(String cell, String backend, String family, String caseLabel, String mode, String message) {
    public Failure {
      Objects.requireNonNull(cell, "cell");
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * What the run was asked to do.
   *
   * @param warmups warmup iterations per fork
   * @param samples measured iterations per fork
   * @param forks JMH forks per cell
   * @param families family filter, empty = all
   * @param backends the backends run (after resolving the default "every available one")
   * @param cases case filter, empty = all
   * @param modes mode filter, empty = both
   * @param quick the quick matrix
   * @param large the opt-in large trees
   * @param root the directory the sandbox was created in
   * @param label the run's label, or {@code null}
   * @param forkJvmArgs the extra JVM arguments of every fork (besides JMH's own)
   */
  public record Settings(
      int warmups,
      int samples,
      int forks,
      List<String> families,
      List<String> backends,
      List<String> cases,
      List<String> modes,
      boolean quick,
      boolean large,
      String root,
      String label,
      List<String> forkJvmArgs) {
    public Settings {
      families = List.copyOf(families);
      backends = List.copyOf(backends);
      cases = List.copyOf(cases);
      modes = List.copyOf(modes);
      forkJvmArgs = List.copyOf(forkJvmArgs);
      Objects.requireNonNull(root, "root");
    }
  }
}
