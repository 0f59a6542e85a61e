package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ReaddirOptions;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * Permission denied, for real. Root bypasses permission bits, and CI runs as root, so the kit uses
 * two mechanisms:
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

  interface Act {
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
      Act act,
      Expect expect,
      String expectedValue,
      boolean evenForRoot,
      boolean needsPrivilegedArrange,
      boolean partial) {

    String label() {
      return op.family() + ": " + name;
    }
  }

  private static final int OTHER_UID = ChownContract.OTHER_UID;

  static List<PermissionCase> all() {
    List<PermissionCase> all = new ArrayList<>();
    Arrange file = d -> Fixtures.fileOf4KiB(d.resolve("f"));
    Arrange readOnlyDir =
        d -> {
          Fixtures.fileOf4KiB(d.resolve("ro/f"));
          Fixtures.emptyDir(d.resolve("ro/sub"));
          Fixtures.fileOf4KiB(d.resolve("g"));
        };
    Arrange lockedDir =
        d -> {
          Fixtures.fileOf4KiB(d.resolve("locked/f"));
          Fixtures.symlink(d.resolve("locked/l"), "f");
        };
    Arrange tree =
        d -> {
          Fixtures.treeOf4Files(d.resolve("t"));
        };
    Arrange fileMode000 = d -> Fixtures.setPermissions(d.resolve("f"), 0);
    Arrange fileMode444 = d -> Fixtures.setPermissions(d.resolve("f"), 0444);
    Arrange fileMode644 = d -> Fixtures.setPermissions(d.resolve("f"), 0644);
    Arrange roMode555 = d -> Fixtures.setPermissions(d.resolve("ro"), 0555);
    Arrange lockedMode000 = d -> Fixtures.setPermissions(d.resolve("locked"), 0);
    Arrange treeD0Mode000 = d -> Fixtures.setPermissions(d.resolve("t/d0"), 0);
    Arrange fileOfOtherUser = d -> Files.setAttribute(d.resolve("f"), "unix:uid", OTHER_UID);

    all.add(
        ordinary(
            Op.ACCESS,
            "EXECUTE on a 0644 file: denied even to root",
            file,
            fileMode644,
            (fs, d) -> {
              fs.access(d.resolve("f"), AccessMode.EXECUTE);
              return null;
            },
            d -> denied(d, "f"),
            true));
    all.add(
        ordinary(
            Op.ACCESS,
            "WRITE on a 0444 file",
            file,
            fileMode444,
            (fs, d) -> {
              fs.access(d.resolve("f"), AccessMode.WRITE);
              return null;
            },
            d -> denied(d, "f"),
            false));
    all.add(
        ordinary(
            Op.ACCESS,
            "READ on a 000 file",
            file,
            fileMode000,
            (fs, d) -> {
              fs.access(d.resolve("f"), AccessMode.READ);
              return null;
            },
            d -> denied(d, "f"),
            false));
    all.add(
        ordinary(
            Op.READ_FILE,
            "a 000 file",
            file,
            fileMode000,
            (fs, d) -> fs.readFile(d.resolve("f")),
            d -> denied(d, "f"),
            false));
    all.add(
        ordinary(
            Op.WRITE_FILE,
            "a new file in a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> {
              fs.writeFile(d.resolve("ro/new"), new byte[1]);
              return null;
            },
            d -> denied(d, "ro/new"),
            false));
    all.add(
        ordinary(
            Op.WRITE_FILE,
            "a 0444 file",
            file,
            fileMode444,
            (fs, d) -> {
              fs.writeFile(d.resolve("f"), new byte[1]);
              return null;
            },
            d -> denied(d, "f"),
            false));
    all.add(
        ordinary(
            Op.APPEND_FILE,
            "a 0444 file",
            file,
            fileMode444,
            (fs, d) -> {
              fs.appendFile(d.resolve("f"), new byte[1]);
              return null;
            },
            d -> denied(d, "f"),
            false));
    all.add(
        ordinary(
            Op.TRUNCATE,
            "a 0444 file",
            file,
            fileMode444,
            (fs, d) -> {
              fs.truncate(d.resolve("f"), 1);
              return null;
            },
            d -> denied(d, "f"),
            false));
    all.add(
        ordinary(
            Op.READDIR,
            "a 000 directory",
            lockedDir,
            lockedMode000,
            (fs, d) -> fs.readdir(d.resolve("locked"), ReaddirOptions.DEFAULT),
            d -> denied(d, "locked"),
            false));
    all.add(
        ordinary(
            Op.READDIR,
            "recursive, a 000 subdirectory",
            tree,
            treeD0Mode000,
            (fs, d) -> fs.readdir(d.resolve("t"), ReaddirOptions.RECURSIVE),
            d -> denied(d, "t/d0"),
            false));
    all.add(
        ordinary(
            Op.SCAN,
            "a 000 subdirectory",
            tree,
            treeD0Mode000,
            (fs, d) -> fs.scan(d.resolve("t"), ScanOptions.DEFAULT),
            d -> denied(d, "t/d0"),
            false));
    all.add(
        ordinary(
            Op.GLOB,
            "a 000 working directory",
            lockedDir,
            lockedMode000,
            (fs, d) -> fs.glob(d.resolve("locked"), List.of("*"), GlobOptions.DEFAULT),
            d -> denied(d, "locked"),
            false));
    all.add(
        succeeding(
            Op.GLOB,
            "a 000 directory no pattern can enter is never listed",
            d -> {
              Fixtures.fileOf4KiB(d.resolve("open/a.txt"));
              Fixtures.fileOf4KiB(d.resolve("locked/b.txt"));
            },
            lockedMode000,
            (fs, d) -> fs.glob(d, List.of("open/*.txt", "*.txt"), GlobOptions.DEFAULT),
            "[open/a.txt]"));
    all.add(
        ordinary(
            Op.MKDIR,
            "in a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> {
              fs.mkdir(d.resolve("ro/new"), MkdirOptions.DEFAULT);
              return null;
            },
            d -> denied(d, "ro/new"),
            false));
    all.add(
        ordinary(
            Op.MKDTEMP,
            "a prefix in a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> fs.mkdtemp(d.resolve("ro/job-")),
            d ->
                Failure.matching(
                    AccessDeniedException.class,
                    d.resolve("ro/job-") + "*",
                    f -> f.startsWith(d.resolve("ro/job-").toString())),
            false));
    all.add(
        ordinary(
            Op.UNLINK,
            "a file in a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> {
              fs.unlink(d.resolve("ro/f"));
              return null;
            },
            d -> denied(d, "ro/f"),
            false));
    all.add(
        ordinary(
            Op.RM,
            "a file in a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> {
              fs.rm(d.resolve("ro/f"), RmOptions.DEFAULT);
              return null;
            },
            d -> denied(d, "ro/f"),
            false));
    all.add(
        partial(
            Op.RM,
            "recursive, a tree in a 0555 directory: its contents go, then the tree is refused",
            d -> Fixtures.treeOf4Files(d.resolve("ro/tree")),
            roMode555,
            (fs, d) -> {
              fs.rm(d.resolve("ro/tree"), RmOptions.RECURSIVE_FORCE);
              return null;
            },
            d -> denied(d, "ro/tree")));
    all.add(
        ordinary(
            Op.RMDIR,
            "an empty directory in a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> {
              fs.rmdir(d.resolve("ro/sub"));
              return null;
            },
            d -> denied(d, "ro/sub"),
            false));
    all.add(
        ordinary(
            Op.RENAME,
            "a file in a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> {
              fs.rename(d.resolve("ro/f"), d.resolve("g"));
              return null;
            },
            d -> denied(d, "ro/f").other(d.resolve("g")),
            false));
    all.add(
        ordinary(
            Op.COPY_FILE,
            "a 000 source",
            file,
            fileMode000,
            (fs, d) -> {
              fs.copyFile(d.resolve("f"), d.resolve("copy"), CopyFileOptions.DEFAULT);
              return null;
            },
            d -> denied(d, "f"),
            false));
    all.add(
        ordinary(
            Op.COPY_FILE,
            "into a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> {
              fs.copyFile(d.resolve("g"), d.resolve("ro/copy"), CopyFileOptions.DEFAULT);
              return null;
            },
            d -> denied(d, "ro/copy"),
            false));
    all.add(
        ordinary(
            Op.CP,
            "a tree into a 0555 directory",
            d -> {
              readOnlyDir.in(d);
              tree.in(d);
            },
            roMode555,
            (fs, d) -> {
              fs.cp(d.resolve("t"), d.resolve("ro/copy"), CpOptions.DEFAULT);
              return null;
            },
            d -> denied(d, "ro/copy"),
            false));
    all.add(
        partial(
            Op.CP,
            "a tree with a 000 subdirectory: refused at it",
            tree,
            treeD0Mode000,
            (fs, d) -> {
              fs.cp(d.resolve("t"), d.resolve("copy"), CpOptions.DEFAULT);
              return null;
            },
            d -> denied(d, "t/d0")));
    all.add(
        ordinary(
            Op.SYMLINK,
            "in a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> {
              fs.symlink(d.getFileSystem().getPath("f"), d.resolve("ro/l"));
              return null;
            },
            d -> denied(d, "ro/l"),
            false));
    all.add(
        ordinary(
            Op.LINK,
            "in a 0555 directory",
            readOnlyDir,
            roMode555,
            (fs, d) -> {
              fs.link(d.resolve("g"), d.resolve("ro/l"));
              return null;
            },
            d -> denied(d, "ro/l").other(d.resolve("g")),
            false));
    all.add(
        ordinary(
            Op.STAT,
            "a file in a 000 directory",
            lockedDir,
            lockedMode000,
            (fs, d) -> fs.stat(d.resolve("locked/f")),
            d -> denied(d, "locked/f"),
            false));
    all.add(
        ordinary(
            Op.LSTAT,
            "a file in a 000 directory",
            lockedDir,
            lockedMode000,
            (fs, d) -> fs.lstat(d.resolve("locked/f")),
            d -> denied(d, "locked/f"),
            false));
    all.add(
        ordinary(
            Op.REALPATH,
            "a file in a 000 directory",
            lockedDir,
            lockedMode000,
            (fs, d) -> fs.realpath(d.resolve("locked/f")),
            d -> denied(d, "locked/f"),
            false));
    all.add(
        ordinary(
            Op.READLINK,
            "a link in a 000 directory",
            lockedDir,
            lockedMode000,
            (fs, d) -> fs.readlink(d.resolve("locked/l")),
            d -> denied(d, "locked/l"),
            false));
    all.add(
        succeeding(
            Op.EXISTS,
            "a file in a 000 directory: false, no exception",
            lockedDir,
            lockedMode000,
            (fs, d) -> fs.exists(d.resolve("locked/f")),
            "false"));
    all.add(
        ordinary(
            Op.CHOWN,
            "to another uid: Operation not permitted",
            file,
            d -> {},
            (fs, d) -> {
              fs.chown(d.resolve("f"), OTHER_UID, -1);
              return null;
            },
            d -> notPermitted(d, "f"),
            false));
    all.add(
        privileged(
            Op.CHMOD,
            "another user's file: Operation not permitted",
            file,
            fileOfOtherUser,
            (fs, d) -> {
              fs.chmod(d.resolve("f"), 0600);
              return null;
            },
            d -> notPermitted(d, "f")));
    all.add(
        privileged(
            Op.UTIMES,
            "another user's file: Operation not permitted",
            file,
            fileOfOtherUser,
            (fs, d) -> {
              fs.utimes(d.resolve("f"), Fixtures.ATIME, Fixtures.MTIME);
              return null;
            },
            d -> notPermitted(d, "f")));
    return all;
  }

  private static Failure denied(Path dir, String relative) {
    return Failure.of(AccessDeniedException.class, dir.resolve(relative));
  }

  private static Failure notPermitted(Path dir, String relative) {
    return Failure.of(FileSystemException.class, dir.resolve(relative))
        .reason("Operation not permitted");
  }

  private static PermissionCase ordinary(
      Op op,
      String name,
      Arrange arrange,
      Arrange restrict,
      Act act,
      Expect expect,
      boolean evenForRoot) {
    return new PermissionCase(
        op, name, arrange, restrict, act, expect, null, evenForRoot, false, false);
  }

  private static PermissionCase partial(
      Op op, String name, Arrange arrange, Arrange restrict, Act act, Expect expect) {
    return new PermissionCase(op, name, arrange, restrict, act, expect, null, false, false, true);
  }

  private static PermissionCase privileged(
      Op op, String name, Arrange arrange, Arrange restrict, Act act, Expect expect) {
    return new PermissionCase(op, name, arrange, restrict, act, expect, null, false, true, false);
  }

  private static PermissionCase succeeding(
      Op op, String name, Arrange arrange, Arrange restrict, Act act, String value) {
    return new PermissionCase(op, name, arrange, restrict, act, null, value, false, false, false);
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
