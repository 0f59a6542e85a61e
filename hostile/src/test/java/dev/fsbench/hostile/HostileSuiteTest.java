package dev.fsbench.hostile;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The hostile-input suite: every {@link Group} against every backend, sync and async, each group in
 * a child JVM of its own per backend ({@link GroupRun}). One test checks the child itself (no
 * crash, no kill at the outer deadline, nothing changed in the group outside its cases); one test
 * per case and mode checks what the child reported for it. Writes {@code target/hostile-report.md}.
 */
class HostileSuiteTest {
  private static Path root;

  /**
   * Child JVMs run this many at a time ({@code -Dfsbench.hostile.parallel}): two, for two cores.
   */
  private static final int PARALLEL = Integer.getInteger("fsbench.hostile.parallel", 2);

  private static ExecutorService children;

  @BeforeAll
  static void sandbox() throws Exception {
    root = Sandbox.create("fsbench-hostile-");
    children = Executors.newFixedThreadPool(PARALLEL);
  }

  @AfterAll
  static void report() throws Exception {
    try {
      children.shutdownNow();
      System.out.println(Reports.write());
    } finally {
      Tools.removeTree(root);
    }
  }

  @TestFactory
  Stream<DynamicNode> everyBackendEveryGroup() {
    List<DynamicNode> backends = new ArrayList<>();
    for (String backend : Sandbox.selected("fsbench.hostile.backends", Sandbox.BACKENDS)) {
      List<DynamicNode> groups = new ArrayList<>();
      for (String group :
          Sandbox.selected(
              "fsbench.hostile.groups",
              Stream.of(Group.values()).map(Group::id).collect(Collectors.toList()))) {
        GroupRun run = new GroupRun(backend, Group.valueOf(group.toUpperCase(Locale.ROOT)), root);
        run.startOn(children);
        groups.add(group(run));
      }
      java.util.Set<dev.fsbench.spi.Op> throughNio = ThroughNio.of(backend);
      if (!throughNio.isEmpty()) {
        groups.add(
            0,
            dynamicTest(
                "not run again: the families it serves through nio, whose calls are nio's own: "
                    + throughNio.stream()
                        .map(dev.fsbench.spi.Op::family)
                        .collect(Collectors.joining(", ")),
                () ->
                    org.junit.jupiter.api.Assertions.assertTrue(
                        Sandbox.BACKENDS.contains("nio"),
                        "the suite runs nio itself, which answers those calls")));
      }
      backends.add(dynamicContainer(backend, groups));
    }
    return backends.stream();
  }

  private static DynamicContainer group(GroupRun run) {
    List<DynamicNode> tests = new ArrayList<>();
    tests.add(
        dynamicTest(
            "the child JVM exits 0 by itself, no crash file, nothing outside its cases changed",
            run::checkChild));
    java.util.Set<dev.fsbench.spi.Op> throughNio = ThroughNio.of(run.backend);
    for (Input input : run.group.inputs()) {
      for (Family family : input.families()) {
        if (throughNio.contains(family.op())) {
          continue; // nio's own answers, checked where the suite runs nio (ThroughNio)
        }
        for (Mode mode : Mode.values()) {
          tests.add(
              dynamicTest(
                  input.caseId(family) + " " + mode.id() + " (" + input.kind + ")",
                  () -> run.checkCase(input, family, mode)));
        }
      }
    }
    return dynamicContainer(run.group.id(), tests);
  }
}
