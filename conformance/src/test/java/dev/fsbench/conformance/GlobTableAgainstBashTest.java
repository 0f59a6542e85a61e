package dev.fsbench.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table's own honesty, against the reference: a row marked {@code same} is what bash gives on
 * that tree, and a row marked with a deviation that bash answers ({@code links}, {@code brackets},
 * {@code sequence}, {@code classes}) is not. The other deviations are patterns fsbench refuses
 * ({@code malformed}, {@code limit}, {@code strings}) or a working directory it cannot list ({@code
 * errors}), where bash takes the characters literally, cannot be handed the string, or prints
 * nothing: there is no answer of bash's to compare with, so they are not run.
 */
class GlobTableAgainstBashTest {

  private static final Set<String> ANSWERED_DIFFERENTLY =
      Set.of("links", "brackets", "sequence", "classes", "slashes");
  private static final Set<String> NOT_ASKED = Set.of("malformed", "limit", "strings", "errors");

  /** Rows that bash answers in one process: same tree, directory and options. */
  private record Batch(String tree, String cwd, boolean dot, boolean includeDirectories) {}

  @Test
  void everyRowMarkedSameIsWhatBashGivesAndNoDeviationIsSame(@TempDir Path scratch)
      throws Exception {
    Tools.assumeInstalled("bash");
    GlobTable table = GlobTable.load();
    Map<String, Path> roots = new HashMap<>();
    for (GlobTable.Tree tree : table.trees().values()) {
      Path root = Files.createDirectory(scratch.resolve("tree-" + roots.size()));
      tree.create(root);
      roots.put(tree.name(), root);
    }
    Map<Batch, List<GlobTable.Row>> batches = new LinkedHashMap<>();
    int notAsked = 0;
    for (GlobTable.Row row : table.rows()) {
      if (NOT_ASKED.contains(row.bash())) {
        notAsked++;
        continue;
      }
      assertTrue(
          row.bash().equals("same") || ANSWERED_DIFFERENTLY.contains(row.bash()),
          "unknown BASH tag in " + row.describe() + ": " + row.bash());
      batches
          .computeIfAbsent(
              new Batch(row.tree(), row.cwd(), row.dot(), row.includeDirectories()),
              b -> new ArrayList<>())
          .add(row);
    }
    int compared = 0;
    for (Map.Entry<Batch, List<GlobTable.Row>> batch : batches.entrySet()) {
      List<GlobTable.Row> rows = batch.getValue();
      Path cwd = rows.get(0).cwdIn(roots.get(batch.getKey().tree()));
      List<Set<String>> answers =
          BashGlob.globAll(
              cwd,
              rows.stream().map(GlobTable.Row::patterns).toList(),
              batch.getKey().dot(),
              batch.getKey().includeDirectories());
      for (int i = 0; i < rows.size(); i++) {
        GlobTable.Row row = rows.get(i);
        if (row.bash().equals("same")) {
          assertEquals(row.expected(), answers.get(i), row.describe());
        } else {
          assertNotEquals(
              row.expected(),
              answers.get(i),
              row.describe() + " is marked '" + row.bash() + "' but bash agrees");
        }
        compared++;
      }
    }
    assertTrue(compared > 200, compared + " rows compared with bash");
    assertEquals(table.rows().size(), compared + notAsked);
  }
}
