package dev.fsbench.harness.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Puts the forks' heap on transparent huge pages where the kernel offers them, so that pre-touching
 * it ({@code -XX:+AlwaysPreTouch}, see {@code JmhCell}) costs a fault per 2 MiB instead of one per
 * 4 KiB.
 *
 * <p>The trap: a fork's start-up is most of what a run costs (a default run forks the JVM about
 * 1,800 times, a quick one about 300), and most of a start-up was the pre-touch. On the project's
 * machine a page fault cost 2 us on a good day and 7.6 on a slow one: {@code java -Xms256m -Xmx256m
 * -XX:+AlwaysPreTouch -version} took 0.57 to 0.63 s there on 2026-12-07 against 0.10 s without the
 * pre-touch, and 0.13 to 0.15 s with {@code -XX:+UseTransparentHugePages} (the first of a series
 * 0.35 s, the kernel compacting memory to find the pages). The flag asks the kernel ({@code
 * madvise}) for huge pages under the Java heap only; the native libraries' memory and the page
 * cache are as they were. The heap is all touched before the first sample either way, so what a
 * sample times is the same work; what differs is that the heap's translations take fewer TLB
 * entries, for every backend alike.
 *
 * <p>Where the kernel says {@code never} (or has no such setting), the forks run without the flag,
 * which the JVM would otherwise refuse with a warning in every fork; run.json records the forks'
 * flags either way.
 */
final class HugePages {
  static final String FLAG = "-XX:+UseTransparentHugePages";

  private static final Path SETTING = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

  private HugePages() {}

  /** The flags that put the forks' heap on huge pages here: the flag, or none. */
  static List<String> forkArgs() {
    return offered(read(SETTING)) ? List.of(FLAG) : List.of();
  }

  /**
   * Whether the kernel's setting ({@code always [madvise] never}, the chosen one in brackets) gives
   * a process huge pages when it asks: {@code always} or {@code madvise}.
   */
  static boolean offered(String setting) {
    return setting != null && (setting.contains("[always]") || setting.contains("[madvise]"));
  }

  private static String read(Path setting) {
    try {
      return Files.readString(setting, StandardCharsets.US_ASCII);
    } catch (IOException | SecurityException e) {
      return null;
    }
  }
}
