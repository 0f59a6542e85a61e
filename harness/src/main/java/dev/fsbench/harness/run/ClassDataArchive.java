package dev.fsbench.harness.run;

import dev.fsbench.harness.model.CellPlan;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A class-data-sharing archive of the fork's classes, made once per run, so that each of several
 * hundred forks starts in about half the time: measured here, 0.26 s instead of 0.52 s per fork,
 * most of which was loading and verifying JMH's and fsbench's classes from the jar.
 *
 * <p>It changes how classes get into a fork, not what the fork runs: the measured code is the same,
 * and class loading happens before the first warmup is over. A training fork (one untimed iteration
 * of the first cell, its samples discarded) dumps the archive at exit ({@code
 * -XX:ArchiveClassesAtExit}), so that every measured fork, the first included, starts the same way.
 * If the JVM cannot make the archive, the forks start without it and say so.
 */
final class ClassDataArchive {
  private ClassDataArchive() {}

  /**
   * Trains and returns the fork flags that use the archive, or an empty list (with a note on {@code
   * err}) when it could not be made. The training fork gets {@code forkArgs} too (the prepared
   * trees), so that it runs its cell as the measured forks will.
   */
  static List<String> prepare(
      CellPlan firstCell,
      Path work,
      Path scratch,
      String jvm,
      List<String> forkArgs,
      PrintStream err) {
    Optional<String> directory =
        Arrays.stream(System.getProperty("java.class.path", "").split(File.pathSeparator))
            .filter(entry -> !entry.isEmpty() && Files.isDirectory(Path.of(entry)))
            .findFirst();
    if (directory.isPresent()) {
      // The JVM archives classes from jars only (a build's target/classes, as under Maven's test
      // runner, is refused).
      err.println(
          "note: the class path has a directory ("
              + directory.get()
              + "), not only jars: forks start without a"
              + " class-data archive, about 0.3 s slower each");
      return List.of();
    }
    Path archive = scratch.resolve("fork-classes.jsa");
    List<String> trainingArgs = new ArrayList<>(forkArgs);
    trainingArgs.add("-XX:ArchiveClassesAtExit=" + archive);
    JmhCell training = new JmhCell(0, work, scratch, trainingArgs, jvm, List.of(), err);
    try {
      training.run(firstCell, "cds-training", 1, 0);
    } catch (JmhCell.CellFailure | IOException | RuntimeException e) {
      // The cell itself will fail again, measured and reported; the archive may exist regardless.
    }
    if (!Files.isRegularFile(archive)) {
      String why =
          training
              .logTail("cds-training", 40)
              .lines()
              .filter(l -> l.contains("[cds]") || l.contains("Error"))
              .distinct()
              .collect(Collectors.joining("; "));
      err.println(
          "note: no class-data archive could be made ("
              + (why.isEmpty() ? "see the JVM's output" : why)
              + "); forks start without it, about 0.3 s slower each");
      return List.of();
    }
    return List.of("-XX:SharedArchiveFile=" + archive);
  }
}
