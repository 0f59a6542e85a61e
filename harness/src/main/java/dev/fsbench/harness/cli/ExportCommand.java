package dev.fsbench.harness.cli;

import dev.fsbench.harness.results.CsvExport;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fsbench export --csv RUN}: run.json as two CSV files, samples and cells.
 *
 * <pre>
 * fsbench export --csv results/2026-12-01-linux-amd64-tmpfs --out /tmp/baseline
 *   # /tmp/baseline-samples.csv and /tmp/baseline-cells.csv
 * </pre>
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a run.json as two CSV files: PREFIX-samples.csv, one row per sample (run, family, case, mode,"
          + " backend, fork, iteration, warmup, whether the first-use and steady regimes use it, wall, CPU,"
          + " allocation, GC and JIT figures), and PREFIX-cells.csv, one row per cell and regime (statistics,"
          + " the interval and ratio against nio, the verdict, and the median of each --prof metric).",
      "Existing files are kept unless --force."
    })
final class ExportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "A results folder or its run.json.")
  Path run;

  @Option(
      names = "--csv",
      required = true,
      description = "CSV (RFC 4180, a header row, UTF-8), the only format so far.")
  boolean csv;

  @Option(
      names = "--out",
      paramLabel = "PREFIX",
      description =
          "Where to write: PREFIX-samples.csv and PREFIX-cells.csv (default: the run folder's name, in the"
              + " working directory).")
  Path out;

  @Option(names = "--force", description = "Replace the files if they exist.")
  boolean force;

  @Override
  public Integer call() throws IOException {
    RunRecord record = RunJson.read(run);
    Path folder = Files.isDirectory(run) ? run : run.toAbsolutePath().getParent();
    String name = folder.toAbsolutePath().normalize().getFileName().toString();
    Path prefix = out != null ? out : Path.of(name);
    Path samples = sibling(prefix, "-samples.csv");
    Path cells = sibling(prefix, "-cells.csv");
    if (!force) {
      for (Path file : List.of(samples, cells)) {
        if (Files.exists(file)) {
          throw new FileAlreadyExistsException(
              file.toString(), null, "exists; choose another --out or add --force");
        }
      }
    }
    CsvExport.Counts counts = CsvExport.write(record, name, samples, cells);
    spec.commandLine().getOut().println("wrote " + samples + " (" + counts.samples() + " samples)");
    spec.commandLine()
        .getOut()
        .println("wrote " + cells + " (" + counts.cells() + " rows: cells x 2 regimes)");
    return 0;
  }

  private static Path sibling(Path prefix, String suffix) {
    return prefix.resolveSibling(prefix.getFileName() + suffix);
  }
}
