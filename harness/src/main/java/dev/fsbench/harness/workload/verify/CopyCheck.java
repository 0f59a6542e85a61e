package dev.fsbench.harness.workload.verify;

import dev.fsbench.harness.workload.tree.NioStat;
import dev.fsbench.harness.workload.tree.TreeFixture;
import dev.fsbench.harness.workload.tree.TreeManifest;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The verification of a copied tree against its source's manifest (cp, and the name probe). */
public final class CopyCheck {
  private CopyCheck() {}

  /**
   * Checks that {@code copyRoot} holds a copy of the tree at {@code sourceRoot}, {@code manifest}:
   * every entry at its exact path, of its kind and permission bits, a file's bytes and a link's
   * target, and nothing more.
   */
  public static void compare(TreeManifest manifest, Path sourceRoot, Path copyRoot, Verifier v)
      throws IOException {
    List<TreeManifest.Entry> entries = manifest.entries();
    List<TreeFixture.Entry> found = TreeFixture.walk(copyRoot);
    if (found.size() != entries.size()) {
      Set<String> expected = manifest.paths();
      List<String> extra = new ArrayList<>();
      for (TreeFixture.Entry e : found) {
        if (!expected.contains(e.path())) {
          extra.add(e.path());
        }
      }
      v.fail(
          "the copy holds "
              + found.size()
              + " entries, expected "
              + entries.size()
              + (extra.isEmpty() ? "" : "; not in the source, e.g. " + Oracle.firstFew(extra)));
    }
    for (TreeManifest.Entry e : entries) {
      Path copy = copyRoot.resolve(e.relative());
      FileStat stat;
      try {
        stat = NioStat.lstat(copy);
      } catch (NoSuchFileException missing) {
        v.fail(e.path() + " (" + e.kind() + ") is missing from the copy");
        continue;
      }
      if (stat.kind() != e.kind()) {
        v.fail(
            e.path() + " is a " + stat.kind() + " in the copy, a " + e.kind() + " in the source");
        continue;
      }
      if (stat.permissions() != e.permissions()) {
        v.fail(
            e.path()
                + " has mode 0"
                + Integer.toOctalString(stat.permissions())
                + ", its source 0"
                + Integer.toOctalString(e.permissions()));
      }
      if (e.kind() == FileKind.SYMLINK) {
        Path target = Files.readSymbolicLink(copy);
        v.check(
            target.equals(e.target()),
            e.path() + " links to " + target + ", its source to " + e.target());
      } else if (e.kind() == FileKind.FILE) {
        long at = Files.mismatch(sourceRoot.resolve(e.relative()), copy);
        v.check(
            at < 0,
            e.path()
                + " differs from its source at byte "
                + at
                + " (size "
                + stat.size()
                + ", the source's "
                + e.size()
                + ")");
      }
    }
  }
}
