package dev.fsbench.jnrposix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@link ProbeChild} in a JVM of this one's JDK and class path, with extra flags. */
final class ChildJvm {
  private ChildJvm() {}

  record Run(int exit, String stdout, String stderr) {}

  static Run probe(Path scratch, List<String> flags) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(flags);
    command.addAll(List.of("-cp", System.getProperty("java.class.path")));
    command.add(ProbeChild.class.getName());
    Path out = scratch.resolve("stdout.txt");
    Path err = scratch.resolve("stderr.txt");
    Process child =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!child.waitFor(120, TimeUnit.SECONDS)) {
      child.destroyForcibly().waitFor();
      throw new AssertionError("the child JVM did not end within 120 s: " + command);
    }
    return new Run(
        child.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
