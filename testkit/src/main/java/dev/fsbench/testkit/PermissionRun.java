package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.Capability;
import dev.fsbench.testkit.PermissionCases.Outcome;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;

/**
 * The parent side of the permission cases: arranges every fixture, runs the acts once (in-process,
 * or as root in one child JVM without capabilities), and checks each outcome when its test asks.
 * Lazy, so that a run filtered to other families never starts a JVM.
 */
final class PermissionRun {
  /**
   * Generous: the child is a JVM start (a second or two) plus a few dozen tiny calls, on two busy
   * cores.
   */
  private static final long CHILD_TIMEOUT_SECONDS = 180;

  private final BackendContract contract;
  private final Env env;
  private final List<PermissionCase> cases;
  private final Map<String, Map<String, String>> manifests = new HashMap<>();
  private Map<String, Outcome> outcomes;
  private Path root;
  private AssertionError setupFailure;

  PermissionRun(BackendContract contract, List<PermissionCase> cases) {
    this.contract = contract;
    this.env = contract.env();
    this.cases = List.copyOf(cases);
  }

  List<PermissionCase> cases() {
    return cases;
  }

  /** How the case's act runs here, for the test name. */
  String mechanism(PermissionCase c) {
    if (c.evenForRoot() || !env.superuser()) {
      return "in-process";
    }
    return "child JVM via setpriv, no capabilities";
  }

  private boolean applicable(PermissionCase c) {
    return reasonNotApplicable(c) == null;
  }

  private String reasonNotApplicable(PermissionCase c) {
    Set<Capability> missing =
        Families.of(c.op()).requires().stream()
            .filter(cap -> !env.has(cap))
            .collect(Collectors.toSet());
    if (!missing.isEmpty()) {
      return "the backend lacks " + missing;
    }
    if (c.needsPrivilegedArrange() && !env.superuser()) {
      return "arranging another user's file needs privilege this process does not have";
    }
    return null;
  }

  static String key(int index, Calls.Mode mode) {
    return index + "-" + mode.name().toLowerCase();
  }

  private Path dir(int index, Calls.Mode mode) {
    return root.resolve(key(index, mode));
  }

  void check(int index, Calls.Mode mode) throws Exception {
    PermissionCase c = cases.get(index);
    String reason = reasonNotApplicable(c);
    Assumptions.assumeTrue(reason == null, () -> "not applicable: " + reason);
    runAllOnce();
    Path dir = dir(index, mode);
    Outcome outcome = outcomes.get(key(index, mode));
    if (outcome == null) {
      throw new AssertionError("no outcome was reported for " + c.label() + " (" + mode + ")");
    }
    Sandbox.restoreOwnerAccess(dir);
    if (!c.partial()) {
      assertEquals(
          manifests.get(key(index, mode)),
          Oracle.manifest(dir, false),
          "a denied call must change nothing");
    }
    if (c.expectedValue() != null) {
      if (outcome.failure() != null) {
        throw new AssertionError(
            "expected " + c.expectedValue() + " but the call failed: " + outcome.failure());
      }
      assertEquals(c.expectedValue(), outcome.value());
    } else {
      if (outcome.failure() == null) {
        throw new AssertionError(
            "expected " + c.expect().in(dir) + " but the call succeeded: " + outcome.value());
      }
      c.expect().in(dir).check(outcome.failure(), true);
    }
  }

  private synchronized void runAllOnce() throws Exception {
    if (setupFailure != null) {
      throw setupFailure;
    }
    if (outcomes != null) {
      return;
    }
    try {
      outcomes = runAll();
    } catch (AssertionError e) {
      setupFailure = e;
      throw e;
    } catch (Exception e) {
      setupFailure = new AssertionError("the permission cases could not run: " + e, e);
      throw setupFailure;
    }
  }

