package dev.fsbench.harness.workload;

import dev.fsbench.spi.Op;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The 26 families, in {@link Op} order: the order of the matrix and of every report. */
final class Families {
  private Families() {}

  static final List<Family> ALL =
      List.of(
          AccessWorkload.FAMILY,
          AppendFileWorkload.FAMILY,
          ChmodWorkload.FAMILY,
          ChownWorkload.FAMILY,
          CopyFileWorkload.FAMILY,
          CpWorkload.FAMILY,
          ExistsWorkload.FAMILY,
          GlobWorkload.FAMILY,
          LinkWorkload.FAMILY,
          StatWorkload.LSTAT,
          MkdirWorkload.FAMILY,
          MkdtempWorkload.FAMILY,
          ReadFileWorkload.FAMILY,
          ReaddirWorkload.FAMILY,
          ReadlinkWorkload.FAMILY,
          RealpathWorkload.FAMILY,
          RenameWorkload.FAMILY,
          RmWorkload.FAMILY,
          RmdirWorkload.FAMILY,
          ScanWorkload.FAMILY,
          StatWorkload.STAT,
          SymlinkWorkload.FAMILY,
          TruncateWorkload.FAMILY,
          UnlinkWorkload.FAMILY,
          UtimesWorkload.FAMILY,
          WriteFileWorkload.FAMILY);

  static {
    List<Op> ops = ALL.stream().map(Family::op).collect(Collectors.toList());
    if (!ops.equals(Arrays.asList(Op.values()))) {
      throw new AssertionError("the families must be exactly the ops, in their order: " + ops);
    }
  }

  /**
   * The family named {@code name} (case ignored); an unknown name is an error listing the known
   * ones.
   */
  static Family of(String name) {
    String wanted = name.toLowerCase(Locale.ROOT);
    return ALL.stream()
        .filter(f -> f.name().toLowerCase(Locale.ROOT).equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown family '"
                        + name
                        + "'; known: "
                        + ALL.stream().map(Family::name).collect(Collectors.joining(", "))));
  }
}
