package dev.fsbench.harness.workload.tree;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The real-shaped trees that come with the machine, built with plain NIO and {@code java.util.zip}:
 * the same bytes, names and links on every run, so that their manifests hash alike.
 *
 * <pre>
 * jdk-src     the JDK's lib/src.zip extracted: about 15,000 Java sources in package directories
 *             up to 12 levels deep, sizes from a few hundred bytes to hundreds of KiB
 * links-dots  a small project: dot files and dot directories (.git, .config, .cache), empty
 *             directories (some nested), and links to files, to directories, to links, to
 *             an ancestor, to themselves, and dangling ones (relative and absolute)
 * wide-100k   one directory holding 100,000 empty files
 * </pre>
 *
 * Links are never followed by any family that runs on these trees (readdir, glob, scan, cp, rm), so
 * a link to an ancestor or to itself is an entry like any other, and cp must copy it as a link.
 */
final class RealTrees {
  private RealTrees() {}

  /** The entries of wide-100k. */
  static final int WIDE_ENTRIES = 100_000;

  /** Where a JDK keeps its sources. */
  static Path jdkSourceZip(Path javaHome) {
    return javaHome.resolve("lib").resolve("src.zip");
  }

  /** Why {@code scenario}'s tree cannot be built here, or empty when it can. */
  static Optional<String> unavailable(Scenario scenario, Path javaHome) {
    if (scenario != Scenario.JDK_SRC) {
      return Optional.empty();
    }
    Path zip = jdkSourceZip(javaHome);
    if (Files.isRegularFile(zip) && Files.isReadable(zip)) {
      return Optional.empty();
    }
    String why =
        Files.isSymbolicLink(zip)
            ? " is a link to nothing (the JDK's source package is not installed; on Debian:"
                + " apt-get install openjdk-NN-source)"
            : Files.exists(zip)
                ? " is not a readable file"
                : " does not exist (this JDK ships without its sources)";
    return Optional.of(
        "jdk-src needs the sources of the forks' JDK, and "
            + zip
            + why
            + "; run it with --jvm"
            + " naming a JDK that has lib/src.zip");
  }

  /** Builds {@code scenario}'s tree at {@code root}, which must not exist yet (its parent must). */
  static void build(Scenario scenario, Path root, Path javaHome) throws IOException {
    switch (scenario) {
      case JDK_SRC:
        Optional<String> why = unavailable(scenario, javaHome);
        if (why.isPresent()) {
          throw new IOException(why.get());
        }
        extractJdkSource(jdkSourceZip(javaHome), root);
        return;
      case LINKS_DOTS:
        linksAndDots(root);
        return;
      case WIDE_100K:
        wide(root, WIDE_ENTRIES);
        return;
      default:
        throw new IllegalArgumentException(scenario.label() + " is not a real-shaped tree");
    }
  }

  /**
   * Extracts every entry of {@code zip} below {@code root}. An entry whose name would land outside
   * {@code root} (absolute, or through {@code ..}) is an error, never written.
   */
  static void extractJdkSource(Path zip, Path root) throws IOException {
    Files.createDirectory(root);
    Path base = root.toAbsolutePath().normalize();
    try (ZipFile archive = new ZipFile(zip.toFile(), StandardCharsets.UTF_8)) {
      Enumeration<? extends ZipEntry> entries = archive.entries();
      while (entries.hasMoreElements()) {
        ZipEntry entry = entries.nextElement();
        Path to = base.resolve(entry.getName()).normalize();
        if (!to.startsWith(base) || to.equals(base)) {
          throw new IOException(zip + " has an entry outside its root: " + entry.getName());
        }
        if (entry.isDirectory()) {
          Files.createDirectories(to);
          continue;
        }
        Files.createDirectories(to.getParent());
        try (InputStream in = archive.getInputStream(entry)) {
          Files.copy(in, to);
        }
      }
    }
  }

  /** One directory of {@code entries} empty files, {@code e000000} on. */
  static void wide(Path root, int entries) throws IOException {
    Files.createDirectory(root);
    for (int i = 0; i < entries; i++) {
      Files.createFile(root.resolve(String.format("e%06d", i)));
    }
  }

  /** The links-dots tree: see the class comment. */
  static void linksAndDots(Path root) throws IOException {
    Files.createDirectory(root);
    file(root, "README.md", 1200);
    file(root, ".gitignore", 40);
    file(root, ".editorconfig", 180);
    file(root, ".env", 0);
    file(root, ".git/HEAD", 23);
    file(root, ".git/config", 250);
    file(root, ".git/refs/heads/main", 41);
    for (int i = 0; i < 12; i++) {
      file(root, String.format(".git/objects/%02x/%038d", i * 19, i), 300 + 97 * i);
    }
    file(root, ".config/settings.json", 512);
    file(root, ".config/.secret", 64);
    Files.createDirectories(root.resolve(".cache"));
    for (String name : List.of("main.c", "util.c", "util.h", "Makefile", ".clang-format")) {
      file(root, "src/" + name, 700 + 31 * name.length());
    }
    for (int i = 0; i < 20; i++) {
      file(root, "src/lib/mod" + i + ".c", 2048 + 512 * i);
    }
    file(root, "src/lib/.keep", 0);
    for (int i = 0; i < 30; i++) {
      file(root, "docs/page-" + i + ".md", 900 + 45 * i);
    }
    file(root, "docs/big.bin", 256 * 1024);
    for (int i = 0; i < 40; i++) {
      file(root, "node_modules/pkg-" + i + "/index.js", 150 + 7 * i);
      file(root, "node_modules/pkg-" + i + "/package.json", 80);
    }
    file(root, "node_modules/pkg-0/bin/tool.js", 300);
    Files.createDirectories(root.resolve("node_modules/.bin"));
    link(root, "node_modules/.bin/tool", "../pkg-0/bin/tool.js");
    Files.createDirectories(root.resolve("empty-1"));
    Files.createDirectories(root.resolve("empty-2"));
    Files.createDirectories(root.resolve("deep/a/b/c/d/e/f/g/empty"));
    file(root, "deep/a/b/c/d/e/f/g/leaf.txt", 10);
    Files.createDirectories(root.resolve("links"));
    link(root, "links/to-file", "../README.md");
    link(root, "links/to-dir", "../src");
    link(root, "links/to-dot-dir", "../.config");
    link(root, "links/to-link", "to-file");
    link(root, "links/dangling", "../does-not-exist");
    link(root, "links/dangling-absolute", "/nonexistent/fsbench-dangling-target");
    link(root, "links/self", "self");
    link(root, "links/.hidden-link", "../docs");
    link(root, "src/lib/up", "..");
  }

  private static void file(Path root, String relative, int size) throws IOException {
    Path path = root.resolve(relative);
    Files.createDirectories(path.getParent());
    byte[] content = new byte[size];
    byte[] name = relative.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < size; i++) {
      content[i] = (byte) ('a' + (name[i % name.length] + i) % 26);
    }
    Fixtures.write(path, content);
  }

  private static void link(Path root, String relative, String target) throws IOException {
    Files.createSymbolicLink(root.resolve(relative), root.getFileSystem().getPath(target));
  }
}
