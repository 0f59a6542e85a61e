package dev.fsbench.harness.cli;

import dev.fsbench.harness.results.EnvironmentProbe;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code fsbench} command line: {@code run}, {@code report}, {@code compare}, {@code backends},
 * {@code contract}.
 *
 * <pre>
 * fsbench run --quick                               # smoke run of every family, writes results/&lt;date&gt;-&lt;os&gt;-&lt;arch&gt;/
 * fsbench run --families readFile,stat --backends nio,native --root /dev/shm --label tmpfs
 * fsbench report results/2026-11-30-linux-amd64     # re-renders REPORT.md from run.json
 * fsbench compare results/before results/after      # cell by cell, changes beyond noise flagged
 * fsbench backends                                  # what is on the class path, and why not
 * fsbench contract                                  # every workload once per backend, verified
 * fsbench clean --root /dev/shm                     # removes sandboxes that killed runs left
 * fsbench jmh ReadFileBenchmark -p backend=nio      # plain JMH on the same jar
 * </pre>
 *
 * Exit codes: 0 success, 1 a failed cell or contract check, 2 bad usage or input, 3 an I/O failure
 * of the run's own files (the results folder full: the message names the file and the reason), 130
 * interrupted (Ctrl-C, SIGINT), 143 terminated (SIGTERM); {@code run --help} lists them.
 */
@Command(
    name = "fsbench",
    mixinStandardHelpOptions = true,
    versionProvider = Fsbench.Version.class,
    description =
        "JMH-centric benchmarks of filesystem backends on the JVM: nio, commons-io, native.",
    subcommands = {
      RunCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      BackendsCommand.class,
      ContractCommand.class,
      CleanCommand.class,
      JmhCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Fsbench implements Runnable {
  static final int FAILED = 1;
  static final int USAGE = 2;
  static final int HARNESS_FAULT = 3;
  static final int INTERRUPTED = 130;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(
        execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with these streams and returns the exit code (what tests call). */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(new Fsbench());
    // JMH's options (-f, -p, -wi, -h) belong to JMH: picocli must pass them on, not parse them.
    cli.getSubcommands().get("jmh").setUnmatchedOptionsArePositionalParams(true);
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          // Bad input found while running (a run.json that is not one, an unreadable root): a
          // message, not a trace.
          boolean badInput = e instanceof IllegalArgumentException || e instanceof IOException;
          commandLine
              .getErr()
              .println("fsbench: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
          if (!badInput) {
            e.printStackTrace(
                commandLine.getErr()); // a defect of ours: the trace is what a bug report needs
          }
          return badInput ? USAGE : FAILED;
        });
    return cli.execute(args);
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(),
        "a command is needed: run, report, compare, backends, contract, clean or jmh");
  }

  /** The version from the jar's build. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        "fsbench " + EnvironmentProbe.dependencies().getOrDefault("fsbench", "unknown")
      };
    }
  }
}
