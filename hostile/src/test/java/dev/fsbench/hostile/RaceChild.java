package dev.fsbench.hostile;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The child JVM of the safety table: {@code RaceChild <backend> <dir> <tries> <results file>} runs
 * {@link SwapRaces#rm} and {@link SwapRaces#cp} against the backend and appends one {@code race}
 * line per operation (or {@code unavailable} with the reason).
 */
public final class RaceChild {
  private RaceChild() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: RaceChild <backend> <dir> <tries> <results file>");
      System.exit(2);
    }
    String backend = args[0];
    Path dir = Path.of(args[1]);
    int tries = Integer.parseInt(args[2]);
    try (PrintStream out =
        new PrintStream(new FileOutputStream(args[3], true), true, StandardCharsets.UTF_8)) {
      boolean available =
          Backends.list().stream()
              .anyMatch(e -> e.id().equals(backend) && e.availability().isAvailable());
      if (!available) {
        out.println("unavailable\t" + backend);
        System.exit(0);
      }
      try (FsBackend fs = Backends.create(backend, BackendConfig.DEFAULT)) {
        Path rmDir = Files.createDirectory(dir.resolve("rm"));
        out.println(SwapRaces.rm(fs, rmDir, tries, 1).encode(backend, "rm"));
        Path cpDir = Files.createDirectory(dir.resolve("cp"));
        out.println(SwapRaces.cp(fs, cpDir, tries, 2).encode(backend, "cp"));
      }
      out.println("end");
    }
    System.exit(0);
  }
}
