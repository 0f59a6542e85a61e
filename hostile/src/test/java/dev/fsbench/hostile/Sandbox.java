package dev.fsbench.hostile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the suite's fixtures live: a new directory under {@code -Dfsbench.hostile.root}, else under
 * {@code /dev/shm} (tmpfs: 200,000 files and a 50,000-deep chain are made in seconds, and nothing
 * of a disk's latency enters a deadline), else under the system temporary directory.
 */
final class Sandbox {
  private Sandbox() {}

  static Path create(String prefix) throws IOException {
    String configured = System.getProperty("fsbench.hostile.root");
    Path base;
    if (configured != null && !configured.isBlank()) {
      base = Path.of(configured);
    } else if (Files.isDirectory(Path.of("/dev/shm")) && Files.isWritable(Path.of("/dev/shm"))) {
      base = Path.of("/dev/shm");
    } else {
      base = Path.of(System.getProperty("java.io.tmpdir"));
    }
    return Files.createTempDirectory(base, prefix).toRealPath();
  }

  /** Where the reports go: {@code target/} under Maven, else the working directory. */
  static Path reports() throws IOException {
    return Files.createDirectories(
        Path.of(System.getProperty("fsbench.hostile.reports", "target")));
  }

  /** The peers, then routed: every backend that is neither nio nor a binding of the library. */
  private static final java.util.List<String> PEERS =
      java.util.List.of("jnr-posix", "guava", "java-io", "ant", "plexus", "routed");

  /**
   * The backends every suite runs against: nio, commons-io and native, and native-ffm where this
   * build compiled its binding (Maven on JDK 22 or later sets {@code fsbench.ffm.built}; on JDK 17
   * the backend cannot exist, and the JDK 25 build, which CI runs too, is where it is tried); and
   * the peers (libraries a JVM program already has, each on its own routes, the rest nio's) and
   * routed, with the routes the build names in {@code fsbench.routes}.
   */
  static final java.util.List<String> BACKENDS = backends();

  private static java.util.List<String> backends() {
    java.util.List<String> all =
        new java.util.ArrayList<>(java.util.List.of("nio", "commons-io", "native"));
    if (Boolean.getBoolean("fsbench.ffm.built")) {
      all.add("native-ffm");
    }
    all.addAll(PEERS);
    return java.util.List.copyOf(all);
  }

  /**
   * The comma-separated values of the system property {@code name}, each checked against {@code
   * all}, or {@code all} when it is not set.
   */
  static java.util.List<String> selected(String name, java.util.List<String> all) {
    String value = System.getProperty(name, "");
    if (value.isBlank()) {
      return all;
    }
    java.util.List<String> out = new java.util.ArrayList<>();
    for (String v : value.split(",")) {
      String id = v.trim();
      if (!all.contains(id)) {
        throw new IllegalArgumentException(name + ": no '" + id + "' among " + all);
      }
      out.add(id);
    }
    return out;
  }

  /**
   * Whether {@code backend} may be missing here: only the two bindings of the native library, and
   * only in a build told to have no library ({@code -Dnative.skip=true}).
   */
  static boolean mayBeUnavailable(String backend) {
    return (backend.equals("native") || backend.equals("native-ffm"))
        && Boolean.getBoolean("fsbench.native.skip");
  }
}
