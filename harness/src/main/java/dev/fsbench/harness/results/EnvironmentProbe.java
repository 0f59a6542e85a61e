package dev.fsbench.harness.results;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Reads the facts of {@link Environment} from this machine. Every probe is best effort and says
 * "unknown" with {@code null} rather than failing a run: a missing /proc/cpuinfo must not cost an
 * hour of measurements.
 */
public final class EnvironmentProbe {
  private static final String VERSIONS_RESOURCE = "versions.properties";

  private EnvironmentProbe() {}

  public static Environment.Jdk jdk() {
    return new Environment.Jdk(
        System.getProperty("java.vendor"),
        System.getProperty("java.version"),
        System.getProperty("java.vm.name"),
        System.getProperty("java.vm.version"));
  }

  /**
   * The JVM that {@code java} (an executable) is, from its own {@code -XshowSettings:properties}:
   * what the forks run when {@code run --jvm} names another JDK than the runner's. An executable
   * that does not answer is an {@link IOException} naming it.
   */
  public static Environment.Jdk jdk(String executable) throws IOException {
    Process p =
        new ProcessBuilder(executable, "-XshowSettings:properties", "-version")
            .redirectErrorStream(true)
            .start();
    String text;
    try (var in = p.getInputStream()) {
      text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    try {
      if (!p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new IOException(executable + " -version did not succeed: " + text.strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while asking " + executable + " for its version", e);
    }
    java.util.Map<String, String> props = new java.util.HashMap<>();
    for (String line : text.split("\n")) {
      int eq = line.indexOf(" = ");
      if (eq > 0) {
        props.putIfAbsent(line.substring(0, eq).strip(), line.substring(eq + 3).strip());
      }
    }
    if (!props.containsKey("java.version")) {
      throw new IOException(
          executable + " printed no java.version: is it a java executable? " + text.strip());
    }
    return new Environment.Jdk(
        props.get("java.vendor"),
        props.get("java.version"),
        props.get("java.vm.name"),
        props.get("java.vm.version"));
  }

  public static Environment.Os os() {
    return new Environment.Os(
        System.getProperty("os.name"),
        System.getProperty("os.arch"),
        System.getProperty("os.version"),
        osReleaseField(Path.of("/etc/os-release"), "PRETTY_NAME").orElse(null));
  }

  public static Environment.Cpu cpu() {
    return new Environment.Cpu(
        cpuModel(Path.of("/proc/cpuinfo")).orElse(null),
        Runtime.getRuntime().availableProcessors());
  }

  /** Total physical memory, or {@code null} on a JVM without the com.sun.management extension. */
  public static Long memoryBytes() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      return ((com.sun.management.OperatingSystemMXBean) os).getTotalMemorySize();
    }
    return null;
  }

  /** The library versions baked into the jar at build time (Maven resource filtering). */
  public static Map<String, String> dependencies() {
    Properties versions = new Properties();
    try (InputStream in = EnvironmentProbe.class.getResourceAsStream(VERSIONS_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            VERSIONS_RESOURCE + " is missing from the jar: rebuild with ./mvnw package");
      }
      versions.load(in);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + VERSIONS_RESOURCE, e);
    }
    Map<String, String> sorted = new TreeMap<>();
    versions.forEach((k, v) -> sorted.put((String) k, (String) v));
    return sorted;
  }

  /** The fstype of the store holding {@code dir} ({@code tmpfs}, {@code ext4}), or {@code null}. */
  public static String fileSystemType(Path dir) {
    try {
      return Files.getFileStore(dir).type();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The commit and dirty flag of the git work tree containing {@code dir}. The {@code results/}
   * folder is left out of the dirty check: the run itself writes there.
   */
  public static Environment.Git git(Path dir) {
    Optional<String> top = runGit(dir, "rev-parse", "--show-toplevel");
    if (top.isEmpty()) {
      return new Environment.Git(
          null, null, "not in a git work tree (or git is not installed): " + dir);
    }
    Path root = Path.of(top.get().strip());
    Optional<String> commit = runGit(root, "rev-parse", "HEAD");
    Optional<String> status = runGit(root, "status", "--porcelain", "--", ".", ":(exclude)results");
    return new Environment.Git(
        commit.map(String::strip).orElse(null),
        status.map(s -> !s.isBlank()).orElse(null),
        commit.isPresent() && status.isPresent()
            ? null
            : "git rev-parse or git status failed in " + root);
  }

  static Optional<String> cpuModel(Path cpuinfo) {
    try {
      for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).strip().equals("model name")) {
          return Optional.of(line.substring(colon + 1).strip());
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall through: unknown
    }
    return Optional.empty();
  }

  static Optional<String> osReleaseField(Path osRelease, String field) {
    try {
      for (String line : Files.readAllLines(osRelease, StandardCharsets.UTF_8)) {
        if (line.startsWith(field + "=")) {
          String value = line.substring(field.length() + 1).strip();
          if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
          }
          return Optional.of(value);
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall through: unknown
    }
    return Optional.empty();
  }

  /**
   * Runs a read-only git command. {@code --no-optional-locks} keeps {@code git status} from
   * refreshing the index: a run must not write into the user's repository, and a git stopped while
   * it holds {@code index.lock} (by the timeout below, or by a file-size limit the run was started
   * under) would leave the lock behind and break the user's next commit.
   */
  private static Optional<String> runGit(Path dir, String... args) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.add("--no-optional-locks");
    command.add("-C");
    command.add(dir.toString());
    command.addAll(List.of(args));
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(false)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      byte[] out = process.getInputStream().readAllBytes();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return Optional.empty();
      }
      return process.exitValue() == 0
          ? Optional.of(new String(out, StandardCharsets.UTF_8))
          : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
