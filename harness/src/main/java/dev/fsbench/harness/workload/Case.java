package dev.fsbench.harness.workload;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.spi.Capability;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * One row of a family's table: a scenario and a variant, with the work one sample does.
 *
 * @param scenario what is done and how often
 * @param variant {@code buffer}/{@code utf8} (payload as bytes or as text), {@code default}/{@code
 *     symlink} (stat of a file or of a link), or {@link CellKey#NO_VARIANT}
 * @param bytesPerCall the logical bytes one call moves (0 where none move)
 * @param requires what a backend must declare to run this case; a backend without it gets no cell,
 *     and the matrix says so ({@link dev.fsbench.harness.workload.matrix.Matrix#omitted})
 */
public record Case(Scenario scenario, String variant, long bytesPerCall, Set<Capability> requires) {

  static final String BUFFER = "buffer";
  static final String UTF8 = "utf8";
  static final String DEFAULT = "default";
  static final String SYMLINK = "symlink";

  public Case {
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(variant, "variant");
    requires = requires.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(requires));
  }

  static Case of(Scenario scenario) {
    return new Case(scenario, CellKey.NO_VARIANT, 0, Set.of());
  }

  static Case of(Scenario scenario, String variant) {
    return new Case(scenario, variant, 0, Set.of());
  }

  Case bytesPerCall(long value) {
    return new Case(scenario, variant, value, requires);
  }

  Case requiring(Capability capability) {
    EnumSet<Capability> all = EnumSet.of(capability);
    all.addAll(requires);
    return new Case(scenario, variant, bytesPerCall, all);
  }

  /** Backend calls per sample. */
  public long operations() {
    return scenario.calls();
  }

  /** Logical bytes per sample, the numerator of MiB/s. */
  public long logicalBytes() {
    return operations() * bytesPerCall;
  }

  /** As {@link CellKey#caseLabel()}: {@code batch-256} or {@code batch-256 utf8}. */
  public String label() {
    return CellKey.NO_VARIANT.equals(variant) ? scenario.label() : scenario.label() + " " + variant;
  }

  /**
   * The value of the benchmarks' {@code workload} parameter: {@code batch-256} or {@code
   * batch-256/utf8}.
   */
  public String param() {
    return CellKey.NO_VARIANT.equals(variant) ? scenario.label() : scenario.label() + "/" + variant;
  }

  /**
   * Whether the default matrix runs this case in sync only, leaving async to the family's batch and
   * plain cases (a run that names {@code --modes} gets both): a second variant (text beside bytes,
   * a link beside a file) studies its payload or its target, which the mode does not change; and a
   * single call handed to an executor times the executor's hand-off more than the backend (an async
   * single cell's forks differ by a quarter, the most of any case), which the batch of 256 with
   * eight in flight measures better.
   */
  public boolean syncOnlyByDefault() {
    return variant.equals(UTF8) || variant.equals(SYMLINK) || scenario.label().equals("single");
  }

  public boolean matches(String scenarioLabel, String variantLabel) {
    return scenario.label().equals(scenarioLabel) && variant.equals(variantLabel);
  }
}
