package dev.fsbench.harness.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code fsbench jmh ARGS}: plain JMH over the same jar, every argument handed to {@code
 * org.openjdk.jmh.Main} untouched ({@code fsbench jmh ReadFileBenchmark -p backend=nio -f 1},
 * {@code fsbench jmh -l}, {@code fsbench jmh -h}). Such forks get no {@code fsbench.sandbox} (each
 * makes and removes its own temporary directory) and no {@code fsbench.samples}: JMH's own output
 * is the whole result.
 */
@Command(
    name = "jmh",
    description = {
      "Runs plain JMH on this jar: every argument goes to org.openjdk.jmh.Main (try: fsbench jmh -h, fsbench jmh -l).",
      "No run.json, no sandbox of ours, no verification summary: JMH's own output is the result."
    })
final class JmhCommand implements Callable<Integer> {
  @Parameters(
      arity = "0..*",
      paramLabel = "JMH-ARG",
      description = "JMH's arguments, as org.openjdk.jmh.Main takes them.")
  List<String> args = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    // JMH's Main exits the JVM itself on bad arguments and failures; a normal return means the
    // benchmarks ran.
    org.openjdk.jmh.Main.main(args.toArray(String[]::new));
    return 0;
  }
}
