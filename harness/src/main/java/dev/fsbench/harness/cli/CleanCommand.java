package dev.fsbench.harness.cli;

import dev.fsbench.harness.run.StaleSandboxes;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fsbench clean}: removes the sandboxes that killed runs left behind. */
@Command(
    name = "clean",
    mixinStandardHelpOptions = true,
    description = {
      "Removes stale sandboxes from a --root: directories fsbench-* whose marker names an fsbench run"
          + " process that is gone (killed with -9, a power loss), and that run's scratch files in"
          + " its results folder. Nothing else is touched: not a directory without the marker, not"
          + " one whose run still runs, not a link. The results themselves stay as the run left"
          + " them (marked running).",
      "`fsbench run` names stale sandboxes when it starts, and leaves them in place."
    })
final class CleanCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--root",
      paramLabel = "DIR",
      description = "The --root the runs used (default: the system temp dir).")
  Path root;

  @Option(names = "--dry-run", description = "List the stale sandboxes, remove nothing.")
  boolean dryRun;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    Path dir = root != null ? root : Path.of(System.getProperty("java.io.tmpdir"));
    List<StaleSandboxes.Stale> stale = StaleSandboxes.find(dir);
    if (stale.isEmpty()) {
      out.println("fsbench: no stale sandboxes in " + dir.toAbsolutePath());
    }
    for (StaleSandboxes.Stale s : stale) {
      if (dryRun) {
        out.println("stale: " + s.describe());
      } else if (StaleSandboxes.remove(s)) {
        out.println("removed: " + s.describe());
      } else {
        out.println("kept (no longer stale): " + s.dir());
      }
    }
    out.flush();
    return 0;
  }
}
