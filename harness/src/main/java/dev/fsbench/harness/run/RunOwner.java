package dev.fsbench.harness.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.fsbench.harness.results.RunJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * The {@code fsbench run} process that made a sandbox or claimed a results folder, as the marker
 * file {@value #FILE} in it records it: what lets a later run tell a sandbox left by a killed run
 * (its process gone) from one in use, and never take a directory it did not make for a sandbox.
 *
 * <pre>
 * {"pid":4242,"processStart":"2026-12-01T21:50:11.300Z","createdAt":"2026-12-01T21:50:12.015Z",
 *  "results":"/work/results/2026-12-01-linux-amd64-tmpfs"}
 * </pre>
 *
 * @param pid the process id
 * @param processStart when that process started, as the system reports it (a later process given
 *     the same id started at another time), or null where the system does not say
 * @param createdAt when the marker was first written
 * @param results the run's results folder, null until it is claimed
 */
public record RunOwner(long pid, String processStart, String createdAt, String results) {
  /** The marker's name, in the sandbox and in the results folder's claim. */
  public static final String FILE = ".fsbench-owner.json";

  /** This process, now. */
  static RunOwner current() {
    ProcessHandle self = ProcessHandle.current();
    return new RunOwner(
        self.pid(),
        self.info().startInstant().map(Instant::toString).orElse(null),
        Instant.now().truncatedTo(ChronoUnit.MILLIS).toString(),
        null);
  }

  RunOwner withResults(Path folder) {
    return new RunOwner(pid, processStart, createdAt, folder.toAbsolutePath().toString());
  }

  /** Whether the process that wrote this marker is still running (the same one, not a reuse). */
  public boolean alive() {
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(
            h ->
                processStart == null
                    || h.info()
                        .startInstant()
                        .map(i -> i.toString().equals(processStart))
                        .orElse(true))
        .isPresent();
  }

  /** Whether {@code other} names the same process. */
  boolean sameProcess(RunOwner other) {
    return pid == other.pid && java.util.Objects.equals(processStart, other.processStart);
  }

  /** Writes the marker into {@code dir}, replacing an older one atomically. */
  void writeTo(Path dir) throws IOException {
    Path tmp = dir.resolve(FILE + ".tmp");
    Files.write(tmp, RunJson.mapper().writeValueAsBytes(this));
    Files.move(
        tmp,
        dir.resolve(FILE),
        StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * The marker in {@code dir}, if there is one that parses: a regular file, not a link; anything
   * else means {@code dir} is not a directory fsbench marked.
   */
  static Optional<RunOwner> readFrom(Path dir) {
    Path file = dir.resolve(FILE);
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    try {
      return Optional.of(RunJson.mapper().readValue(Files.readAllBytes(file), RunOwner.class));
    } catch (JsonProcessingException e) {
      return Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
