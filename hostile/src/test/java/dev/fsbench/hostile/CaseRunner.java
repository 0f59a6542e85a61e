package dev.fsbench.hostile;

import dev.fsbench.hostile.CaseResult.Verdict;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Runs the cases of a group in the child JVM: for each input and family, NIO's call on a twin
 * fixture (where NIO is the oracle), then the backend's call in each mode on a fixture of its own,
 * each on a thread of its own with the input's deadline; before and after each call, the manifests
 * of the fixture, of the victim beside it and of the device nodes.
 */
final class CaseRunner {
  private static final FileTime VICTIM_TIME = FileTime.fromMillis(978_307_200_000L); // 2001-01-01

  private final String backendId;
  private final Path root;
  private final Path cwdCase;
  private final Consumer<String> sink;
  private final Map<Mode, Path> keptCopies = new java.util.EnumMap<>(Mode.class);
  private String skipThrough;
  private int inputs;

  /**
   * Thrown after a call that removed this JVM's working directory: every later input relative to it
   * would be arranged elsewhere, so the child ends and the parent starts another after this case.
   */
  static final class WorkingDirectoryRemoved extends Exception {
    final String key;

    WorkingDirectoryRemoved(String key) {
      super("the call of " + key + " removed the working directory");
      this.key = key;
    }
  }

  /**
   * @param root the group's directory, where each input gets a numbered directory
   * @param cwdCase the case directory whose {@code work} is this JVM's working directory
   * @param sink receives each line: {@code begin} markers and {@link CaseResult}s
   */
  CaseRunner(String backendId, Path root, Path cwdCase, Consumer<String> sink, String skipThrough) {
    this.backendId = backendId;
    this.root = root;
    this.cwdCase = cwdCase;
    this.sink = sink;
    this.skipThrough = skipThrough;
    this.throughNio = ThroughNio.of(backendId);
  }

  /** The families this backend serves through nio: not run again under its name. */
  private final java.util.Set<dev.fsbench.spi.Op> throughNio;

  /** Whether the case in this mode comes at or before the one to resume after (then skipped). */
  private boolean skipped(String key) {
    if (skipThrough == null) {
      return false;
    }
    if (skipThrough.equals(key)) {
      skipThrough = null;
    }
    return true;
  }

  void run(Input input) throws IOException, InterruptedException, WorkingDirectoryRemoved {
    Path inputDir = root.resolve(Integer.toString(++inputs));
    keptCopies.clear();
    Map<Family, List<Mode>> toRun = new java.util.EnumMap<>(Family.class);
    for (Family family : input.families()) {
      if (throughNio.contains(family.op())) {
        continue; // nio's own calls, run under nio ({@link ThroughNio})
      }
      List<Mode> modes = new ArrayList<>();
      for (Mode mode : Mode.values()) {
        if (!skipped(input.caseId(family) + " " + mode.id())) {
          modes.add(mode);
        }
      }
      if (!modes.isEmpty()) {
        toRun.put(family, modes);
      }
    }
    if (toRun.isEmpty()) {
      return; // all of it ran in an earlier child
    }
    remove(inputDir); // what an earlier child left when it ended inside this input
    Fixture shared = null;
    try {
      Files.createDirectory(inputDir);
      if (input.isShared()) {
        shared = prepare(input, null, inputDir.resolve("s"), null);
      }
    } catch (Exception e) {
      for (Map.Entry<Family, List<Mode>> t : toRun.entrySet()) {
        failAll(input, t.getKey(), t.getValue(), "could not arrange the shared fixture: " + e);
      }
      return;
    }
    int n = 0;
    for (Family family : input.families()) {
      n++;
      List<Mode> modes = toRun.get(family);
      if (modes == null) {
        continue;
      }
      Expectation expectation = input.expectation(family);
      Side nio = null;
      try {
        if (expectation == Expectation.NIO) {
          nio = nioSide(input, family, shared, inputDir.resolve(n + "n"));
        }
      } catch (Exception e) {
        failAll(input, family, modes, "NIO's call could not run: " + e);
        continue;
      }
      if (nio != null && nio.hung) {
        failAll(
            input,
            family,
            modes,
            "NIO's own call did not finish within "
                + input.deadlineSeconds()
                + " s: this case needs a declared expectation");
        continue;
      }
      for (Mode mode : modes) {
        sink.accept(
            runMode(
                    input,
                    family,
                    mode,
                    expectation,
                    nio,
                    shared,
                    inputDir.resolve(n + mode.id().substring(0, 1)))
                .encode());
        if (input.isInWorkingDirectory() && !workingDirectoryIntact()) {
          throw new WorkingDirectoryRemoved(input.caseId(family) + " " + mode.id());
        }
      }
    }
    remove(inputDir);
  }

