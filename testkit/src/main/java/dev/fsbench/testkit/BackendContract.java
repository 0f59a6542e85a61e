package dev.fsbench.testkit;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The peer contract every backend passes: subclass it once per configuration and supply the
 * backend.
 *
 * <pre>{@code
 * class NioDefaultFsContractTest extends BackendContract {
 *   protected FsBackend createBackend(BackendConfig config) { return new NioBackend(config); }
 * }
 *
 * class NioJimfsContractTest extends BackendContract {
 *   private final FileSystem jimfs = Jimfs.newFileSystem(Configuration.unix().toBuilder()
 *       .setAttributeViews("basic", "owner", "posix", "unix").build());
 *   protected FileSystem fileSystem() { return jimfs; }
 *   protected FsBackend createBackend(BackendConfig config) { return new NioBackend(config); }
 *   @AfterEach void closeJimfs() throws IOException { jimfs.close(); }
 * }
 * }</pre>
 *
 * One {@link DynamicContainer} per family with one test per case, each case run twice: through the
 * sync form and through the async form ("[async]"), which must give the same result or fail with
 * the very same exception as the future's cause. Every case runs in a fresh sandbox directory the
 * kit makes and removes (see {@link Sandbox}). Besides the family's own result and error cases,
 * every family gets: a {@code null} in each reference argument ({@link NullPointerException},
 * nothing changed) and a path of another filesystem in each path argument ({@link
 * java.nio.file.ProviderMismatchException}). A family whose {@link Capability} the backend lacks
 * must throw {@link UnsupportedOperationException}, which is asserted instead of its cases.
 *
 * <h2>Kit rules made visible</h2>
 *
 * <ul>
 *   <li>NIO is the error oracle: where the expected error is NIO's, the kit runs the equivalent
 *       {@code Files} call on the same fixture, on the JDK and filesystem the tests run on, and
 *       expects what it throws (exactly, on the default filesystem); the contract's own forms are
 *       fixed. See {@link Failure}.
 *   <li>Permission cases run only where permission bits are enforced, the default filesystem: as
 *       root (which bypasses them) in a child JVM started through {@code setpriv} with every
 *       capability dropped, otherwise in-process. On another filesystem the "permission denied"
 *       container holds one test asserting that the filesystem indeed does not enforce them. See
 *       {@link PermissionCases}.
 *   <li>A case needing a capability the backend lacks is reported as aborted with the reason, never
 *       silently dropped.
 * </ul>
 *
 * <p>The subclass needs a no-arg constructor (any visibility): the permission child JVM
 * instantiates it to get the backend. A backend that needs native libraries must find them there
 * too: the child gets this JVM's class path and its {@code java.library.path}, {@code jna.*} and
 * {@code fsbench.*} system properties.
 */
public abstract class BackendContract {

  private FsBackend backend;
  private Env env;
  private final List<Path> leftovers = new ArrayList<>();

  /** Creates the backend under test on {@code config.fileSystem()}. */
  protected abstract FsBackend createBackend(BackendConfig config) throws Exception;

  /** The filesystem the kit works on; the default one unless overridden. */
  protected FileSystem fileSystem() {
    return FileSystems.getDefault();
  }

  @TestFactory
  final Stream<DynamicNode> contract() throws Exception {
    open();
    List<DynamicNode> nodes = new ArrayList<>();
    for (FamilyContract family : Families.ALL) {
      List<DynamicNode> tests = new ArrayList<>();
      for (Check check : checks(family)) {
        tests.add(DynamicTest.dynamicTest(check.name(), check::execute));
      }
      nodes.add(DynamicContainer.dynamicContainer(family.op().family(), tests));
    }
    nodes.add(PermissionCases.container(this));
    nodes.add(NonUtf8Names.container(this));
    return nodes.stream();
  }

  @AfterEach
  final void closeContract() throws IOException {
    close();
  }

  // ------------------------------------------------------------------------------------------------ for the kit

