package dev.fsbench.harness.cli;

import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.EnvironmentProbe;
import dev.fsbench.harness.run.RoutesSetting;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code fsbench} command line: {@code run}, {@code report}, {@code compare}, {@code
 * recommend}, {@code export}, {@code backends}, {@code contract}, {@code jmh}.
 *
 * <pre>
 * fsbench run --quick                               # smoke run of every family, writes results/&lt;date&gt;-&lt;os&gt;-&lt;arch&gt;/
 * fsbench run --families readFile,stat --backends nio,native --root /dev/shm --label tmpfs
 * fsbench report results/2026-11-30-linux-amd64     # re-renders REPORT.md from run.json
 * fsbench compare results/before results/after      # cell by cell, changes beyond noise flagged
 * fsbench recommend results/RUN --out routes.json    # a backend per family, the routes routed reads
 * fsbench backends                                  # what is on the class path, and why not
 * fsbench contract                                  # every workload once per backend, verified
 * fsbench clean --root /dev/shm                     # removes sandboxes that killed runs left
 * fsbench jmh FamilyBenchmark -p family=exists       # plain JMH on the same jar
 * fsbench export --csv results/2026-11-30-linux-amd64 # samples and cells as CSV
 * fsbench --classpath mine.jar run --backends nio,mine --target mine   # a backend from outside the build
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
    description = {
      "JMH-centric benchmarks of filesystem backends on the JVM: nio, commons-io, native, and any"
          + " backend a jar on --classpath provides.",
      "Exit codes: 0 done, 1 a failed cell or check, 2 bad usage or input, 130 interrupted."
    },
    subcommands = {
      RunCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      RecommendCommand.class,
      ExportCommand.class,
      CompactCommand.class,
      DecideCommand.class,
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

  @Option(
      names = "--classpath",
      paramLabel = "JAR[:JAR...]",
      scope = CommandLine.ScopeType.INHERIT,
      description =
          "Jars of backends from outside this build, and their dependencies, for every command and"
              + " every JMH fork: a backend's jar lists its provider in"
              + " META-INF/services/dev.fsbench.spi.BackendProvider. Default: the environment variable "
              + OutsideJars.ENVIRONMENT_VARIABLE
              + ". run.json records each jar's name, size and SHA-256.")
  String classpath;

  @Option(
      names = "--routes",
      paramLabel = "FILE",
      scope = CommandLine.ScopeType.INHERIT,
      description =
          "The routes file of the routed backend (fsbench recommend RUN --out FILE writes one), for"
              + " every command and every JMH fork: without it routed is unavailable, and a run of"
              + " every available backend does not measure it. run.json records it.")
  Path routes;

  /** The jars of {@code --classpath} while a command runs, {@code null} without any. */
  private OutsideJars outsideJars;

  public static void main(String[] args) {
    System.exit(
        execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with these streams and returns the exit code (what tests call). */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    return execute(args, System.getenv(), out, err);
  }

  /**
   * As {@link #execute(String[], PrintWriter, PrintWriter)}, reading {@code FSBENCH_CLASSPATH} from
   * {@code environment}.
   */
  static int execute(
      String[] args, Map<String, String> environment, PrintWriter out, PrintWriter err) {
    Fsbench root = new Fsbench();
    CommandLine cli = new CommandLine(root);
    cli.setExecutionStrategy(
        parseResult -> root.withRoutes(() -> root.withOutsideJars(environment, parseResult, cli)));
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
        "a command is needed: run, report, compare, recommend, export, backends, contract, clean or jmh");
  }

  /** Runs {@code command} with {@code --routes} as the routed backend's setting, if given. */
  private int withRoutes(IntSupplier command) {
    if (routes == null) {
      return command.getAsInt();
    }
    try (TemporaryProperty p =
        TemporaryProperty.set(RoutesSetting.FILE, routes.toAbsolutePath().normalize().toString())) {
      return command.getAsInt();
    }
  }

  /** Runs the parsed command with the outside jars in place, if any are given. */
  private int withOutsideJars(
      Map<String, String> environment, CommandLine.ParseResult parsed, CommandLine cli) {
    String jars = classpath != null ? classpath : environment.get(OutsideJars.ENVIRONMENT_VARIABLE);
    if (jars == null || jars.isBlank()) {
      return new CommandLine.RunLast().execute(parsed);
    }
    try {
      outsideJars = OutsideJars.open(jars);
    } catch (IOException | IllegalArgumentException e) {
      // Reported like bad input found while running: a message and exit 2.
      throw new CommandLine.ExecutionException(cli, e.getMessage(), e);
    }
    try {
      return new CommandLine.RunLast().execute(parsed);
    } finally {
      try {
        outsideJars.close();
      } catch (IOException e) {
        cli.getErr().println("fsbench: could not close the outside jars' class loader: " + e);
      }
      outsideJars = null;
    }
  }

  /** The outside jars of this command, as run.json records them; empty without any. */
  List<Environment.OutsideJar> outsideJars() {
    return outsideJars == null ? List.of() : outsideJars.jars();
  }

  /** The outside jar backend {@code id} comes from, if it comes from one. */
  Optional<Environment.OutsideJar> outsideJarOf(String id) {
    return outsideJars == null ? Optional.empty() : outsideJars.sourceOf(id);
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
