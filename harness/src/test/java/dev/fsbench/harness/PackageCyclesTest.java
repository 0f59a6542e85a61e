package dev.fsbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The harness's packages depend on each other one way only: a package that needs another's type and
 * is needed by it in turn is one concern split in two, or a type in the wrong place. Read from the
 * sources' code lines (imports and qualified names; comments, where a link to another package costs
 * nothing, are skipped).
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src", "main", "java", "dev", "fsbench", "harness");
  private static final Pattern REFERENCE =
      Pattern.compile(
          "\\bdev\\.fsbench\\.harness\\.([a-z][a-z0-9]*(?:\\.[a-z][a-z0-9]*)*)\\.(?:[A-Z]|\\*)");

  @Test
  void noPackageOfTheHarnessDependsOnItself() throws IOException {
    Map<String, Set<String>> uses = dependencies();
    assertTrue(
        uses.getOrDefault("cli", Set.of()).contains("run"),
        "the reading finds the harness's dependencies at all: " + uses);
    List<String> cycles = new ArrayList<>();
    for (String start : uses.keySet()) {
      List<String> path = pathBack(uses, start);
      if (path != null) {
        cycles.add(String.join(" -> ", path));
      }
    }
    assertEquals(List.of(), cycles, "packages in a cycle");
  }

  /** Each package of the harness and the other packages of the harness its code names. */
  private static Map<String, Set<String>> dependencies() throws IOException {
    Map<String, Set<String>> uses = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(SOURCES)) {
      files = walk.filter(f -> f.toString().endsWith(".java")).toList();
    }
    for (Path file : files) {
      String pkg = SOURCES.relativize(file.getParent()).toString().replace('/', '.');
      Set<String> used = uses.computeIfAbsent(pkg, p -> new TreeSet<>());
      for (String line : Files.readAllLines(file)) {
        String code = line.strip();
        if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
          continue;
        }
        Matcher m = REFERENCE.matcher(code);
        while (m.find()) {
          if (!m.group(1).equals(pkg)) {
            used.add(m.group(1));
          }
        }
      }
    }
    return uses;
  }

  /** A path of dependencies from {@code start} back to itself, or null when there is none. */
  private static List<String> pathBack(Map<String, Set<String>> uses, String start) {
    Map<String, String> cameFrom = new TreeMap<>();
    Deque<String> queue = new ArrayDeque<>(List.of(start));
    while (!queue.isEmpty()) {
      String p = queue.poll();
      for (String next : uses.getOrDefault(p, Set.of())) {
        if (next.equals(start)) {
          List<String> path = new ArrayList<>(List.of(start));
          for (String q = p; !q.equals(start); q = cameFrom.get(q)) {
            path.add(1, q);
          }
          path.add(start);
          return path;
        }
        if (!cameFrom.containsKey(next)) {
          cameFrom.put(next, p);
          queue.add(next);
        }
      }
    }
    return null;
  }
}
