package dev.fsbench.harness.cli;

import dev.fsbench.harness.run.ContractCheck;
import dev.fsbench.harness.run.RoutesSetting;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code fsbench contract}: every workload once per backend, verified, on the real filesystem. */
@Command(
    name = "contract",
    mixinStandardHelpOptions = true,
    description = {
      "Runs every workload of the matrix once per backend, outside JMH, with the benchmarks' own verification:",
      "the peer contract on the real filesystem. Exit 1 if any cell fails; every cell runs regardless."
    })
final class ContractCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin Filters filters;

  @Option(
      names = "--root",
      paramLabel = "DIR",
      description = "Where the sandbox is created (default: the system temp dir).")
  Path root;

  @Override
  public Integer call() throws IOException {
    CommandLine cli = spec.commandLine();
    PrintStream stdout =
        new PrintStream(new WriterOutputStream(cli.getOut()), true, StandardCharsets.UTF_8);
    ContractCheck.Result result;
    Path sandboxRoot = root != null ? root : Path.of(System.getProperty("java.io.tmpdir"));
    // routed compares its routes' filesystem with the one the workloads run on
    try (TemporaryProperty dir =
        TemporaryProperty.set(RoutesSetting.DIRECTORY, sandboxRoot.toString())) {
      result =
          ContractCheck.execute(
              filters.backends,
              filters.familySet(),
              filters.caseSet(),
              filters.modeSet(),
              filters.large,
              sandboxRoot,
              stdout);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cli, e.getMessage());
    }
    return result.ok() ? 0 : Fsbench.FAILED;
  }
}
