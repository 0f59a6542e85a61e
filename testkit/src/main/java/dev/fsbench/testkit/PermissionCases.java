package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * Permission denied, for real. Each family's cases are its contract's ({@link
 * FamilyContract#permissionCases}), made with the factories and fixtures here. Root bypasses
 * permission bits, and CI runs as root, so the kit uses two mechanisms:
 *
 * <ol>
 *   <li>conditions that bind root too (EXECUTE on a file without any execute bit), run in-process;
 *   <li>everything else runs where the bits bind: in-process when the process is not privileged; as
 *       root, in a child JVM started through {@code setpriv} with every capability dropped ({@link
 *       PermissionRun}), where root keeps access to its own files but loses CAP_DAC_OVERRIDE,
 *       CAP_FOWNER and CAP_CHOWN.
 * </ol>
 *
 * The parent arranges each case's fixture (one directory per case and mode), records its manifest,
 * removes the permission bits, lets the act run, restores the bits and checks the outcome and that
 * nothing changed. Cases that need another user's file to start from (chmod, utimes by a non-owner)
 * can only be arranged by a privileged parent; elsewhere they are reported as aborted with that
 * reason. Only the default filesystem enforces permission bits; on another one the container holds
 * a single test proving that it does not (a 000 file stays readable).
 */
final class PermissionCases {
  private PermissionCases() {}

  interface Arrange {
    void in(Path dir) throws IOException;
  }

  /** The call a denial case makes; what it returns, if anything, is not its outcome. */
  interface Act {
    void on(Calls fs, Path dir) throws Exception;
  }

  /** The call a case that must succeed makes: its result is the outcome checked. */
  interface Probe {
    Object on(Calls fs, Path dir) throws Exception;
  }

  interface Expect {
    Failure in(Path dir);
  }

  /**
   * One case.
   *
   * @param evenForRoot the condition binds root too, so it runs in-process always
   * @param needsPrivilegedArrange the fixture must belong to another user: only a superuser parent
   *     can make it
   * @param partial the act may remove or create some entries before failing, so the manifest is not
   *     compared
   * @param expectedValue for a case that must succeed, the result's {@code String.valueOf}; else
   *     null
   */
  record PermissionCase(
      Op op,
      String name,
      Arrange arrange,
      Arrange restrict,
      Probe act,
      Expect expect,
      String expectedValue,
      boolean evenForRoot,
      boolean needsPrivilegedArrange,
      boolean partial) {

    String label() {
      return op.family() + ": " + name;
    }
  }

  static final Arrange FILE = d -> Fixtures.fileOf4KiB(d.resolve("f"));
  static final Arrange READ_ONLY_DIR =
      d -> {
        Fixtures.fileOf4KiB(d.resolve("ro/f"));
        Fixtures.emptyDir(d.resolve("ro/sub"));
        Fixtures.fileOf4KiB(d.resolve("g"));
      };
  static final Arrange LOCKED_DIR =
      d -> {
        Fixtures.fileOf4KiB(d.resolve("locked/f"));
        Fixtures.symlink(d.resolve("locked/l"), "f");
      };
  static final Arrange TREE = d -> Fixtures.treeOf4Files(d.resolve("t"));
  static final Arrange FILE_MODE_644 = d -> Fixtures.setPermissions(d.resolve("f"), 0644);
  static final Arrange RO_MODE_555 = d -> Fixtures.setPermissions(d.resolve("ro"), 0555);
  static final Arrange LOCKED_MODE_000 = d -> Fixtures.setPermissions(d.resolve("locked"), 0);
  static final Arrange TREE_D0_MODE_000 = d -> Fixtures.setPermissions(d.resolve("t/d0"), 0);
  static final Arrange FILE_OF_OTHER_USER =
      d -> Files.setAttribute(d.resolve("f"), "unix:uid", ChownContract.OTHER_UID);

  /** Every family's cases, as its contract gives them ({@link FamilyContract#permissionCases}). */
  static List<PermissionCase> all() {
    List<PermissionCase> all = new ArrayList<>();
    for (FamilyContract family : Families.ALL) {
      all.addAll(family.permissionCases());
    }
    return all;
  }

  static Failure denied(Path dir, String relative) {
    return Failure.of(AccessDeniedException.class, dir.resolve(relative));
  }

  static Failure notPermitted(Path dir, String relative) {
    return Failure.of(FileSystemException.class, dir.resolve(relative))
        .reason("Operation not permitted");
  }

  static PermissionCase ordinary(
      Op op,
      String name,
      Arrange arrange,
      Arrange restrict,
      Act act,
      Expect expect,
      boolean evenForRoot) {
    return new PermissionCase(
        op, name, arrange, restrict, probe(act), expect, null, evenForRoot, false, false);
  }

  /** A file {@code f} of mode {@code mode}, on which {@code act} is denied. */
  static PermissionCase onFile(Op op, String name, int mode, Act act) {
    return ordinary(
        op,
        name,
        FILE,
        d -> Fixtures.setPermissions(d.resolve("f"), mode),
        act,
        d -> denied(d, "f"),
        false);
  }

  /** {@link #READ_ONLY_DIR} made 0555, in which {@code act} is denied at {@code deniedPath}. */
  static PermissionCase inReadOnlyDir(Op op, String name, Act act, String deniedPath) {
    return ordinary(op, name, READ_ONLY_DIR, RO_MODE_555, act, d -> denied(d, deniedPath), false);
  }

  /** {@link #LOCKED_DIR} made 000, in which {@code act} is denied at {@code deniedPath}. */
  static PermissionCase inLockedDir(Op op, String name, Act act, String deniedPath) {
    return ordinary(op, name, LOCKED_DIR, LOCKED_MODE_000, act, d -> denied(d, deniedPath), false);
  }

  /** {@link #TREE} with its subdirectory {@code d0} made 000, where {@code act} is denied. */
  static PermissionCase belowLockedSubdirectory(Op op, String name, Act act) {
    return ordinary(op, name, TREE, TREE_D0_MODE_000, act, d -> denied(d, "t/d0"), false);
  }

  static PermissionCase partial(
      Op op, String name, Arrange arrange, Arrange restrict, Act act, Expect expect) {
    return new PermissionCase(
        op, name, arrange, restrict, probe(act), expect, null, false, false, true);
  }

  static PermissionCase privileged(
      Op op, String name, Arrange arrange, Arrange restrict, Act act, Expect expect) {
    return new PermissionCase(
        op, name, arrange, restrict, probe(act), expect, null, false, true, false);
  }

  static PermissionCase succeeding(
      Op op, String name, Arrange arrange, Arrange restrict, Probe act, String value) {
    return new PermissionCase(op, name, arrange, restrict, act, null, value, false, false, false);
  }

  /** A denial's act as the run calls it: its outcome is what it throws, its value always null. */
  private static Probe probe(Act act) {
    return (fs, dir) -> {
      act.on(fs, dir);
      return null;
    };
  }

  /** The "permission denied" container of a contract run. */
  static DynamicNode container(BackendContract contract) {
    Env env = contract.env();
    if (!env.enforcesPermissions()) {
      return DynamicContainer.dynamicContainer(
          "permission denied",
          List.of(
              DynamicTest.dynamicTest(
                  "not run: "
                      + env.fileSystem().provider().getScheme()
                      + " does not enforce permission bits (checked)",
                  () -> assertNotEnforced(env))));
    }
    PermissionRun run = new PermissionRun(contract, all());
    List<DynamicNode> tests = new ArrayList<>();
    for (int i = 0; i < run.cases().size(); i++) {
      for (Calls.Mode mode : Calls.Mode.values()) {
        int index = i;
        PermissionCase c = run.cases().get(i);
        String label =
            c.label()
                + (mode == Calls.Mode.ASYNC ? " [async]" : "")
                + " ["
                + run.mechanism(c)
                + "]";
        tests.add(DynamicTest.dynamicTest(label, () -> run.check(index, mode)));
      }
    }
    return DynamicContainer.dynamicContainer("permission denied", tests);
  }

  /**
   * A filesystem said not to enforce permission bits must let the owner read a 000 file; else the
   * kit is wrong.
   */
  private static void assertNotEnforced(Env env) throws IOException {
    Path dir = Sandbox.newDirectory(env);
    try {
      Path file = Fixtures.fileOf4KiB(dir.resolve("f"));
      if (env.fileSystem().supportedFileAttributeViews().contains("posix")) {
        Fixtures.setPermissions(file, 0);
        assertEquals(0, Oracle.permissions(file), "the bits were stored");
      }
      assertTrue(
          Files.readAllBytes(file).length == 4096,
          "a 000 file was readable, so the permission cases indeed cannot run on this filesystem");
    } catch (AccessDeniedException e) {
      throw new AssertionError(
          "this filesystem enforces permission bits: the kit must run its permission cases here",
          e);
    } finally {
      Sandbox.remove(dir);
    }
  }

  /** What an act did, as the parent checks it (also when it ran in a child JVM). */
  record Outcome(Failure.Observed failure, String value) {
    static Outcome of(Object value) {
      return new Outcome(null, String.valueOf(value));
    }

    static Outcome of(Throwable t) {
      return new Outcome(Failure.Observed.of(t), null);
    }
  }

  /** Runs an act, catching what it throws; used in-process and by the child. */
  static Outcome act(PermissionCase c, Calls fs, Path dir) {
    try {
      return Outcome.of(c.act().on(fs, dir));
    } catch (Throwable t) {
      return Outcome.of(t);
    }
  }
}
