package dev.fsbench.hostile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a child JVM on this JVM's class path and watches it: a hard deadline (the child and
 * anything it started are killed when it passes), its exit code, and the {@code hs_err} file the
 * JVM writes when it crashes.
 *
 * <p>The child runs with a 1 GiB heap (so that exhausting memory shows as exhausting it, not as the
 * machine's swap), a file-size limit of {@link #FILE_SIZE_LIMIT} ({@code prlimit --fsize}: an
 * endless copy ends with EFBIG instead of filling tmpfs; HotSpot ignores SIGXFSZ, so the write
 * fails and nothing is killed), no core dumps, and {@code LC_ALL=C.UTF-8} (NIO's names are then
 * UTF-8 whatever the caller's locale). As root and asked to, it runs without any capability ({@code
 * setpriv}), so that permission bits bind it as they bind any user.
 */
final class ChildJvm {
  private ChildJvm() {}

  static final long FILE_SIZE_LIMIT = 256L << 20;

  /** What a child did. */
  record Run(
      List<String> command,
      int exit,
      boolean killed,
      long millis,
      List<String> lines,
      String stderr,
      List<Path> crashFiles) {

    /** Whether it ended by itself, with exit 0, and wrote no crash file. */
    boolean clean() {
      return !killed && exit == 0 && crashFiles.isEmpty();
    }

    String describe() {
      if (killed) {
        return "killed at its outer deadline after " + millis + " ms";
      }
      String how =
          exit == 134
              ? " (SIGABRT: a JVM abort)"
              : exit == 139 ? " (SIGSEGV)" : exit > 128 ? " (signal " + (exit - 128) + ")" : "";
      return "exit " + exit + how + (crashFiles.isEmpty() ? "" : ", crash files " + crashFiles);
    }

    /** The last lines of its stderr, for a failure message. */
    String stderrTail() {
      String[] all = stderr.split("\n");
      int from = Math.max(0, all.length - 30);
      return String.join("\n", java.util.Arrays.asList(all).subList(from, all.length));
    }
  }

  /** Whether this process is root, for whom permission bits do not bind. */
  static boolean superuser() {
    try {
      return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  /** Null when a child can run without capabilities here, else why not. */
  static String withoutCapabilitiesUnavailable() {
    if (!superuser()) {
      return null; // permission bits already bind
    }
    return Files.isExecutable(Path.of("/usr/bin/setpriv"))
        ? null
        : "this process is root and /usr/bin/setpriv (util-linux) is missing: permission bits"
            + " would not bind a child";
  }

  /**
   * Runs {@code mainClass} with {@code args} in {@code workingDirectory}; the child writes its
   * results to {@code results}, which is read back whatever happened.
   */
  static Run run(
      Class<?> mainClass,
      List<String> args,
      Path workingDirectory,
      Path results,
      Path crashDir,
      int outerDeadlineSeconds,
      boolean withoutCapabilities)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    if (withoutCapabilities && superuser()) {
      command.addAll(
          List.of(
              "/usr/bin/setpriv",
              "--inh-caps=-all",
              "--ambient-caps=-all",
              "--bounding-set=-all",
              "--no-new-privs"));
    }
    command.addAll(List.of("prlimit", "--fsize=" + FILE_SIZE_LIMIT, "--core=0", "--"));
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-Xmx1g",
            "-Xss1m",
            // as the test JVM has it (root POM): native stubs load without a warning
            "--enable-native-access=ALL-UNNAMED",
            "-XX:ErrorFile=" + crashDir.resolve("hs_err_pid%p.log"),
            "-XX:-CreateCoredumpOnCrash",
            "-cp",
            System.getProperty("java.class.path")));
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("jna.")
          || name.startsWith("fsbench.")
          || name.equals("java.library.path")) {
        command.add("-D" + name + "=" + System.getProperty(name));
      }
    }
    command.add(mainClass.getName());
    command.addAll(args);
    Path stderr = crashDir.resolve("stderr.txt");
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(workingDirectory.toFile())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(stderr.toFile());
    pb.environment().put("LC_ALL", "C.UTF-8");
    long t0 = System.nanoTime();
    Process child = pb.start();
    boolean killed = false;
    if (!child.waitFor(outerDeadlineSeconds, TimeUnit.SECONDS)) {
      killed = true;
      child.descendants().forEach(ProcessHandle::destroyForcibly);
      child.destroyForcibly();
      child.waitFor(30, TimeUnit.SECONDS);
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    List<String> lines =
        Files.exists(results) ? Files.readAllLines(results, StandardCharsets.UTF_8) : List.of();
    List<Path> crashFiles = new ArrayList<>();
    for (Path dir : List.of(crashDir, workingDirectory)) {
      if (!Files.isDirectory(dir)) {
        continue; // a call under test removed the working directory: the case reports it
      }
      try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "{hs_err,replay}_pid*.log")) {
        s.forEach(crashFiles::add);
      }
    }
    return new Run(
        command,
        child.isAlive() ? -1 : child.exitValue(),
        killed,
        millis,
        lines,
        Files.readString(stderr, StandardCharsets.UTF_8),
        crashFiles);
  }
}
