package dev.fsbench.nativefs;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A system tool on the same tree, timed as a whole process: {@code find DIR > /dev/null} for
 * readdir ({@value #FIND_ID}), {@code cp -r --preserve=mode} for cp ({@value #CP_ID}), {@code rm
 * -rf} for rm ({@value #RM_ID}). The Rust library spawns it and reaps it ({@code fsb_floor_tool}),
 * reading {@code CLOCK_MONOTONIC} right before and right after: the figure includes the process's
 * start, as {@code time find DIR > /dev/null} would, and the tool's CPU time is not the JVM's.
 *
 * <p>The tool is the one first on the {@code PATH} when the floor is first asked about, run by its
 * absolute path, and run.json records that path and its {@code --version} line.
 *
 * <p>How each is checked: cp's copy and rm's removal by the workload's own verification, as for
 * every backend. cp keeps every entry's permission bits, as a backend's cp does: {@code
 * --preserve=mode}, so that a tree whose modes the umask would change (a checkout's group-writable
 * files under umask 022) is copied as it is. {@code find}'s timed run prints to {@code /dev/null}
 * (what {@code scripts/find-reference.sh} times), so what it lists is checked on an untimed second
 * run of the same walk, {@code find DIR -print0}, whose output is read back ({@link
 * FloorRunner#result(int)}): NUL-separated, so that a name with a newline reads back as one name;
 * the timed run must exit 0.
 */
final class ToolFloor implements Floor {
  static final String FIND_ID = "floor-find";
  static final String CP_ID = "floor-cp";
  static final String RM_ID = "floor-rm";

  static final ToolFloor FIND = new ToolFloor(FIND_ID, Op.READDIR, "find", "find DIR > /dev/null");
  static final ToolFloor CP =
      new ToolFloor(CP_ID, Op.CP, "cp", "cp -r --preserve=mode SOURCE TARGET");
  static final ToolFloor RM = new ToolFloor(RM_ID, Op.RM, "rm", "rm -rf DIR");

  private static final long VERSION_TIMEOUT_SECONDS = 10;

  private final String id;
  private final Op op;
  private final String tool;
  private final String shape;
  private volatile Located located;

  /** The tool as found: its absolute path and version line, or why it was not found. */
  private record Located(Path path, String version, String missing) {}

  private ToolFloor(String id, Op op, String tool, String shape) {
    this.id = id;
    this.op = op;
    this.tool = tool;
    this.shape = shape;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String description() {
    Located l = located();
    return "`"
        + shape
        + "`"
        + (l.path() == null ? "" : " (" + l.version() + ")")
        + ", timed as a whole process by the Rust library (fsb_floor_tool: spawn to reaped,"
        + " CLOCK_MONOTONIC)";
  }

  @Override
  public Timing timing() {
    return Timing.PROCESS;
  }

  @Override
  public Availability availability() {
    Availability library = Library.get().availability();
    if (!library.isAvailable()) {
      return library;
    }
    Located l = located();
    return l.path() == null ? Availability.unavailable(l.missing()) : Availability.available();
  }

  @Override
  public Set<Op> families() {
    return Set.of(op);
  }

  @Override
  public Set<Capability> capabilities() {
    return Set.of();
  }

  @Override
  public Route route(Op op) {
    Located l = located();
    return Route.own(shape + (l.path() == null ? "" : ", " + l.path()) + ": a whole process");
  }

  @Override
  public Map<String, String> details() {
    Located l = located();
    Map<String, String> details = new LinkedHashMap<>();
    if (l.path() != null) {
      details.put("tool.path", l.path().toString());
      details.put("tool.version", l.version());
    }
    return details;
  }

  @Override
  public FloorRunner open() {
    Availability availability = availability();
    if (!availability.isAvailable()) {
      throw new IllegalStateException(
          "floor '" + id + "' is unavailable: " + availability.reason());
    }
    return new Runner(located().path());
  }

  @Override
  public String toString() {
    return id;
  }

  private Located located() {
    Located l = located;
    if (l == null) {
      l = locate(tool);
      located = l;
    }
    return l;
  }

  private static Located locate(String tool) {
    String path = System.getenv("PATH");
    for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, tool).toAbsolutePath();
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return new Located(candidate, version(candidate), null);
      }
    }
    return new Located(null, null, "no `" + tool + "` on the PATH (" + path + ")");
  }

  /** The first line of {@code tool --version}, or why there is none. */
  private static String version(Path tool) {
    try {
      Process p =
          new ProcessBuilder(tool.toString(), "--version")
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      byte[] output = p.getInputStream().readAllBytes();
      if (!p.waitFor(VERSION_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "unknown (" + tool + " --version did not end)";
      }
      String text = new String(output, StandardCharsets.UTF_8).strip();
      int newline = text.indexOf('\n');
      return text.isEmpty() ? "unknown" : newline < 0 ? text : text.substring(0, newline).strip();
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown (interrupted)";
    }
  }

  /** One trial: one recorded call a batch, run as the tool. */
  private final class Runner implements FloorRunner {
    private final Path program;
    private final FloorRecorder recorder = new FloorRecorder(ToolFloor.this);
    private final NativeBuffer report = NativeBuffer.direct(2 * Long.BYTES);
    private NativeBuffer argv = NativeBuffer.direct(256);
    private int argvLength;
    private FloorCall call;
    private boolean ran;

    Runner(Path program) {
      this.program = program;
    }

    @Override
    public FsBackend recorder() {
      return recorder.backend();
    }

    @Override
    public void prepare() throws IOException {
      List<FloorCall> calls = recorder.take();
      FloorCall first = LibraryFloorRunner.checkBatch(calls);
      if (calls.size() != 1 || first.call() != op) {
        throw new IllegalArgumentException(
            "floor '" + id + "' runs one " + op + " call a batch, not " + describe(calls));
      }
      List<byte[]> words = new ArrayList<>();
      words.add(PathBytes.argument(program));
      switch (op) {
        case READDIR:
          if (first.args()[0] == 0) {
            throw new IllegalArgumentException(
                "find lists a tree recursively: a non-recursive readdir has no floor '" + id + "'");
          }
          words.add(absolute(first.first()));
          break;
        case CP:
          if (Files.exists(first.second())) {
            throw new IllegalArgumentException(
                "cp -r copies into an existing target instead of onto it: "
                    + first.second()
                    + " must not exist");
          }
          words.add(PathBytes.verbatim("-r"));
          words.add(
              PathBytes.verbatim(
                  (first.args()[0] & Abi.CP_PRESERVE_TIMESTAMPS) != 0
                      ? "--preserve=mode,timestamps"
                      : "--preserve=mode"));
          words.add(PathBytes.verbatim("--"));
          words.add(absolute(first.first()));
          words.add(absolute(first.second()));
          break;
        case RM:
          long flags = first.args()[0];
          String options =
              ((flags & Abi.RM_RECURSIVE) != 0 ? "r" : "")
                  + ((flags & Abi.RM_FORCE) != 0 ? "f" : "");
          if (!options.isEmpty()) {
            words.add(PathBytes.verbatim("-" + options));
          }
          words.add(PathBytes.verbatim("--"));
          words.add(absolute(first.first()));
          break;
        default:
          throw new IllegalStateException("no tool for " + op);
      }
      argvLength = 0;
      for (byte[] w : words) {
        argvLength += w.length;
      }
      if (argv.capacity() < argvLength) {
        argv = NativeBuffer.direct(argvLength);
      }
      int at = 0;
      for (byte[] w : words) {
        argv.write(at, w);
        at += w.length;
      }
      call = first;
      ran = false;
    }

    private String describe(List<FloorCall> calls) {
      return calls.size() + " call(s) of " + Abi.symbol(calls.get(0).call());
    }

    private byte[] absolute(Path path) {
      return PathBytes.argument(path.toAbsolutePath());
    }

    @Override
    public long run() throws IOException {
      if (call == null || ran) {
        throw new IllegalStateException(
            call == null ? "no batch is prepared" : "the batch already ran: prepare another");
      }
      ran = true;
      int result = JnaBinding.fsb_floor_tool(argv.address(), argvLength, report.address());
      long[] measured = new long[2];
      report.read(0, measured, 2);
      if (result == 0) {
        return measured[0];
      }
      if (result == Abi.FSB_E_TOOL) {
        throw new IOException(
            program + " (" + shape + ") exited with status " + measured[1] + ": " + stderr());
      }
      if (result > 0) {
        throw new IOException("cannot run " + program + ": " + LinuxErrno.reason(result));
      }
      throw NativeErrors.of(op, result, call.first().toString(), null);
    }

    private String stderr() {
      String text = LibraryBackend.lastErrorPath(JnaBinding.INSTANCE).strip();
      return text.isEmpty() ? "(nothing on stderr)" : text;
    }

    @Override
    public Object result(int index) throws IOException {
      if (!ran) {
        throw new IllegalStateException("the batch has not run");
      }
      if (index != 0) {
        throw new IndexOutOfBoundsException("a tool's batch has one call, not call " + index);
      }
      return op == Op.READDIR ? listing(call.first().toAbsolutePath()) : null;
    }

    /**
     * What {@code find ROOT} lists, relative to ROOT, from an untimed run whose output is read back
     * (the timed one wrote to /dev/null), NUL-separated ({@code -print0}) so that every name reads
     * back whole.
     */
    private List<String> listing(Path root) throws IOException {
      Process p =
          new ProcessBuilder(program.toString(), root.toString(), "-print0")
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      byte[] output;
      try (InputStream in = p.getInputStream()) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        in.transferTo(bytes);
        output = bytes.toByteArray();
      }
      int status;
      try {
        status = p.waitFor();
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while " + program + " listed " + root, e);
      }
      if (status != 0) {
        throw new IOException(program + " " + root + " exited with status " + status);
      }
      String prefix = root + "/";
      List<String> listed = new ArrayList<>();
      for (String name : new String(output, StandardCharsets.UTF_8).split("\0", -1)) {
        if (name.isEmpty() || name.equals(root.toString())) {
          continue;
        }
        if (!name.startsWith(prefix)) {
          throw new IOException(program + " listed " + name + ", which is not below " + root);
        }
        listed.add(name.substring(prefix.length()));
      }
      return listed;
    }

    @Override
    public void close() {
      call = null;
      recorder.close();
    }
  }
}
