package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every package under any {@code src/main/java} of the source tree (every module, the ones added
 * later included) has a {@code package-info.java}: the project's rule that each package says what
 * it is for. Build output, the Rust crate and hidden directories are not looked into.
 */
class PackageInfoTest {

  private static final Set<String> NOT_SOURCES = Set.of("target", "rust", "node_modules");

  @Test
  void everyMainPackageHasAPackageInfo() throws IOException {
    Path tree = sourceTree();
    List<Path> roots = mainSourceRoots(tree);
    assertTrue(
        roots.contains(tree.resolve("testkit/src/main/java"))
            && roots.contains(tree.resolve("spi/src/main/java")),
        () -> "the walk of " + tree + " missed the modules it must see: " + roots);
    // A package split over two modules (native-ffm shares backend-native's) is documented once.
    java.util.Map<String, List<Path>> byName = new java.util.TreeMap<>();
    int packages = 0;
    for (Path root : roots) {
      List<Path> directories;
      try (Stream<Path> walk = Files.walk(root)) {
        directories = walk.filter(Files::isDirectory).toList();
      }
      for (Path dir : directories) {
        if (!hasJavaClasses(dir)) {
          continue;
        }
        packages++;
        byName.computeIfAbsent(root.relativize(dir).toString(), k -> new ArrayList<>()).add(dir);
      }
    }
    Set<String> undocumented = new TreeSet<>();
    byName.forEach(
        (name, dirs) -> {
          if (dirs.stream().noneMatch(d -> Files.isRegularFile(d.resolve("package-info.java")))) {
            dirs.forEach(d -> undocumented.add(tree.relativize(d).toString()));
          }
        });
    assertTrue(packages > roots.size(), "found only " + packages + " packages under " + roots);
    assertEquals(Set.of(), undocumented, "packages without a package-info.java");
  }

  /** The checkout: the nearest directory above this module with the Maven wrapper and a pom. */
  private static Path sourceTree() {
    Path module = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
    for (Path dir = module.getParent(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
        return dir;
      }
    }
    throw new AssertionError("no source tree (mvnw beside pom.xml) above " + module);
  }

  private static List<Path> mainSourceRoots(Path tree) throws IOException {
    List<Path> roots = new ArrayList<>();
    Files.walkFileTree(
        tree,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
            if (!dir.equals(tree) && (name.startsWith(".") || NOT_SOURCES.contains(name))) {
              return FileVisitResult.SKIP_SUBTREE;
            }
            if (dir.endsWith(Path.of("src", "main", "java"))) {
              roots.add(dir);
              return FileVisitResult.SKIP_SUBTREE;
            }
            return FileVisitResult.CONTINUE;
          }
        });
    return roots;
  }

  private static boolean hasJavaClasses(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .map(p -> p.getFileName().toString())
          .anyMatch(
              n ->
                  n.endsWith(".java")
                      && !n.equals("package-info.java")
                      && !n.equals("module-info.java"));
    }
  }
}
