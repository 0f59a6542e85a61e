package dev.fsbench.testkit;

import dev.fsbench.spi.Op;
import java.util.List;

/**
 * The registered family contracts, one per {@link Op}; the coverage guard checks that none is
 * missing.
 */
final class Families {
  private Families() {}

  static final List<FamilyContract> ALL =
      List.of(
          new AccessContract(),
          new AppendFileContract(),
          new ChmodContract(),
          new ChownContract(),
          new CopyFileContract(),
          new CpContract(),
          new ExistsContract(),
          new GlobContract(),
          new LinkContract(),
          new LstatContract(),
          new MkdirContract(),
          new MkdtempContract(),
          new ReadFileContract(),
          new ReaddirContract(),
          new ReadlinkContract(),
          new RealpathContract(),
          new RenameContract(),
          new RmContract(),
          new RmdirContract(),
          new ScanContract(),
          new StatContract(),
          new SymlinkContract(),
          new TruncateContract(),
          new UnlinkContract(),
          new UtimesContract(),
          new WriteFileContract());

  static FamilyContract of(Op op) {
    return ALL.stream()
        .filter(f -> f.op() == op)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no family contract for " + op));
  }
}
