package dev.fsbench.harness.stats;

/**
 * Which samples of a fork a figure describes: the two questions a run answers.
 *
 * <ul>
 *   <li>{@link #FIRST_USE}: what a short-lived JVM or a CLI tool sees, the first {@value
 *       #FIRST_USE_SAMPLES} measured samples of a fresh fork after its warmups (the seed reports'
 *       method).
 *   <li>{@link #STEADY}: what a long-running server sees, the samples after the fork's series has
 *       settled, found by {@link SteadyState}; a cell without a steady state has no figure in this
 *       regime.
 * </ul>
 */
public enum Regime {
  FIRST_USE("first-use"),
  STEADY("steady");

  /** The first-use window: the seed's 10 samples after 2 warmups. */
  public static final int FIRST_USE_SAMPLES = 10;

  private final String label;

  Regime(String label) {
    this.label = label;
  }

  /** {@code first-use} or {@code steady}, as run.json and the reports name it. */
  public String label() {
    return label;
  }

  public static Regime ofLabel(String label) {
    for (Regime r : values()) {
      if (r.label.equals(label)) {
        return r;
      }
    }
    throw new IllegalArgumentException("no regime '" + label + "'; regimes: first-use, steady");
  }
}
