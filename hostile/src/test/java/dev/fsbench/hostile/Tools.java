package dev.fsbench.hostile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the tools nobody here wrote ({@code find}, {@code realpath}, {@code /usr/bin/python3},
 * {@code mkfifo}, {@code rm}), with a deadline, and returns what they printed.
 */
final class Tools {
  private Tools() {}

  /** Debian's Python, not whatever a version manager puts first on the PATH. */
  static final String PYTHON = "/usr/bin/python3";

  /** What a finished command gave. */
  record Result(int exit, byte[] stdout, String stderr) {
    String out() {
      return new String(stdout, StandardCharsets.UTF_8);
    }
  }

  /** Runs {@code command} with {@code stdin} as its input; fails if it outlives {@code seconds}. */
  static Result run(List<String> command, byte[] stdin, long seconds)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("fsbench-hostile-tool-", ".out");
    Path err = Files.createTempFile("fsbench-hostile-tool-", ".err");
    try {
      ProcessBuilder pb =
          new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
      pb.environment().put("LC_ALL", "C.UTF-8");
      Process p = pb.start();
      try (var in = p.getOutputStream()) {
        if (stdin != null) {
          in.write(stdin);
        }
      }
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError(command + " did not finish within " + seconds + " s");
      }
      return new Result(
          p.exitValue(), Files.readAllBytes(out), Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** Runs {@code command} and requires exit 0. */
  static Result check(String... command) throws IOException, InterruptedException {
    Result r = run(List.of(command), null, 120);
    if (r.exit() != 0) {
      throw new IOException(String.join(" ", command) + " exited " + r.exit() + ": " + r.stderr());
    }
    return r;
  }

  /**
   * Removes {@code dir} whatever it holds: any depth (GNU {@code rm} walks by directory handles),
   * FIFOs, and directories without permissions (made accessible and removed again when the first
   * try fails; {@code chmod -R} never follows a link it meets).
   */
  static void removeTree(Path dir) throws IOException, InterruptedException {
    if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (run(List.of("rm", "-rf", "--", dir.toString()), null, 300).exit() == 0) {
      return;
    }
    run(List.of("chmod", "-R", "u+rwx", "--", dir.toString()), null, 300);
    check("rm", "-rf", "--", dir.toString());
  }
}
