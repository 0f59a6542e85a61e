package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A class-data-sharing archive of the fork's classes, made once per run, so that each of several hundred forks starts
 * in about half the time: measured here, 0.26 s instead of 0.52 s per fork, most of which was loading and verifying
 * JMH's and fsbench's classes from the jar.
 *
 * <p>It changes how classes get into a fork, not what the fork runs: the measured code is the same, and class loading
 * happens before the first warmup is over. A training fork (one untimed iteration of the first cell, its samples
 * discarded) dumps the archive at exit ({@code -XX:ArchiveClassesAtExit}), so that every measured fork, the first
 * included, starts the same way. If the JVM cannot make the archive, the forks start without it and say so.
 */
final class ClassDataArchive {
  private ClassDataArchive() {}

  /**
   * Trains and returns the fork flags that use the archive, or an empty list (with a note on {@code err}) when it
   * could not be made.
   */
  static List<String> prepare(CellPlan firstCell, Path work, Path scratch, java.io.PrintStream err) {
    Path archive = scratch.resolve("fork-classes.jsa");
    JmhCell training = new JmhCell(0, 1, 1, work, scratch, List.of("-XX:ArchiveClassesAtExit=" + archive));
    try {
      training.run(firstCell, "cds-training");
    } catch (JmhCell.CellFailure | IOException | RuntimeException e) {
      // The cell itself will fail again, measured and reported; the archive may exist regardless.
    }
    if (!Files.isRegularFile(archive)) {
      err.println("note: no class-data archive could be made (" + training.logTail("cds-training", 3).replace('\n', ' ')
          + "); forks start without it, about 0.3 s slower each");
      return List.of();
    }
    return List.of("-XX:SharedArchiveFile=" + archive);
  }
}
