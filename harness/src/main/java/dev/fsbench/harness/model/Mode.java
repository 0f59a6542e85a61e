package dev.fsbench.harness.model;

import java.util.Locale;

/**
 * How a workload's operations are issued: one after another, or through the async forms with eight
 * in flight.
 */
public enum Mode {
  /** Sequential sync calls on the benchmark thread. */
  SYNC,
  /** The backend's async forms, at most {@link #ASYNC_IN_FLIGHT} operations outstanding. */
  ASYNC;

  /** The seed reports' bound, kept so that the two are comparable. */
  public static final int ASYNC_IN_FLIGHT = 8;

  /** {@code sync} or {@code async}, as in results and on the command line. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Mode ofLabel(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }
}
