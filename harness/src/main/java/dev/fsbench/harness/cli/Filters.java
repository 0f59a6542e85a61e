package dev.fsbench.harness.cli;

import dev.fsbench.harness.model.Mode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * The matrix filters {@code run} and {@code contract} share: backends, families, cases, modes,
 * large.
 */
final class Filters {
  @Option(
      names = "--backends",
      split = ",",
      paramLabel = "ID",
      description = "Backends in column order (default: every available one, nio first).")
  List<String> backends = new ArrayList<>();

  @Option(
      names = {"--families", "--apis"},
      split = ",",
      paramLabel = "FAMILY",
      description = "Families to run, e.g. readFile,stat (default: every family).")
  List<String> families = new ArrayList<>();

  @Option(
      names = "--cases",
      split = ",",
      paramLabel = "CASE",
      description = "Cases by scenario (batch-256) or label ('batch-256 utf8') (default: all).")
  List<String> cases = new ArrayList<>();

  @Option(
      names = "--modes",
      split = ",",
      paramLabel = "MODE",
      converter = ModeConverter.class,
      description = "sync, async or both (default: both).")
  List<Mode> modes = new ArrayList<>();

  @Option(
      names = "--large",
      description =
          "Also the opt-in large trees (about 156,000 files) of readdir, glob, scan, cp and rm: minutes per cell.")
  boolean large;

  Set<String> familySet() {
    return new LinkedHashSet<>(families);
  }

  Set<String> caseSet() {
    return new LinkedHashSet<>(cases);
  }

  Set<Mode> modeSet() {
    return modes.isEmpty() ? Set.of() : EnumSet.copyOf(modes);
  }

  /** sync / async, with an error naming both. */
  static final class ModeConverter implements picocli.CommandLine.ITypeConverter<Mode> {
    @Override
    public Mode convert(String value) {
      for (Mode m : Mode.values()) {
        if (m.label().equalsIgnoreCase(value)) {
          return m;
        }
      }
      throw new picocli.CommandLine.TypeConversionException(
          "'" + value + "' is not a mode; use sync or async");
    }
  }
}
