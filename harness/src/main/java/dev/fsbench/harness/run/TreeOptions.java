package dev.fsbench.harness.run;

import dev.fsbench.harness.model.Suite;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.tree.TreeSnapshot;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What {@code fsbench run} measures beyond the standard matrix: the tree families' own matrices.
 * Any of them replaces the standard matrix; together they add up.
 *
 * @param sweep the synthetic tree at every size of the sweep ({@code --sweep})
 * @param realTrees jdk-src, links-dots and wide-100k ({@code --real-trees})
 * @param dir the user's directory ({@code --tree DIR}), or {@code null}
 * @param globs the user's patterns ({@code --glob}), run by glob on every prepared tree
 * @param limits how large {@code dir} may be
 */
public record TreeOptions(
    boolean sweep, boolean realTrees, Path dir, List<String> globs, TreeSnapshot.Limits limits) {

  /** The standard matrix alone. */
  public static final TreeOptions NONE =
      new TreeOptions(false, false, null, List.of(), TreeSnapshot.Limits.DEFAULT);

  public TreeOptions {
    globs = List.copyOf(globs);
    Objects.requireNonNull(limits, "limits");
    if (!globs.isEmpty() && dir == null && !realTrees) {
      throw new IllegalArgumentException(
          "--glob patterns run on prepared trees: give --tree DIR or --real-trees with them");
    }
    if (globs.size() > PreparedTrees.MAX_USER_GLOBS) {
      throw new IllegalArgumentException(
          "at most " + PreparedTrees.MAX_USER_GLOBS + " --glob patterns, got " + globs.size());
    }
  }

  /** The suites these options select: the standard one unless another is asked for. */
  public Set<Suite> suites() {
    Set<Suite> suites = EnumSet.noneOf(Suite.class);
    if (sweep) {
      suites.add(Suite.SWEEP);
    }
    if (realTrees) {
      suites.add(Suite.REAL_TREES);
    }
    if (dir != null) {
      suites.add(Suite.USER_TREE);
    }
    if (suites.isEmpty()) {
      suites.add(Suite.STANDARD);
    }
    return suites;
  }
}
