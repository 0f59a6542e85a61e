package dev.fsbench.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.run.RunOwner;
import dev.fsbench.harness.workload.Tmpfs;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsbench run} in a child JVM, stopped from outside as a user or a system would stop it, and
 * its documented exit codes: SIGTERM during a fork (143), Ctrl-C's SIGINT while the class-data
 * archive is being made (130), kill -9 (nothing can be recorded: the next run names the stale
 * sandbox and {@code fsbench clean} removes it), and a results folder that cannot be written (3).
 * After each: what run.json says, and that no sandbox, claim or fork is left behind.
 */
class RunSignalsTest {
  private static final Duration PATIENCE = Duration.ofMinutes(3);

  @TempDir(factory = Tmpfs.class)
  Path dir;

  private Path root;
  private Path out;
  private Path log;
  private Thread copier;

  /**
   * The child's class path as one jar whose manifest lists this JVM's entries, so that the child,
   * like the launcher's {@code java -jar}, makes a class-data archive first (a class path with
   * directories would skip that step).
   */
  private Path classPathJar() throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    String entries =
        Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> !e.isEmpty())
            .map(e -> Path.of(e).toAbsolutePath().toUri().toString())
            .collect(Collectors.joining(" "));
    manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, entries);
    Path jar = dir.resolve("classpath.jar");
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream ignored = new JarOutputStream(file, manifest)) {
      // a manifest only
    }
    return jar;
  }

  /** Starts {@code fsbench run} over two cases of stat, {@code samples} per fork. */
  private Process startRun(int samples, String... shellPrefix) throws IOException {
    root = Files.createDirectories(dir.resolve("root"));
    out = dir.resolve("out");
    log = dir.resolve("child.log");
    List<String> java =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-XX:-UsePerfData",
            "-Djmh.ignoreLock=true",
            "-cp",
            classPathJar().toString(),
            Fsbench.class.getName(),
            "run",
            "--backends",
            "nio",
            "--families",
            "stat",
            "--cases",
            "single",
            "--modes",
            "sync",
            "--warmups",
            "1",
            "--samples",
            String.valueOf(samples),
            "--forks",
            "1",
            "--controls",
            "none",
            "--root",
            root.toString(),
            "--out",
            out.toString());
    // The child gets the signal dispositions of a run started from a terminal. A build started in
    // the background of a non-interactive shell (nohup mvn ... &) inherits SIGINT ignored, and a
    // JVM leaves an ignored SIGINT ignored: the Ctrl-C under test would then never arrive.
    List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT,TERM"));
    if (shellPrefix.length > 0) {
      command.addAll(List.of("bash", "-c", shellPrefix[0] + " && exec \"$@\"", "bash"));
    }
    command.addAll(java);
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    copier = new Thread(() -> copyToLog(child), "child-log");
    copier.setDaemon(true);
    copier.start();
    return child;
  }

  /**
   * Copies the child's output to the log through a pipe, not by handing it the file: a child run
   * under {@code ulimit -f} could otherwise not write more than the limit of its own messages, and
   * the one line a test looks for would be cut off (as it was in CI on JDK 25: the JVM's
   * restricted-method warnings and the floor's "cannot load" notes filled the first KiB).
   */
  private void copyToLog(Process child) {
    try (var output = child.getInputStream();
        OutputStream file = Files.newOutputStream(log)) {
      byte[] chunk = new byte[8192];
      for (int n; (n = output.read(chunk)) >= 0; ) {
        file.write(chunk, 0, n);
        file.flush();
      }
    } catch (IOException e) {
      // the child is gone or the test is over; what was copied stays
    }
  }

  private String childLog() throws IOException {
    return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no output)";
  }

  /**
   * Waits until {@code condition} holds, failing with the child's output after {@link #PATIENCE}.
   */
  private void await(Process child, String what, IoCondition condition) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (!condition.holds()) {
      if (!child.isAlive()) {
        throw new AssertionError(
            "the run ended (exit " + child.exitValue() + ") before " + what + ":\n" + childLog());
      }
      if (System.nanoTime() > deadline) {
        child.destroyForcibly();
        throw new AssertionError("no " + what + " within " + PATIENCE + ":\n" + childLog());
      }
      Thread.sleep(20);
    }
  }

  @FunctionalInterface
  private interface IoCondition {
    boolean holds() throws IOException;
  }

  private int exitOf(Process child) throws Exception {
    if (!child.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
      child.destroyForcibly();
      throw new AssertionError("the run did not end within " + PATIENCE + ":\n" + childLog());
    }
    copier.join(PATIENCE.toMillis()); // the pipe ends with the child and its forks
    return child.exitValue();
  }

  private static void signal(Process child, String signal) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(child.pid())).start();
    assertEquals(0, kill.waitFor(), "kill -" + signal);
  }

  private int cases() {
    try {
      return RunJson.read(out).cases().size();
    } catch (IOException e) {
      return -1; // not written yet
    }
  }

  private boolean forkRunning(String name) {
    return Files.exists(out.resolve(ResultsFolder.CLAIM).resolve(name + ".log"));
  }

  private static boolean hasFork(Process child) {
    return child.children().findAny().isPresent();
  }

  private List<Path> sandboxes() throws IOException {
    try (Stream<Path> entries = Files.list(root)) {
      return entries.toList();
    }
  }

  /** Nothing of the run left but its results: no sandbox, no claim, no process. */
  private void assertCleanedUp(List<ProcessHandle> descendants) throws Exception {
    assertEquals(List.of(), sandboxes(), "the sandbox is removed");
    assertFalse(Files.exists(out.resolve(ResultsFolder.CLAIM)), "the claim is released");
    for (ProcessHandle p : descendants) {
      p.onExit().get(30, TimeUnit.SECONDS);
      assertFalse(p.isAlive(), "fork " + p.pid() + " is stopped");
    }
  }

  @Test
  void sigtermDuringAForkRecordsTheCasesMeasuredAsInterruptedAndExits143() throws Exception {
    Process child = startRun(3000);
    await(
        child,
        "a first case measured and a second fork running",
        () -> cases() == 1 && forkRunning("fork-1") && hasFork(child));
    List<ProcessHandle> forks = child.descendants().toList();
    signal(child, "TERM"); // not destroy(), which closes the pipe the log is copied from
    assertEquals(143, exitOf(child), childLog());
    RunRecord run = RunJson.read(out);
    assertEquals(RunRecord.Status.INTERRUPTED, run.status(), childLog());
    assertEquals(1, run.cases().size(), "the case measured before the signal is kept");
    assertTrue(childLog().contains("interrupted"), childLog());
    assertCleanedUp(forks);
  }

  @Test
  void ctrlCWhileTheClassDataArchiveIsMadeStillLeavesAnInterruptedRunJson() throws Exception {
    Process child = startRun(3000);
    await(
        child, "the class-data training fork", () -> forkRunning("cds-training") && hasFork(child));
    List<ProcessHandle> forks = child.descendants().toList();
    signal(child, "INT");
    assertEquals(130, exitOf(child), childLog());
    RunRecord run = RunJson.read(out);
    assertEquals(RunRecord.Status.INTERRUPTED, run.status(), childLog());
    assertEquals(List.of(), run.cases());
    assertCleanedUp(forks);
  }

  @Test
  void killMinus9LeavesAStaleSandboxThatRunNamesAndCleanRemoves() throws Exception {
    Process child = startRun(3000);
    await(child, "a fork running", () -> forkRunning("fork-0") && hasFork(child));
    List<ProcessHandle> forks = child.descendants().toList();
    child.destroyForcibly();
    child.waitFor();
    forks.forEach(ProcessHandle::destroyForcibly); // kill -9 of the run's process group
    for (ProcessHandle p : forks) {
      p.onExit().get(30, TimeUnit.SECONDS);
    }
    assertEquals(
        RunRecord.Status.RUNNING, RunJson.read(out).status(), "nothing could say otherwise");
    List<Path> left = sandboxes();
    assertEquals(1, left.size(), "the sandbox is left: " + left);
    assertTrue(Files.exists(left.get(0).resolve(RunOwner.FILE)), "and marked");

    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();
    String[] dryRun = {
      "run", "--backends", "nio", "--families", "stat", "--root", root.toString(), "--dry-run"
    };
    assertEquals(
        0, Fsbench.execute(dryRun, new PrintWriter(stdout, true), new PrintWriter(stderr, true)));
    assertTrue(
        stderr.toString().contains("stale sandbox " + left.get(0)), "run names it: " + stderr);
    assertEquals(List.of(left.get(0)), sandboxes(), "and leaves it");

    stdout.getBuffer().setLength(0);
    String[] clean = {"clean", "--root", root.toString()};
    assertEquals(
        0, Fsbench.execute(clean, new PrintWriter(stdout, true), new PrintWriter(stderr, true)));
    assertTrue(stdout.toString().contains("removed: " + left.get(0)), stdout.toString());
    assertEquals(List.of(), sandboxes());
    assertFalse(Files.exists(out.resolve(ResultsFolder.CLAIM)), "its scratch files went too");
    assertTrue(Files.exists(out.resolve(RunJson.FILE_NAME)), "its results stay");
  }

  /**
   * A results folder that cannot be written, for real: the child may write no file larger than 1
   * KiB ({@code ulimit -f 1}), so its first run.json fails with EFBIG. The run stops with exit 3,
   * naming the file and the reason, and leaves neither a run.json.tmp nor a claim that would make a
   * rerun fail as "not empty".
   */
  @Test
  void aResultsFolderThatCannotBeWrittenStopsTheRunWithExit3NamingTheFile() throws Exception {
    Process child = startRun(3, "ulimit -f 1");
    assertEquals(3, exitOf(child), childLog());
    String printed = childLog();
    assertTrue(printed.contains(out.resolve(RunJson.FILE_NAME) + ": File too large"), printed);
    try (Stream<Path> entries = Files.list(out)) {
      assertEquals(List.of(), entries.toList(), "nothing partial is left in --out");
    }
    assertEquals(List.of(), sandboxes());
  }
}
