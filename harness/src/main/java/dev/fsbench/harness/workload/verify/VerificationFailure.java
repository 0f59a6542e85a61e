package dev.fsbench.harness.workload.verify;

import dev.fsbench.harness.model.CellKey;

/**
 * A cell's workload did not do what it must: a wrong result, a missing effect, or an operation that
 * failed. The message names the backend, family, case and mode and says what differs; a benchmark
 * that sees one stops, because a figure of a workload that did something else is no evidence.
 */
public final class VerificationFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient CellKey cell;

  public VerificationFailure(CellKey cell, String what, Throwable cause) {
    super(describe(cell) + ": " + what, cause);
    this.cell = cell;
  }

  /** The cell that failed. */
  public CellKey cell() {
    return cell;
  }

  /**
   * How every message about a cell starts: {@code backend nio, family readFile, case batch-256
   * utf8, mode sync}.
   */
  public static String describe(CellKey cell) {
    return "backend "
        + cell.backendLabel()
        + ", family "
        + cell.family()
        + ", case "
        + cell.caseLabel()
        + ", mode "
        + cell.mode().label();
  }
}