  /** Creates the backend and reads the environment; {@link #close} undoes it. */
  final void open() throws Exception {
    FileSystem fs = fileSystem();
    backend = createBackend(BackendConfig.builder().fileSystem(fs).build());
    if (backend == null) {
      throw new IllegalStateException(getClass().getName() + ".createBackend returned null");
    }
    env = probeEnv(fs, backend.capabilities());
  }

  final void close() throws IOException {
    if (backend != null) {
      backend.close();
      backend = null;
    }
    for (Path path : leftovers) {
      Sandbox.remove(path);
    }
    leftovers.clear();
  }

  final FsBackend backend() {
    return backend;
  }

  final Env env() {
    return env;
  }

  /** A kit-made directory that {@link #close} removes if the code that made it could not. */
  final void removeLater(Path directory) {
    leftovers.add(directory);
  }

  /** One runnable check: a case in one mode, or a shared case. */
  record Check(String family, String name, Case.Kind kind, Runner runner) {
    interface Runner {
      void run() throws Exception;
    }

    void execute() throws Exception {
      runner.run();
    }
  }

  /** Every check of {@code family} for this backend, in the order they are reported. */
  final List<Check> checks(FamilyContract family) {
    String name = family.op().family();
    List<Check> out = new ArrayList<>();
    Set<Capability> missing =
        family.requires().stream().filter(c -> !env.has(c)).collect(Collectors.toSet());
    List<Case> cases = new ArrayList<>();
    if (missing.isEmpty()) {
      cases.addAll(family.cases(env));
      cases.addAll(SharedCases.of(family));
    } else {
      cases.add(SharedCases.unsupported(family, missing));
    }
    for (Case c : cases) {
      for (Calls.Mode mode : Calls.Mode.values()) {
        String label = c.name() + (mode == Calls.Mode.ASYNC ? " [async]" : "");
        out.add(new Check(name, label, c.kind(), () -> run(c, mode)));
      }
    }
    return out;
  }

  private void run(Case c, Calls.Mode mode) throws Exception {
    Set<Capability> lacking =
        c.needs().stream().filter(n -> !env.has(n)).collect(Collectors.toSet());
    Assumptions.assumeTrue(lacking.isEmpty(), () -> "not applicable: the backend lacks " + lacking);
    try (Sandbox sandbox = Sandbox.create(env, new Calls(backend, mode))) {
      c.body().run(sandbox);
    } catch (AssertionError e) {
      // dynamic tests show up by index in some reports: name the case in the message
      AssertionError named =
          new AssertionError("[" + c.name() + ", " + mode + "] " + e.getMessage(), e.getCause());
      named.setStackTrace(e.getStackTrace());
      throw named;
    }
  }

  /**
   * Reads the facts cases rely on with {@code Files}, in a sandbox of its own: the umask (from a
   * directory made with no mode), the owner of new files, and whether permission bits bind this
   * process (reading a 000 file).
   */
  private static Env probeEnv(FileSystem fs, Set<Capability> capabilities) throws IOException {
    Env bare = new Env(fs, capabilities, 0, -1, -1, false);
    Path probe = Sandbox.newDirectory(bare);
    try {
      boolean posix = fs.supportedFileAttributeViews().contains("posix");
      int umask = 0;
      if (posix && bare.isDefaultFileSystem()) {
        umask = 0777 & ~Oracle.permissions(Files.createDirectory(probe.resolve("umask")));
      }
      Path file = Files.write(probe.resolve("owner"), new byte[] {1});
      int uid = (int) Oracle.unix(file, "uid");
      int gid = (int) Oracle.unix(file, "gid");
      boolean superuser = false;
      if (posix && bare.isDefaultFileSystem()) {
        Fixtures.setPermissions(file, 0);
        try {
          Files.readAllBytes(file);
          superuser = true;
        } catch (java.nio.file.AccessDeniedException expected) {
          superuser = false;
        }
      }
      return new Env(fs, capabilities, umask, uid, gid, superuser);
    } finally {
      Sandbox.remove(probe);
    }
  }

  /** The families the kit covers, for the coverage guard. */
  static List<Op> coveredOps() {
    return Families.ALL.stream().map(FamilyContract::op).collect(Collectors.toList());
  }
}