  private void failAll(Input input, Family family, List<Mode> modes, String why) {
    for (Mode mode : modes) {
      sink.accept(
          new CaseResult(input.caseId(family), mode.id(), Verdict.ERROR, 0, null, null, why)
              .encode());
    }
  }

  /** A call's outcome and the fixture's manifests around it. */
  private static final class Side {
    Outcome outcome;
    boolean hung;
    long millis;
    Map<String, String> before;
    Map<String, String> after;
  }

  private Side nioSide(Input input, Family family, Fixture shared, Path dir) throws Exception {
    Fixture twin = shared != null ? shared : prepare(input, family, dir, null);
    Side side = call(input, twin, () -> family.callNio(twin), null, family == Family.MKDTEMP);
    removeFixture(input, twin, shared);
    return side;
  }

  private CaseResult runMode(
      Input input,
      Family family,
      Mode mode,
      Expectation expectation,
      Side nio,
      Fixture shared,
      Path dir) {
    String id = input.caseId(family);
    CaseResult last = null;
    for (int attempt = 0; attempt < input.repeats(); attempt++) {
      Fixture fixture;
      try {
        if (shared == null) {
          fixture = prepare(input, family, dir, null);
        } else if (family != Family.RM_RECURSIVE) {
          fixture = shared;
        } else {
          fixture = prepare(input, family, dir, keptCopies.remove(mode));
        }
      } catch (Exception e) {
        return new CaseResult(
            id, mode.id(), Verdict.ERROR, 0, null, null, "could not arrange: " + e);
      }
      sink.accept("begin\t" + id + "\t" + mode.id());
      CaseResult result;
      try {
        result =
            once(
                input,
                family,
                mode,
                expectation,
                nio,
                fixture,
                new Random(id.hashCode() * 31L + attempt));
      } catch (Exception e) {
        result =
            new CaseResult(id, mode.id(), Verdict.ERROR, 0, null, null, "the suite failed: " + e);
      }
      try {
        if (shared != null && family == Family.CP_FROM) {
          if (result.verdict() == Verdict.OK && attempt == input.repeats() - 1) {
            // a whole verified copy of the shared input: this mode's rm removes it
            Path kept = dir.resolveSibling(dir.getFileName() + "-kept");
            Files.move(fixture.copy(), kept);
            keptCopies.put(mode, kept);
          } else {
            remove(fixture.copy());
          }
        }
        removeFixture(input, fixture, shared);
      } catch (Exception e) {
        result =
            new CaseResult(id, mode.id(), Verdict.ERROR, 0, null, null, "could not clean up: " + e);
      }
      last = result;
      if (result.verdict() != Verdict.OK) {
        break;
      }
    }
    return last;
  }

