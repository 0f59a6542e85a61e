package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.LATIN;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.inReadOnlyDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** symlink: the target stored verbatim; it need not exist. */
@FamilyEntry(Op.SYMLINK)
final class SymlinkContract extends FamilyContract {

  @Override
  Op op() {
    return Op.SYMLINK;
  }

  @Override
  String signature() {
    return "Path target, Path link";
  }

  @Override
  Set<Capability> requires() {
    return Set.of(Capability.SYMBOLIC_LINKS);
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    Fixtures.fileOf4KiB(s.path("f"));
    return Invocation.of(
        (fs, a) -> symlink(fs, (Path) a[0], (Path) a[1]),
        s.root().getFileSystem().getPath("f"),
        s.path("l"));
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "relative target: stored verbatim, resolves beside the link",
            s -> {
              Fixtures.fileWith(s.path("d/f"), Fixtures.patterned(50));
              Path target = s.root().getFileSystem().getPath("d/../d/f");
              symlink(s.fs(), target, s.path("l"));
              assertEquals(target, Files.readSymbolicLink(s.path("l")));
              Checks.assertContent(Fixtures.patterned(50), s.path("l"));
            }),
        result(
            "absolute target to a directory",
            s -> {
              Path dir = Fixtures.treeOf4Files(s.path("tree"));
              symlink(s.fs(), dir, s.path("l"));
              assertEquals(dir, Files.readSymbolicLink(s.path("l")));
              assertTrue(Files.isDirectory(s.path("l")));
            }),
        result(
            "missing target: a dangling link",
            s -> {
              Path target = s.root().getFileSystem().getPath("nowhere");
              symlink(s.fs(), target, s.path("l"));
              assertTrue(Files.isSymbolicLink(s.path("l")));
              assertEquals(target, Files.readSymbolicLink(s.path("l")));
            }),
        error(
            "link path exists: FileAlreadyExistsException naming it",
            s -> {
              Path taken = Fixtures.fileOf4KiB(s.path("taken"));
              s.fails(
                  Failure.of(FileAlreadyExistsException.class, taken),
                  () -> symlink(s.fs(), s.root().getFileSystem().getPath("x"), taken));
            }),
        error(
            "missing parent of the link: NoSuchFileException naming the link",
            s -> {
              Path link = s.path("missing/l");
              s.fails(
                  Failure.of(NoSuchFileException.class, link),
                  () -> symlink(s.fs(), s.root().getFileSystem().getPath("x"), link));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
            "creates the link caf\\xe9, and stores the target caf\\xe9, by its bytes",
            s -> {
              Pair p = Pair.files(s, false);
              if (acted(p.latin(), () -> symlink(s.fs(), Path.of("t"), p.latin()))) {
                assertEquals(Path.of("t"), Files.readSymbolicLink(p.latin()));
              }
              p.twinFileUntouched();
              Pair q = Pair.files(s, "second", true);
              Path target = q.dir().relativize(q.latin());
              Path link = q.dir().resolve("l");
              if (acted(target, () -> symlink(s.fs(), target, link))) {
                assertEquals(
                    target, Files.readSymbolicLink(link), "the stored target, by its bytes");
                Checks.assertContent(LATIN, link);
              }
            })
        .needing(Capability.SYMBOLIC_LINKS);
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        inReadOnlyDir(
            op(),
            "in a 0555 directory",
            (fs, d) -> symlink(fs, d.getFileSystem().getPath("f"), d.resolve("ro/l")),
            "ro/l"));
  }

  /** symlink through {@code fs}, sync or async by its mode. */
  static void symlink(Calls fs, Path target, Path link) throws IOException {
    fs.run(b -> b.symlink(target, link), b -> b.symlinkAsync(target, link));
  }
}
