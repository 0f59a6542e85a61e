package dev.fsbench.testkit;

import dev.fsbench.spi.Op;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The registered family contracts, one per {@link Op}, in {@code Op}'s order. {@link #create} is a
 * switch over {@code Op} without a default branch, so a new {@code Op} without its contract is a
 * compile error; the coverage guard checks that each contract answers for the op it is filed under.
 */
final class Families {
  private Families() {}

  private static final Map<Op, FamilyContract> BY_OP = byOp();

  static final List<FamilyContract> ALL = List.copyOf(BY_OP.values());

  static FamilyContract of(Op op) {
    return BY_OP.get(op);
  }

  private static Map<Op, FamilyContract> byOp() {
    Map<Op, FamilyContract> byOp = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      byOp.put(op, create(op));
    }
    return byOp;
  }

  /** The one place a family's contract is named. */
  static FamilyContract create(Op op) {
    return switch (op) {
      case ACCESS -> new AccessContract();
      case APPEND_FILE -> new AppendFileContract();
      case CHMOD -> new ChmodContract();
      case CHOWN -> new ChownContract();
      case COPY_FILE -> new CopyFileContract();
      case CP -> new CpContract();
      case EXISTS -> new ExistsContract();
      case GLOB -> new GlobContract();
      case LINES -> new LinesContract();
      case LINK -> new LinkContract();
      case LSTAT -> new LstatContract();
      case MKDIR -> new MkdirContract();
      case MKDTEMP -> new MkdtempContract();
      case READ_FILE -> new ReadFileContract();
      case READDIR -> new ReaddirContract();
      case READLINK -> new ReadlinkContract();
      case REALPATH -> new RealpathContract();
      case RENAME -> new RenameContract();
      case RM -> new RmContract();
      case RMDIR -> new RmdirContract();
      case SCAN -> new ScanContract();
      case STAT -> new StatContract();
      case SYMLINK -> new SymlinkContract();
      case TRUNCATE -> new TruncateContract();
      case UNLINK -> new UnlinkContract();
      case UTIMES -> new UtimesContract();
      case WRITE_FILE -> new WriteFileContract();
    };
  }
}