  private CaseResult once(
      Input input,
      Family family,
      Mode mode,
      Expectation expectation,
      Side nio,
      Fixture fixture,
      Random random)
      throws Exception {
    String id = input.caseId(family);
    Map<String, String> victimBefore = Manifest.of(fixture.victim(), true);
    String devicesBefore = devices();
    Side side;
    try (FsBackend backend = Backends.create(backendId, BackendConfig.DEFAULT)) {
      side =
          call(
              input,
              fixture,
              () -> family.callBackend(backend, mode, fixture),
              input.mutator() == null ? null : random,
              family == Family.MKDTEMP);
    }
    List<String> outside =
        new ArrayList<>(Manifest.diff(victimBefore, Manifest.of(fixture.victim(), true)));
    String devicesAfter = devices();
    if (!devicesBefore.equals(devicesAfter)) {
      outside.add("device nodes changed: " + devicesBefore + " -> " + devicesAfter);
    }
    if (side.hung) {
      return new CaseResult(
          id,
          mode.id(),
          Verdict.HANG,
          side.millis,
          null,
          nio == null ? null : nio.outcome,
          "did not finish within "
              + input.deadlineSeconds()
              + " s"
              + (outside.isEmpty() ? "" : "; outside: " + outside));
    }
    if (!outside.isEmpty()) {
      return new CaseResult(
          id,
          mode.id(),
          Verdict.OUTSIDE,
          side.millis,
          side.outcome,
          nio == null ? null : nio.outcome,
          "changed outside the case: " + outside);
    }
    Observed observed =
        new Observed(
            backendId,
            family,
            fixture,
            side.outcome,
            nio == null ? null : nio.outcome,
            side.before,
            side.after,
            nio == null ? null : nio.before,
            nio == null ? null : nio.after);
    String wrong = expectation.check(observed);
    return new CaseResult(
        id,
        mode.id(),
        wrong == null ? Verdict.OK : Verdict.MISMATCH,
        side.millis,
        side.outcome,
        nio == null ? null : nio.outcome,
        wrong == null ? expectation.describe() : wrong);
  }

  /**
   * Calls {@code call} on a thread of its own with the input's deadline, with the FIFO peer and the
   * mutator (when {@code random} is given) running beside it, and takes the manifests around it.
   */
  private static Side call(
      Input input, Fixture fixture, Callable<Object> call, Random random, boolean randomNames)
      throws Exception {
    Side side = new Side();
    side.before = manifest(input, fixture);
    FifoPeer peer = fixture.peer() == null ? null : FifoPeer.start(fixture.p(), fixture.peer());
    AtomicBoolean stop = new AtomicBoolean();
    Thread mutator = null;
    if (random != null) {
      mutator = new Thread(() -> mutate(input, fixture, random, stop), "mutator");
      mutator.setDaemon(true);
      mutator.start();
    }
    FutureTask<String> task = new FutureTask<>(() -> fixture.normalize(Values.of(call.call())));
    Thread worker = new Thread(task, "case");
    worker.setDaemon(true);
    long t0 = System.nanoTime();
    worker.start();
    try {
      side.outcome = Outcome.returned(task.get(input.deadlineSeconds(), TimeUnit.SECONDS));
    } catch (TimeoutException e) {
      side.hung = true;
      worker.interrupt();
      FifoPeer.release(fixture.p()); // a call blocked opening a FIFO returns, and its thread ends
    } catch (ExecutionException e) {
      side.outcome = Outcome.threw(e.getCause()).mapPaths(fixture::normalize);
      if (randomNames) {
        String prefix = fixture.normalize(fixture.p().toString());
        side.outcome = side.outcome.mapPaths(f -> f.startsWith(prefix) ? prefix + "<random>" : f);
      }
    }
    side.millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    stop.set(true);
    if (mutator != null) {
      mutator.join(10_000);
    }
    if (peer != null) {
      peer.finish();
    }
    side.after = manifest(input, fixture);
    return side;
  }

  private static void mutate(Input input, Fixture fixture, Random random, AtomicBoolean stop) {
    while (!stop.get()) {
      try {
        input.mutator().step(fixture.work(), random);
      } catch (Exception e) {
        // the call under test took what this step wanted: the next step tries something else
      }
    }
  }

  /** The fixture's entries, the victim's excepted (it is compared in full, on its own). */
  private static Map<String, String> manifest(Input input, Fixture fixture) {
    if (input.isShared()) {
      return Map.of();
    }
    Map<String, String> all = new TreeMap<>(Manifest.of(fixture.dir(), false));
    all.keySet().removeIf(k -> k.equals("victim") || k.startsWith("victim/"));
    return all;
  }

