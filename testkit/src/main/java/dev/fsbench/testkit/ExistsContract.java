package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.PermissionCases.LOCKED_DIR;
import static dev.fsbench.testkit.PermissionCases.LOCKED_MODE_000;
import static dev.fsbench.testkit.PermissionCases.succeeding;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** exists: links followed, and never an I/O error: what cannot be determined is {@code false}. */
@FamilyEntry(Op.EXISTS)
final class ExistsContract extends FamilyContract {

  @Override
  Op op() {
    return Op.EXISTS;
  }

  @Override
  String signature() {
    return "Path path";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of((fs, a) -> exists(fs, (Path) a[0]), Fixtures.fileOf4KiB(s.path("f")));
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result("file: true", s -> assertTrue(exists(s.fs(), Fixtures.fileOf4KiB(s.path("f"))))),
        result("directory: true", s -> assertTrue(exists(s.fs(), Fixtures.emptyDir(s.path("d"))))),
        result("missing: false", s -> assertFalse(exists(s.fs(), s.path("missing")))),
        result(
                "link to a file: true",
                s -> {
                  Fixtures.fileOf4KiB(s.path("f"));
                  assertTrue(exists(s.fs(), Fixtures.symlink(s.path("l"), "f")));
                })
            .needing(Capability.SYMBOLIC_LINKS),
        result(
                "dangling link: false (followed)",
                s -> assertFalse(exists(s.fs(), Fixtures.symlink(s.path("l"), "missing"))))
            .needing(Capability.SYMBOLIC_LINKS),
        result(
            "empty path is the working directory: true",
            s -> assertTrue(exists(s.fs(), s.root().getFileSystem().getPath("")))),
        error(
            "a file used as a directory: false, no exception",
            s -> assertFalse(exists(s.fs(), Fixtures.fileOf4KiB(s.path("f")).resolve("x")))),
        error(
                "link loop: false, no exception",
                s -> {
                  Fixtures.symlink(s.path("a"), "b");
                  assertFalse(exists(s.fs(), Fixtures.symlink(s.path("b"), "a")));
                })
            .needing(Capability.SYMBOLIC_LINKS));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "caf\\xe9 missing, its twin present: false",
        s -> {
          Pair p = Pair.files(s, false);
          assertFalse(exists(s.fs(), p.latin()), "exists(caf\\xe9) answered for its twin");
          p.twinFileUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        succeeding(
            op(),
            "a file in a 000 directory: false, no exception",
            LOCKED_DIR,
            LOCKED_MODE_000,
            (fs, d) -> exists(fs, d.resolve("locked/f")),
            "false"));
  }

  /** exists through {@code fs}, sync or async by its mode. */
  static boolean exists(Calls fs, Path path) throws IOException {
    return fs.call(b -> b.exists(path), b -> b.existsAsync(path));
  }
}
