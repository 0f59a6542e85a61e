package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellPlan;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.workload.tree.TreeSnapshot;
import dev.fsbench.spi.Backends;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's trees prepared without forks: a user tree with a name that is not UTF-8 rules out every
 * backend's readdir (Strings cannot hold the name) and the cp of a backend that cannot copy it,
 * each with its reason, never silently.
 */
class RunTreesTest {
  @TempDir Path source;
  @TempDir Path root;

  private RunRequest request(Path dir, List<String> backends, Set<String> families) {
    return request(dir, backends, families, FloorCases.NONE);
  }

  private RunRequest request(
      Path dir, List<String> backends, Set<String> families, FloorCases floors) {
    return new RunRequest(
        backends,
        families,
        Set.of(),
        Set.of(),
        0,
        2,
        1,
        true,
        false,
        root,
        null,
        root.resolve("results"),
        null,
        root,
        Controls.NONE,
        null,
        null,
        List.of(),
        List.of(),
        floors,
        new TreeOptions(false, false, dir, List.of(), TreeSnapshot.Limits.DEFAULT),
        false);
  }

  @Test
  void namesAStringCannotHoldRuleOutTheFamiliesThatReturnNames() throws IOException {
    Path dir = Files.createDirectory(source.resolve("tree"));
    Files.writeString(dir.resolve("plain.txt"), "x");
    Files.writeString(Path.of(URI.create(dir.toUri() + "caf%E9")), "latin-1");
    RunRequest request = request(dir, List.of("nio", "commons-io"), Set.of("readdir", "cp"));
    RunPlan plan = RunPlan.of(request);
    assertEquals(2 * 2 * 2, plan.cells().size(), "readdir and cp, sync and async, two backends");
    ByteArrayOutputStream notes = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(notes, true, StandardCharsets.UTF_8);
    try (Sandbox sandbox = Sandbox.create(root)) {
      RunTrees trees = RunTrees.prepare(request, plan, sandbox, print, print);
      assertEquals(1, trees.shapes().get("user-tree").namesNotUtf8());
      assertEquals(2, trees.shapes().get("user-tree").entries(), "plain.txt and café");
      List<String> run = trees.cells().stream().map(p -> p.key().id()).toList();
      assertTrue(run.contains("cp/user-tree/-/sync/nio"), run.toString());
      assertTrue(run.stream().noneMatch(id -> id.startsWith("readdir/")), run.toString());
      for (RunRecord.Omitted o : trees.omitted()) {
        if (o.cell().startsWith("readdir/")) {
          assertTrue(
              o.reason().contains("returns names as Strings, which cannot hold them"), o.reason());
        } else {
          assertTrue(o.cell().startsWith("cp/") && o.cell().endsWith("/commons-io"), o.cell());
          assertTrue(o.reason().startsWith("backend commons-io's cp cannot"), o.reason());
        }
      }
      Set<String> accounted =
          trees.cells().stream().map(p -> p.key().id()).collect(Collectors.toSet());
      trees.omitted().forEach(o -> accounted.add(o.cell()));
      assertEquals(
          plan.cells().stream()
              .map(CellPlan::key)
              .map(Object::toString)
              .collect(Collectors.toSet()),
          accounted,
          "every planned cell runs or is omitted with its reason");
      assertTrue(trees.forkArgs().get(0).startsWith("-Dfsbench.trees="));
    }
    assertTrue(
        notes
            .toString(StandardCharsets.UTF_8)
            .contains("names not valid in the file name encoding: 1"),
        notes.toString());
  }

  @Test
  void theFloorsCpAndRmAreProbedOnSuchNamesAsABackendsAre() throws IOException {
    Assumptions.assumeTrue(
        Backends.floor("floor").map(f -> f.availability().isAvailable()).orElse(false),
        "the native library's floors are unavailable in this build");
    Path dir = Files.createDirectory(source.resolve("tree"));
    Files.writeString(Path.of(URI.create(dir.toUri() + "caf%E9")), "latin-1");
    RunRequest request =
        request(dir, List.of("nio"), Set.of("readdir", "cp", "rm"), FloorCases.REPRESENTATIVE);
    RunPlan plan = RunPlan.of(request);
    List<String> planned = plan.cells().stream().map(p -> p.key().id()).toList();
    assertTrue(planned.contains("readdir/user-tree/-/sync/floor-find"), planned.toString());
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try (Sandbox sandbox = Sandbox.create(root)) {
      RunTrees trees = RunTrees.prepare(request, plan, sandbox, quiet, quiet);
      List<String> run = trees.cells().stream().map(p -> p.key().id()).toList();
      for (String floor : List.of("cp/user-tree/-/sync/floor", "rm/user-tree/-/sync/floor")) {
        assertTrue(run.contains(floor), "the library copies and removes by bytes: " + run);
      }
      for (String id : planned) {
        boolean ran = run.contains(id);
        boolean omitted = trees.omitted().stream().anyMatch(o -> o.cell().equals(id));
        assertTrue(ran != omitted, id + " runs or is omitted with its reason");
        if (id.startsWith("readdir/")) {
          assertTrue(omitted, id + ": Strings cannot hold the name, whoever lists it");
        }
      }
      assertTrue(
          trees.omitted().stream()
              .filter(o -> o.cell().startsWith("cp/") || o.cell().startsWith("rm/"))
              .allMatch(o -> o.reason().startsWith("floor ")),
          "only a floor's own probe can rule out its cp or rm: " + trees.omitted());
    }
  }
}
