package dev.fsbench.harness.run;

import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.runner.options.ProfilerConfig;

/**
 * The JMH profilers of {@code run --prof NAME[:OPTS]}, spelled as JMH's own {@code -prof} takes
 * them ({@code gc}, {@code stack:lines=5;top=3}, {@code async:libPath=/x/libasyncProfiler.so}).
 */
final class Profilers {
  private Profilers() {}

  /** {@code NAME[:OPTS]} as JMH's command line splits it: at the first colon. */
  static ProfilerConfig parse(String spec) {
    int colon = spec.indexOf(':');
    return colon < 0
        ? new ProfilerConfig(spec)
        : new ProfilerConfig(spec.substring(0, colon), spec.substring(colon + 1));
  }

  /**
   * Parses every spec and asks JMH whether it can run each profiler here, as JMH asks when a run
   * starts: an unknown name or one whose tool is missing ({@code perf}, the async-profiler library)
   * is an {@link IllegalArgumentException} with JMH's reason, before anything is created.
   */
  static List<ProfilerConfig> check(List<String> specs) {
    List<ProfilerConfig> configs = new ArrayList<>();
    for (String spec : specs) {
      ProfilerConfig config = parse(spec);
      if (config.getKlass().isBlank()) {
        throw new IllegalArgumentException("--prof '" + spec + "' names no profiler");
      }
      try {
        ProfilerFactory.getProfilerOrException(config);
      } catch (ProfilerException e) {
        throw new IllegalArgumentException(
            "--prof "
                + spec
                + ": "
                + e.getMessage()
                + " (java -jar benchmarks.jar -lprof lists them)",
            e);
      }
      configs.add(config);
    }
    return List.copyOf(configs);
  }
}
