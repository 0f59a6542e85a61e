package dev.fsbench.hostile;

import dev.fsbench.spi.Backends;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The child JVM of the hostile suite: {@code HostileChild <backend> <group> <group dir> <results
 * file>}, started by {@link ChildJvm} with its working directory at {@code <group dir>/cwd/work}.
 * Runs every case of the group ({@link CaseRunner}) and appends one line per event to the results
 * file, flushed at once, so that what it reported before a crash survives it: {@code start}, {@code
 * begin <case> <mode>} before each call, a {@link CaseResult} after it, {@code end} when done.
 * Exits 0 whatever the cases did (a case thread still stuck in a call does not keep it).
 */
public final class HostileChild {
  private HostileChild() {}

  /**
   * The line and exit code of a child that ends early because a call removed its working directory:
   * the parent starts another after that case.
   */
  static final String RESTART = "restart";

  static final int RESTART_EXIT = 3;

  /** The CPU time this JVM used, every thread: {@code cpu <ms>}. */
  static String cpuLine() {
    return "cpu\t"
        + ProcessHandle.current().info().totalCpuDuration().map(d -> d.toMillis()).orElse(-1L);
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 4 && args.length != 5) {
      System.err.println(
          "usage: HostileChild <backend> <group> <group dir> <results file> [<case> <mode> to"
              + " resume after]");
      System.exit(2);
    }
    String backend = args[0];
    Group group = Group.valueOf(args[1]);
    Path root = Path.of(args[2]);
    Templates.at(root);
    try (PrintStream out =
        new PrintStream(new FileOutputStream(args[3], true), true, StandardCharsets.UTF_8)) {
      out.println("start\t" + backend + "\t" + group + "\t" + ProcessHandle.current().pid());
      Optional<Backends.Entry> entry =
          Backends.list().stream().filter(e -> e.id().equals(backend)).findFirst();
      if (entry.isEmpty() || !entry.get().availability().isAvailable()) {
        out.println(
            "unavailable\t" + entry.map(e -> e.availability().reason()).orElse("no such backend"));
        out.flush();
        System.exit(0);
      }
      CaseRunner runner =
          new CaseRunner(
              backend, root, root.resolve("cwd"), out::println, args.length == 5 ? args[4] : null);
      try {
        for (Input input : group.inputs()) {
          runner.run(input);
        }
      } catch (CaseRunner.WorkingDirectoryRemoved e) {
        out.println(cpuLine());
        out.println(RESTART + "\t" + e.key);
        out.flush();
        System.exit(RESTART_EXIT);
      }
      out.println(cpuLine());
      out.println("end");
    }
    System.exit(0);
  }
}
