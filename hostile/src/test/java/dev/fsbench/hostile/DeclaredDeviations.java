package dev.fsbench.hostile;

import dev.fsbench.hostile.CaseResult.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a backend answers a hostile case otherwise than NIO for a reason that is not a defect to
 * fix: Commons IO's own behaviour, which the commons-io backend measures as it is, and what the
 * race-safe walks of nio and native cannot do. A listed case that fails with the listed verdict is
 * reported as aborted with the reason, visible in every run and in {@code hostile-report.md}; one
 * that passes simply passes, and any other verdict (a hang, a crash, an effect outside the case)
 * still fails. Each is declared where users read about the backend too
 * (backend-commonsio/README.md, backend-native/README.md, DESIGN.md's safety section,
 * docs/semantics/deviations.md).
 *
 * <pre>{@code
 * add("commons-io", List.of("fifo"), List.of("rename-from"), "FileUtils.moveFile refuses ...");
 * }</pre>
 *
 * Keys are {@code backend input/family} (a case id, both modes); the verdict is MISMATCH. A defect
 * found in backend code is fixed, not listed here.
 */
final class DeclaredDeviations {
  private DeclaredDeviations() {}

  private static final Map<String, String> REASONS = new LinkedHashMap<>();

  private static void add(String backend, List<String> inputs, List<String> families, String why) {
    for (String input : inputs) {
      for (String family : families) {
        REASONS.put(backend + " " + input + "/" + family, why);
      }
    }
  }

  static {
    // ---- the race-safe copies: nio (SecureTreeCopy) and native, native-ffm (the library's cp)
    String opensTheTarget =
        "cp into an existing directory it may write and search but not read (-wx):"
            + " AccessDeniedException, because the race-safe copy opens the target directory to"
            + " create the entries relative to it, and opening a directory needs read permission"
            + " (the JDK has no O_PATH); NIO's path walk creates the entries by path";
    add("nio", List.of("wx-dir"), List.of("cp-to"), opensTheTarget);
    add("native", List.of("wx-dir"), List.of("cp-to"), opensTheTarget);
    add("native-ffm", List.of("wx-dir"), List.of("cp-to"), opensTheTarget);
    // routed's cp is the one its routes choose: native's in the suite's routes
    add("routed", List.of("wx-dir"), List.of("cp-to"), opensTheTarget);

    // ---- guava: MoreFiles.fileTraverser, Guava's own walk
    add(
        "guava",
        List.of("deep"),
        List.of("readdir-recursive"),
        "MoreFiles.fileTraverser asks Files.isDirectory(NOFOLLOW_LINKS) of each entry, which says"
            + " false where the attributes cannot be read (a path past PATH_MAX): the entry is"
            + " taken for a file and its subtree left out without an error (backend-guava/README.md)");

    // ---- commons-io: java.io.File's view of a path
    String fileView =
        "java.io.File reports a path it cannot resolve as missing (exists() says false for"
            + " ENAMETOOLONG, ELOOP, EACCES and for the empty path): FileUtils' checks say"
            + " NoSuchFile or FileAlreadyExists where NIO names the cause; or FileUtils names the"
            + " target where NIO names the source";
    add("commons-io", List.of("empty"), List.of("copy-file-from", "rename-to"), fileView);
    add(
        "commons-io",
        List.of("long-path", "loop-parent"),
        List.of("mkdir", "copy-file-to", "rename-from", "rename-to"),
        fileView);
    add("commons-io", List.of("name-256"), List.of("rename-from", "rename-to"), fileView);
    add("commons-io", List.of("locked-child"), List.of("rename-from"), fileView);

    // ---- commons-io: FileUtils.copyFile and moveFile take regular files only
    String regularFilesOnly =
        "FileUtils.copyFile and FileUtils.moveFile refuse anything but a regular file or a"
            + " directory ('is not a file', 'Not a regular file or directory') where NIO copies"
            + " or renames it";
    add(
        "commons-io",
        List.of("fifo", "dev-null"),
        List.of("copy-file-from", "copy-file-to", "rename-from"),
        regularFilesOnly);
    add(
        "commons-io",
        List.of("socket", "dev-zero"),
        List.of("copy-file-to", "rename-from"),
        regularFilesOnly);

    // ---- ant, plexus: glob through a DirectoryScanner (docs/semantics/glob.md, "Peers"); their
    // other families are nio's, not run again under their names (ThroughNio)
    add(
        "ant",
        List.of("locked-in-tree"),
        List.of("glob"),
        "Ant's DirectoryScanner counts a directory it cannot list (File.list() says null) as a"
            + " file and goes on, where NIO's listing throws AccessDeniedException (declared"
            + " 'unreadable')");
    add(
        "plexus",
        List.of("locked-in-tree", "deep"),
        List.of("glob"),
        "Plexus's DirectoryScanner counts a directory it cannot list (File.list() says null: no"
            + " permission, or a path past PATH_MAX) as an empty one and goes on, where NIO's"
            + " listing throws (declared 'unreadable')");
    add(
        "plexus",
        List.of("loop-tree", "dev-tree"),
        List.of("glob"),
        "Plexus's DirectoryScanner keeps only what java.io.File calls a file or a directory: a"
            + " link loop, a dangling link, a link to a device is in none of its lists (declared"
            + " 'dangling')");
  }

  /** Why {@code backend} is declared to answer the case this way, or null. */
  static String reason(String backend, String caseId, String mode, Verdict verdict) {
    return verdict == Verdict.MISMATCH ? REASONS.get(backend + " " + caseId) : null;
  }
}
