package dev.fsbench.conformance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The reference tools (bash, GNU cp, diff, stat) found on the {@code PATH} and run with the C.UTF-8
 * locale, so that names and ranges are code points whatever the caller's locale is.
 */
public final class Tools {
  private Tools() {}

  /** How long one tool invocation may take before it counts as hung. */
  private static final long TIMEOUT_SECONDS = 60;

  /** What a finished invocation printed and returned. */
  public record Result(int exitCode, byte[] stdout, String stderr) {}

  /** The executable {@code name} on the PATH, if there is one. */
  public static Optional<Path> find(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(":")) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** Skips the calling test, saying why, unless every tool named is installed. */
  public static void assumeInstalled(String... names) {
    for (String name : names) {
      Assumptions.assumeTrue(
          find(name).isPresent(),
          name + " is not on the PATH: the test compares with it as the reference and cannot run");
    }
  }

  static Path require(String name) {
    return find(name).orElseThrow(() -> new IllegalStateException(name + " is not on the PATH"));
  }

  /**
   * Runs {@code command} in {@code cwd} with {@code stdin} as its input.
   *
   * @throws IOException if it exits with a status other than 0 or writes to standard error
   */
  public static byte[] run(Path cwd, List<String> command, byte[] stdin) throws IOException {
    Result result = runAllowingFailure(cwd, command, stdin);
    if (result.exitCode() != 0 || !result.stderr().isEmpty()) {
      throw new IOException(
          String.join(" ", command)
              + " in "
              + cwd
              + " exited with "
              + result.exitCode()
              + ": "
              + result.stderr());
    }
    return result.stdout();
  }

  /** Runs {@code command} in {@code cwd} and returns whatever it did. */
  public static Result runAllowingFailure(Path cwd, List<String> command, byte[] stdin)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
    builder.environment().put("LC_ALL", "C.UTF-8");
    Process process = builder.start();
    CompletableFuture<byte[]> out = drain(process.getInputStream());
    CompletableFuture<byte[]> err = drain(process.getErrorStream());
    try (OutputStream in = process.getOutputStream()) {
      in.write(stdin);
    }
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException(
            String.join(" ", command) + " did not finish in " + TIMEOUT_SECONDS + " s");
      }
      return new Result(
          process.exitValue(), out.join(), new String(err.join(), StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running " + command.get(0), e);
    }
  }

  /**
   * Reads {@code stream} to its end on a thread of its own (not the common pool, which may have a
   * single thread: a tool filling one pipe while the other waits would never finish).
   */
  private static CompletableFuture<byte[]> drain(InputStream stream) {
    CompletableFuture<byte[]> bytes = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (InputStream in = stream) {
                ByteArrayOutputStream all = new ByteArrayOutputStream();
                in.transferTo(all);
                bytes.complete(all.toByteArray());
              } catch (IOException e) {
                bytes.completeExceptionally(new UncheckedIOException(e));
              }
            },
            "tool-output");
    reader.setDaemon(true);
    reader.start();
    return bytes;
  }
}
