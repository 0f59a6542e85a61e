package dev.fsbench.harness.report;

import dev.fsbench.harness.results.CaseRecord;
import java.util.List;
import java.util.Set;

/**
 * The rows of a decision table: kinds of work a program does, each a set of the matrix's cases.
 * Described once, as data, so that REPORT.md, REPORT.html and the README group the same cases.
 *
 * <p>The families are grouped by what their call does to the filesystem, never by which backend
 * wins them (that would make the table say what it assumed): a lookup reads a path's metadata, a
 * change writes it, and content moves bytes. A kind whose families do not agree on a backend gets
 * nio ({@link BackendChoice}: one slower case keeps a backend out), and the per-family table of
 * {@code fsbench recommend} tells them apart.
 *
 * @param key a short name for links ({@code lookups}, {@code readdir-tree-1000})
 * @param label how the table names the row
 * @param families the families it holds
 * @param scenarios the scenarios of those families it holds
 */
record WorkKind(String key, String label, Set<String> families, Set<String> scenarios) {
  private static final Set<String> LOOKUPS =
      Set.of("access", "exists", "stat", "lstat", "readlink", "realpath");
  private static final Set<String> CHANGES =
      Set.of(
          "chmod",
          "chown",
          "utimes",
          "truncate",
          "link",
          "symlink",
          "rename",
          "unlink",
          "rmdir",
          "mkdir",
          "mkdtemp");
  private static final Set<String> CONTENT =
      Set.of("readFile", "writeFile", "appendFile", "copyFile");

  /** Every kind, in the table's order. */
  static final List<WorkKind> ALL =
      List.of(
          new WorkKind(
              "single",
              "one metadata call on a path (single)",
              union(LOOKUPS, CHANGES),
              Set.of("single")),
          new WorkKind(
              "lookups",
              "batches of lookups: access, exists, stat, lstat, readlink, realpath (256 paths)",
              LOOKUPS,
              Set.of("batch-256", "missing-256")),
          new WorkKind(
              "changes",
              "batches of metadata changes: chmod, chown, utimes, truncate, link, symlink, rename,"
                  + " unlink, rmdir, mkdir, mkdtemp (256 paths)",
              CHANGES,
              Set.of("batch-256")),
          new WorkKind(
              "content-4k",
              "reads and writes of 4 KiB: readFile, writeFile, appendFile, copyFile",
              CONTENT,
              Set.of("single", "batch-256")),
          new WorkKind(
              "content-8m", "reads and writes of 8 MiB", CONTENT, Set.of("8MiB", "preserve-8MiB")),
          new WorkKind(
              "lines-4k",
              "a small text file's lines, all of them (4 KiB): lines",
              Set.of("lines"),
              Set.of("single", "batch-256")),
          new WorkKind(
              "lines-16m",
              "100 lines of a 16 MiB text, at its head and from its middle: lines",
              Set.of("lines"),
              Set.of("16MiB")),
          tree("readdir", "tree-4", "7 entries"),
          tree("readdir", "tree-1000", "1,081 entries"),
          tree("glob", "tree-4", "7 entries"),
          tree("glob", "tree-1000", "1,081 entries"),
          tree("scan", "tree-4", "7 entries"),
          tree("scan", "tree-1000", "1,081 entries"),
          tree("cp", "tree-4", "7 entries"),
          tree("cp", "tree-1000", "1,081 entries"),
          tree("rm", "tree-4", "7 entries"),
          tree("rm", "tree-1000", "1,081 entries"));

  private static WorkKind tree(String family, String scenario, String size) {
    return new WorkKind(
        family + "-" + scenario,
        family + " of a tree, " + scenario + " (" + size + ")",
        Set.of(family),
        Set.of(scenario));
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    java.util.Set<String> all = new java.util.HashSet<>(a);
    all.addAll(b);
    return Set.copyOf(all);
  }

  /** Whether {@code c} (of any mode) is work of this kind. */
  boolean holds(CaseRecord c) {
    return families.contains(c.family()) && scenarios.contains(c.scenario());
  }
}
