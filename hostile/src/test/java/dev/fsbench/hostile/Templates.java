package dev.fsbench.hostile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fixtures made once per child JVM and copied into each case ({@link Builders#copyInto}): the names
 * that are not UTF-8, which only Python can make here, at a process start each.
 */
final class Templates {
  private Templates() {}

  private static Path root;
  private static final Map<String, Path> made = new HashMap<>();

  /** Where templates go: the child's group directory. */
  static synchronized void at(Path dir) {
    root = dir;
  }

  /**
   * The template {@code name}, made from {@code specs} ({@link Builders#byBytes}) the first time.
   */
  static synchronized Path get(String name, List<String> specs)
      throws IOException, InterruptedException {
    Path template = made.get(name);
    if (template == null) {
      if (root == null) {
        throw new IllegalStateException("Templates.at was not called");
      }
      template = Files.createDirectories(root.resolve("templates").resolve(name));
      Builders.byBytes(template, specs);
      made.put(name, template);
    }
    return template;
  }
}
