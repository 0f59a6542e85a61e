package dev.fsbench.harness.workload;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.harness.model.CellKey;
import dev.fsbench.harness.workload.tree.PreparedTrees;
import dev.fsbench.harness.workload.tree.Scenario;
import dev.fsbench.harness.workload.tree.TrialTree;
import dev.fsbench.harness.workload.verify.GlobOracle;
import dev.fsbench.harness.workload.verify.Oracle;
import dev.fsbench.harness.workload.verify.Verifier;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * glob: patterns over the tree, relative paths of matching files, directories and links, no dot
 * files. On a synthetic tree one pattern, {@code **}{@code /*}; on a prepared tree one case per
 * pattern that makes sense for any tree ({@link #PREPARED_PATTERNS}) and per {@code --glob} pattern
 * of the run ({@code user-1} ...). Verified: exactly what {@link GlobOracle} finds in the tree's
 * manifest, each path once. Nothing is modified, so the trial keeps the tree.
 */
public final class GlobWorkload extends CellWorkload {
  /** The variant of every entry but dot ones. */
  public static final String ALL = "all";

  /** The patterns of a prepared tree's built-in variants, by variant. */
  static final Map<String, String> PREPARED_PATTERNS = preparedPatterns();

  /** The prefix of the variants that run the user's patterns: {@code user-1} is the first. */
  static final String USER = "user-";

  private static final List<Case> CASES = Family.globCases(variants());

  @FamilyEntry(Op.GLOB)
  static final Family FAMILY =
      new Family(
          Op.GLOB,
          CASES,
          Family.pick(CASES, Scenario.TREE_1000, CellKey.NO_VARIANT),
          Family.Cost.tree(9_000L),
          GlobWorkload::new);

  /** The one pattern of a synthetic tree. */
  static final List<String> PATTERNS = List.of("**/*");

  private final GlobOptions options;
  private Path root;
  private List<String> patterns;
  private Set<String> expected;

  private GlobWorkload(Cell cell) {
    super(cell);
    options = GlobOptions.DEFAULT.withConcurrency(concurrency);
  }

  private static Map<String, String> preparedPatterns() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(ALL, "**/*"); // every entry that is not a dot one, nor below one
    m.put("top", "*"); // the root's own entries
    m.put("ext", "**/*.*"); // names with an extension: selective, wherever the tree has files
    return m;
  }

  private static List<String> variants() {
    List<String> all = new ArrayList<>(PREPARED_PATTERNS.keySet());
    for (int k = 1; k <= PreparedTrees.MAX_USER_GLOBS; k++) {
      all.add(USER + k);
    }
    return all;
  }

  /** {@code k} for the variant {@code user-k}, 0 for any other. */
  public static int userPatternIndex(String variant) {
    if (!variant.startsWith(USER)) {
      return 0;
    }
    try {
      return Integer.parseInt(variant.substring(USER.length()));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    String variant = spec.variant();
    int user = userPatternIndex(variant);
    patterns =
        user > 0
            ? List.of(trees.userGlob(user))
            : variant.equals(CellKey.NO_VARIANT)
                ? PATTERNS
                : List.of(PREPARED_PATTERNS.get(variant));
    TrialTree tree = trialTree(fixtureDir);
    root = tree.root();
    expected =
        GlobOracle.compile(patterns, options.dot())
            .matching(tree.manifest(), options.includeDirectories());
  }

  @Override
  Object call(int i) throws IOException {
    return backend.glob(root, patterns, options);
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.globAsync(root, patterns, options);
  }

  @Override
  void check(int i, Object result, Verifier v) {
    @SuppressWarnings("unchecked")
    List<String> matched = (List<String>) result;
    Oracle.sameSet(v, "glob " + patterns, expected, matched);
  }
}