  private Map<String, Outcome> runAll() throws Exception {
    root = Sandbox.newDirectory(env);
    contract.removeLater(root);
    for (int i = 0; i < cases.size(); i++) {
      PermissionCase c = cases.get(i);
      if (!applicable(c)) {
        continue;
      }
      for (Calls.Mode mode : Calls.Mode.values()) {
        Path dir = Files.createDirectory(dir(i, mode));
        c.arrange().in(dir);
        manifests.put(key(i, mode), Oracle.manifest(dir, false));
        c.restrict().in(dir);
      }
    }
    Map<String, Outcome> results = new HashMap<>();
    List<Integer> inChild = new ArrayList<>();
    for (int i = 0; i < cases.size(); i++) {
      PermissionCase c = cases.get(i);
      if (!applicable(c)) {
        continue;
      }
      if (env.superuser() && !c.evenForRoot()) {
        inChild.add(i);
        continue;
      }
      for (Calls.Mode mode : Calls.Mode.values()) {
        results.put(
            key(i, mode),
            PermissionCases.act(c, new Calls(contract.backend(), mode), dir(i, mode)));
      }
    }
    if (!inChild.isEmpty()) {
      results.putAll(runInChild(inChild));
    }
    return results;
  }

  /**
   * Runs the acts of {@code indexes} in a JVM without capabilities. The child gets this JVM's class
   * path (under surefire a manifest-only jar whose Class-Path lists every entry, which {@code java
   * -cp} follows) and the system properties that locate native libraries, so a backend that loads
   * one works there too.
   */
  private Map<String, Outcome> runInChild(List<Integer> indexes)
      throws IOException, InterruptedException {
    if (!new File("/usr/bin/setpriv").canExecute() && !new File("/bin/setpriv").canExecute()) {
      throw new AssertionError(
          "the process runs as root, so the permission cases need setpriv (util-linux) to drop "
              + "capabilities in a child JVM, and setpriv was not found: install util-linux");
    }
    List<String> command =
        new ArrayList<>(
            List.of(
                "setpriv",
                "--inh-caps=-all",
                "--ambient-caps=-all",
                "--bounding-set=-all",
                "--no-new-privs",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // JDK 22+: a backend's native code (JNA, FFM, jffi) loads without a warning
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path")));
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("jna.")
          || name.startsWith("fsbench.")
          || name.equals("java.library.path")) {
        command.add("-D" + name + "=" + System.getProperty(name));
      }
    }
    command.add(PermissionChild.class.getName());
    command.add(contract.getClass().getName());
    command.add(root.toString());
    command.add(indexes.stream().map(String::valueOf).collect(Collectors.joining(",")));
    Path stdout = Files.createTempFile(Sandbox.PREFIX + "child-", ".out");
    Path stderr = Files.createTempFile(Sandbox.PREFIX + "child-", ".err");
    try {
      Process child =
          new ProcessBuilder(command)
              .redirectOutput(stdout.toFile())
              .redirectError(stderr.toFile())
              .start();
      if (!child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        child.destroyForcibly();
        throw new AssertionError(
            "the permission child JVM did not finish within " + CHILD_TIMEOUT_SECONDS + " s");
      }
      String err = Files.readString(stderr, StandardCharsets.UTF_8);
      if (child.exitValue() != 0) {
        throw new AssertionError(
            "the permission child JVM failed (exit "
                + child.exitValue()
                + "): "
                + command
                + "\n"
                + err);
      }
      Map<String, Outcome> results =
          PermissionChild.parse(Files.readAllLines(stdout, StandardCharsets.UTF_8));
      for (int i : indexes) {
        for (Calls.Mode mode : Calls.Mode.values()) {
          if (!results.containsKey(key(i, mode))) {
            throw new AssertionError(
                "the child reported nothing for case " + key(i, mode) + "; stderr:\n" + err);
          }
        }
      }
      return results;
    } finally {
      Files.deleteIfExists(stdout);
      Files.deleteIfExists(stderr);
    }
  }
}
