package dev.fsbench.harness.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code fsbench jmh ARGS}: plain JMH over the same jar, every argument handed to {@code
 * org.openjdk.jmh.Main} untouched ({@code fsbench jmh FamilyBenchmark -p family=readFile -p
 * workload=batch-256 -f 1}, {@code fsbench jmh -l}, {@code fsbench jmh -h}); {@code java -jar
 * harness/target/benchmarks.jar ARGS} is the same without the launcher. Such forks get no {@code
 * fsbench.sandbox} (each makes and removes its own temporary directory) and no {@code
 * fsbench.samples}: JMH's own output is the whole result. Their JVM flags are the benchmarks'
 * {@code @Fork(jvmArgsAppend)}, as {@code run}'s forks have them, and the jars of {@code fsbench
 * --classpath} are on their class path.
 */
@Command(
    name = "jmh",
    description = {
      "Runs plain JMH on this jar: every argument goes to org.openjdk.jmh.Main (try: fsbench jmh -h, fsbench jmh -l);"
          + " java -jar harness/target/benchmarks.jar is the same without the launcher.",
      "The forks get the benchmarks' own flags (@Fork: the fixed heap of fsbench run's forks) and the jars of"
          + " --classpath. No run.json, no sandbox of ours, no verification summary: JMH's own output is the result."
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
