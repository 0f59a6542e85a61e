package dev.fsbench.hostile;

import dev.fsbench.hostile.CaseResult.Verdict;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Defects the suite found in backend code, which other work fixes (backend code is not this
 * module's to change): a listed case that fails with the listed verdict is reported as aborted with
 * the reason, visible in every run and in {@code hostile-report.md}, not as a failure; one that
 * passes simply passes, and any other verdict (a hang, a crash, an effect outside the case where a
 * wrong answer was listed) still fails. Keys are {@code backend case} with {@code *} matching
 * within a case id; the verdict is MISMATCH unless the entry says otherwise. Remove an entry once
 * its fix is merged.
 */
final class KnownDefects {
  private KnownDefects() {}

  private record Entry(Pattern key, Verdict verdict, String reason) {}

  private static final Map<String, Entry> ENTRIES = new LinkedHashMap<>();

  private static void add(String key, Verdict verdict, String reason) {
    String regex = Pattern.quote(key).replace("*", "\\E[^ ]*\\Q");
    ENTRIES.put(key, new Entry(Pattern.compile(regex), verdict, reason));
  }

  private static void add(String key, String reason) {
    add(key, Verdict.MISMATCH, reason);
  }

  static {
    // ---- nio
    add(
        "nio dev-zero/read-file",
        "readFile of /dev/zero exhausts a 1 GiB heap (OutOfMemoryError): BoundedRead grows one"
            + " array towards 2 GiB before it refuses");
    add(
        "nio fifo/utimes",
        Verdict.HANG,
        "utimes of a FIFO blocks forever: the JDK's setTimes opens the file for reading before"
            + " futimens, and that open waits for a writer");
    add(
        "nio wx-dir/cp-to",
        "cp into an existing directory gives it the source's permission bits (TreeCopy sets them"
            + " on merged directories too; cp -r leaves an existing directory's mode)");
    // ---- commons-io
    add(
        "commons-io *dot/rename-from",
        "rename of '.' or dir/. moves the directory's contents to the target and then fails:"
            + " FileUtils.moveDirectory copies and deletes when rename(2) refuses");
    add(
        "commons-io empty/*",
        "the empty path is a java.io.File that does not exist for Commons IO: NoSuchFile or"
            + " FileAlreadyExists where NIO reports what rename(2) and open(2) say");
    for (String input : new String[] {"long-path", "name-256", "loop-parent", "locked-child"}) {
      add(
          "commons-io " + input + "/*",
          "java.io.File reports a path it cannot resolve (ENAMETOOLONG, ELOOP, EACCES) as"
              + " missing: NoSuchFile or FileAlreadyExists where NIO names the cause; or it names"
              + " the target where NIO names the source");
    }
    for (String input : new String[] {"fifo", "socket", "dev-null", "dev-zero"}) {
      add(
          "commons-io " + input + "/*",
          "FileUtils.copyFile and moveFile refuse anything but a regular file ('is not a file',"
              + " 'Not a regular file or directory') where NIO copies or renames it");
    }
    add(
        "commons-io fifo/utimes",
        Verdict.HANG,
        "utimes is NIO's (no Commons IO call): the JDK's setTimes opens the FIFO and waits");
    add(
        "commons-io locked-dir/rename-from",
        "rename(2) refuses (EACCES), moveDirectory falls back to copying, and its listing fails:"
            + " FileSystemException 'Unknown I/O error' instead of AccessDeniedException");
    add(
        "commons-io locked-dir/cp-to",
        "cp into a directory it may not enter: FileAlreadyExistsException instead of"
            + " AccessDeniedException");
    add(
        "commons-io wx-dir/cp-to",
        "cp into an existing directory gives it the source's permission bits, as nio's cp");
    // ---- native
    add(
        "native empty/rm*",
        "the empty path is passed to the library as '.', and the error names '.', not the path"
            + " given");
    for (String input : new String[] {"loop", "loop-parent"}) {
      add(
          "native " + input + "/scan*",
          "a symlink loop on the way to a scan's root: FileSystemLoopException where NIO reports"
              + " ELOOP as FileSystemException");
    }
    for (String input : new String[] {"locked-dir", "wx-dir"}) {
      add(
          "native " + input + "/copy-file-from",
          "copyFile of a directory it may not read: AccessDeniedException (it opens the source"
              + " first) where NIO says 'Is a directory'");
    }
    add(
        "native wx-dir/cp-to",
        "cp into an existing directory it may write but not list (-wx): AccessDeniedException,"
            + " since it opens the target to merge into it; NIO creates the entries by path");
  }

  /** The reason {@code backend} is known to fail the case this way, or null. */
  static String reason(String backend, String caseId, String mode, Verdict verdict) {
    String key = backend + " " + caseId;
    for (Entry e : ENTRIES.values()) {
      if (e.verdict() == verdict && e.key().matcher(key).matches()) {
        return e.reason();
      }
    }
    return null;
  }
}
