package dev.fsbench.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fsbench.harness.results.CaseRecord.RawSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The lines a cell's forks appended to their {@code fsbench.samples} file, and how they pair with
 * JMH's scores.
 *
 * <p>A fork writes one line per warmup and per measured iteration, warmups first, each numbered
 * from 0; a second fork starts again at warmup 0. Nothing in a line names its fork, so forks are
 * told apart by the numbering: a line that does not continue the previous one's sequence starts a
 * new fork. Every count is then checked against JMH's own (forks, iterations per fork) and against
 * the settings: a missing or extra line is an error, never a silently shifted sample.
 */
final class ForkSamples {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One sample line: the fork's own measures of one iteration, and the clock {@code cpuNanos} was
   * read from. {@code floorNanos} is the time a floor measured around its own work, {@code null}
   * for a backend's line.
   */
  record Line(
      String cell,
      int iteration,
      boolean warmup,
      long wallNanos,
      Long floorNanos,
      long cpuNanos,
      long allocatedBytes,
      long gcCount,
      long gcNanos,
      long jitNanos,
      String cpuClock) {}

  private final List<Line> lines;
  private final Optional<String> failure;

  private ForkSamples(List<Line> lines, Optional<String> failure) {
    this.lines = List.copyOf(lines);
    this.failure = failure;
  }