  /** What no call may change outside the case: the device nodes the device inputs link to. */
  private static String devices() {
    StringBuilder s = new StringBuilder();
    for (String dev : List.of("/dev/null", "/dev/zero")) {
      try {
        s.append(dev)
            .append(' ')
            .append(
                Files.readAttributes(
                    Path.of(dev), "unix:mode,uid,gid,rdev", LinkOption.NOFOLLOW_LINKS))
            .append("; ");
      } catch (IOException e) {
        s.append(dev).append(' ').append(e).append("; ");
      }
    }
    return s.toString();
  }

  // ------------------------------------------------------------------ fixtures

  /**
   * A fresh fixture: the case directory with {@code work}, {@code victim}, {@code src} and {@code
   * srctree}, then the input arranged in {@code work}. An input relative to the working directory
   * is arranged in {@link #cwdCase} again, emptied first; the working directory itself must still
   * be the one this JVM started in.
   *
   * @param reuse a verified copy of a shared input made by this mode's cp, moved into {@code work}
   *     as the input instead of arranging it again (200,000 files cost seconds to make), or null
   */
  private Fixture prepare(Input input, Family family, Path dir, Path reuse) throws Exception {
    Path work;
    if (input.isInWorkingDirectory()) {
      dir = cwdCase;
      work = cwdCase.resolve("work");
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
      if (!workingDirectoryIntact()) {
        throw new IOException("the working directory " + work + " was removed by an earlier case");
      }
      Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
      clear(dir, work);
    } else {
      Files.createDirectory(dir);
      work = Files.createDirectory(dir.resolve("work"));
    }
    Path victim = Files.createDirectory(dir.resolve("victim"));
    for (String name : List.of("v1", "v2", "sub/v3")) {
      Path v = victim.resolve(name);
      Files.createDirectories(v.getParent());
      Files.writeString(v, "victim " + name + "\n", StandardCharsets.UTF_8);
      Files.setLastModifiedTime(v, VICTIM_TIME);
    }
    Files.setLastModifiedTime(victim.resolve("sub"), VICTIM_TIME);
    Files.setLastModifiedTime(victim, VICTIM_TIME);
    Builders.file(dir.resolve("src"), "the source file\n");
    Path tree = Files.createDirectory(dir.resolve("srctree"));
    Builders.file(tree.resolve("a"), "a\n");
    Builders.file(Files.createDirectory(tree.resolve("b")).resolve("c"), "c\n");
    Path p;
    if (reuse != null) {
      p = Files.move(reuse, work.resolve(input.id)); // the shared inputs are named by their id
    } else {
      p = input.arrange.in(dir, work);
    }
    return new Fixture(dir, work, victim, p, family == null ? null : input.peer(family));
  }

  private boolean workingDirectoryIntact() throws IOException {
    Path work = cwdCase.resolve("work");
    return Files.isDirectory(work) && Files.isSameFile(Path.of(""), work);
  }

  /** Empties {@code dir} except {@code keep}, and empties {@code keep}. */
  private static void clear(Path dir, Path keep) throws Exception {
    for (Path d : List.of(dir, keep)) {
      List<Path> entries = new ArrayList<>();
      try (DirectoryStream<Path> s = Files.newDirectoryStream(d)) {
        s.forEach(entries::add);
      }
      for (Path e : entries) {
        if (!e.equals(keep)) {
          remove(e);
        }
      }
    }
  }

  private void removeFixture(Input input, Fixture fixture, Fixture shared) throws Exception {
    if (fixture == shared || input.isInWorkingDirectory()) {
      return; // the shared one goes with the input; the working directory is emptied next time
    }
    remove(fixture.dir());
  }

  /** Removes a tree: NIO's walk for the common case, GNU rm for what it cannot reach. */
  static void remove(Path p) throws IOException, InterruptedException {
    if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try {
      NioReference.rmRecursive(p);
    } catch (IOException e) {
      Tools.removeTree(p);
    }
  }
}