  /** Reads {@code file} (a missing file has no lines), keeping only lines of {@code cellId}. */
  static ForkSamples read(Path file, String cellId) throws IOException {
    List<Line> lines = new ArrayList<>();
    String failure = null;
    if (!Files.exists(file)) {
      return new ForkSamples(lines, Optional.empty());
    }
    int number = 0;
    for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      number++;
      if (text.isBlank()) {
        continue;
      }
      JsonNode node;
      try {
        node = JSON.readTree(text);
      } catch (IOException e) {
        // A fork killed mid-write leaves half a line; anything else unreadable is a defect of the
        // fork side.
        throw new IOException(file + ":" + number + " is not a JSON sample line: " + text, e);
      }
      String cell = text(node, "cell", file, number);
      if (!cell.equals(cellId)) {
        throw new IOException(
            file + ":" + number + " belongs to cell " + cell + ", expected only " + cellId);
      }
      if (node.has("failure")) {
        failure = failure == null ? node.get("failure").asText() : failure;
        continue;
      }
      lines.add(
          new Line(
              cell,
              integer(node, "iteration", file, number),
              bool(node, "warmup", file, number),
              number(node, "wallNanos", file, number),
              node.has("floorNanos") ? number(node, "floorNanos", file, number) : null,
              number(node, "cpuNanos", file, number),
              number(node, "allocatedBytes", file, number),
              number(node, "gcCount", file, number),
              number(node, "gcNanos", file, number),
              number(node, "jitNanos", file, number),
              node.hasNonNull("cpuClock") ? node.get("cpuClock").asText() : null));
    }
    return new ForkSamples(lines, Optional.ofNullable(failure));
  }

  /**
   * The clock the forks read CPU time from, as they name it; {@code null} when the lines do not
   * say, and every distinct name joined by {@code " + "} in the (unexpected) case that forks
   * disagreed.
   */
  String cpuClock() {
    List<String> clocks =
        lines.stream().map(Line::cpuClock).filter(c -> c != null).distinct().toList();
    return clocks.isEmpty() ? null : String.join(" + ", clocks);
  }

  /** The verification failure a fork reported, if any. */
  Optional<String> failure() {
    return failure;
  }

  List<Line> lines() {
    return lines;
  }

  /**
   * Pairs the lines with JMH's measured scores, one list of nanoseconds per fork in fork order, and
   * checks every count. Measured samples take JMH's score as their wall time; warmups, of which JMH
   * reports no score, take the fork's bracket. Both are kept. A floor's samples, warmups and
   * measured alike, take the time the floor measured ({@code floorNanos}): JMH's score and the
   * bracket also hold the JVM's call into the floor, which is what the floor is there to leave out.
   */
  List<RawSample> pair(
      List<List<Double>> jmhNanosPerFork, int warmups, int samples, String cellId) {
    return pair(jmhNanosPerFork, warmups, samples, cellId, 0);
  }

  /** As {@link #pair(List, int, int, String)}, numbering the forks from {@code firstFork}. */
  List<RawSample> pair(
      List<List<Double>> jmhNanosPerFork, int warmups, int samples, String cellId, int firstFork) {
    List<List<Line>> forks = splitForks();
    long floorLines = lines.stream().filter(l -> l.floorNanos() != null).count();
    if (floorLines != 0 && floorLines != lines.size()) {
      throw new IllegalStateException(
          "cell "
              + cellId
              + ": "
              + floorLines
              + " of "
              + lines.size()
              + " lines carry floorNanos: a cell is a floor's or a backend's, not both");
    }
    if (forks.size() != jmhNanosPerFork.size()) {
      throw new IllegalStateException(
          "cell "
              + cellId
              + ": JMH ran "
              + jmhNanosPerFork.size()
              + " fork(s) but the sample file shows "
              + forks.size()
              + " ("
              + lines.size()
              + " lines): the fork side did not record every iteration");
    }
    List<RawSample> out = new ArrayList<>();
    for (int f = 0; f < forks.size(); f++) {
      List<Line> fork = forks.get(f);
      List<Double> scores = jmhNanosPerFork.get(f);
      long warm = fork.stream().filter(Line::warmup).count();
      long measured = fork.size() - warm;
      if (warm != warmups || measured != samples || scores.size() != samples) {
        throw new IllegalStateException(
            "cell "
                + cellId
                + ", fork "
                + f
                + ": expected "
                + warmups
                + " warmup and "
                + samples
                + " measured lines and JMH scores,"
                + " found "
                + warm
                + " warmup and "
                + measured
                + " measured lines and "
                + scores.size()
                + " JMH scores");
      }
      for (int i = 0; i < fork.size(); i++) {
        Line line = fork.get(i);
        int expected = i < warmups ? i : i - warmups;
        if (line.warmup() != (i < warmups) || line.iteration() != expected) {
          throw new IllegalStateException(
              "cell "
                  + cellId
                  + ", fork "
                  + f
                  + ": line "
                  + i
                  + " is "
                  + line
                  + ", expected "
                  + (i < warmups ? "warmup" : "measured")
                  + " iteration "
                  + expected);
        }
        long wall =
            line.floorNanos() != null
                ? line.floorNanos()
                : line.warmup() ? line.wallNanos() : Math.round(scores.get(line.iteration()));
        out.add(
            new RawSample(
                f + firstFork,
                line.iteration(),
                line.warmup(),
                wall,
                line.wallNanos(),
                line.cpuNanos(),
                line.allocatedBytes(),
                line.gcCount(),
                line.gcNanos(),
                line.jitNanos()));
      }
    }
    return out;
  }

  private List<List<Line>> splitForks() {
    List<List<Line>> forks = new ArrayList<>();
    Line previous = null;
    for (Line line : lines) {
      if (previous == null || !continues(previous, line)) {
        forks.add(new ArrayList<>());
      }
      forks.get(forks.size() - 1).add(line);
      previous = line;
    }
    return forks;
  }

  private static boolean continues(Line previous, Line next) {
    if (previous.warmup()) {
      return next.warmup() ? next.iteration() == previous.iteration() + 1 : next.iteration() == 0;
    }
    return !next.warmup() && next.iteration() == previous.iteration() + 1;
  }

  private static JsonNode field(JsonNode node, String name, Path file, int line)
      throws IOException {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      throw new IOException(file + ":" + line + " has no '" + name + "': " + node);
    }
    return value;
  }

  private static String text(JsonNode node, String name, Path file, int line) throws IOException {
    return field(node, name, file, line).asText();
  }

  private static int integer(JsonNode node, String name, Path file, int line) throws IOException {
    JsonNode v = field(node, name, file, line);
    if (!v.canConvertToInt() || !v.isIntegralNumber()) {
      throw new IOException(file + ":" + line + ": '" + name + "' is not an integer: " + node);
    }
    return v.intValue();
  }

  private static long number(JsonNode node, String name, Path file, int line) throws IOException {
    JsonNode v = field(node, name, file, line);
    if (!v.isIntegralNumber()) {
      throw new IOException(file + ":" + line + ": '" + name + "' is not an integer: " + node);
    }
    return v.longValue();
  }

  private static boolean bool(JsonNode node, String name, Path file, int line) throws IOException {
    JsonNode v = field(node, name, file, line);
    if (!v.isBoolean()) {
      throw new IOException(file + ":" + line + ": '" + name + "' is not a boolean: " + node);
    }
    return v.booleanValue();
  }
}
