package dev.fsbench.testkit;

import static dev.fsbench.testkit.Case.error;
import static dev.fsbench.testkit.Case.result;
import static dev.fsbench.testkit.NonUtf8Names.acted;
import static dev.fsbench.testkit.PermissionCases.READ_ONLY_DIR;
import static dev.fsbench.testkit.PermissionCases.RO_MODE_555;
import static dev.fsbench.testkit.PermissionCases.ordinary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.codegen.FamilyEntry;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.NonUtf8Names.Pair;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * mkdtemp: a new empty directory (0700) named by the prefix and a unique suffix, beside the prefix.
 */
@FamilyEntry(Op.MKDTEMP)
final class MkdtempContract extends FamilyContract {

  @Override
  Op op() {
    return Op.MKDTEMP;
  }

  @Override
  String signature() {
    return "Path prefix";
  }

  @Override
  Invocation typical(Sandbox s) throws Exception {
    return Invocation.of((fs, a) -> mkdtemp(fs, (Path) a[0]), s.path("job-"));
  }

  private static void assertFresh(Sandbox s, Path made, Path prefix) throws Exception {
    assertEquals(prefix.getParent(), made.getParent(), "beside the prefix");
    assertTrue(
        made.getFileName().toString().startsWith(prefix.getFileName().toString()),
        made + " starts with prefix");
    assertTrue(
        made.getFileName().toString().length() > prefix.getFileName().toString().length(),
        "has a suffix");
    assertTrue(Files.isDirectory(made, LinkOption.NOFOLLOW_LINKS), "is a directory");
    assertTrue(Oracle.manifest(made).isEmpty(), "is empty");
  }

  @Override
  List<Case> cases(Env env) {
    return List.of(
        result(
            "job-: a new empty directory job-XXXX beside the prefix",
            s -> {
              Path prefix = s.path("job-");
              assertFresh(s, mkdtemp(s.fs(), prefix), prefix);
            }),
        result("mode 0700", s -> Checks.assertPermissions(0700, mkdtemp(s.fs(), s.path("job-"))))
            .needing(Capability.POSIX_PERMISSIONS),
        result(
            "two calls: two different directories",
            s -> {
              Path prefix = s.path("job-");
              Path first = mkdtemp(s.fs(), prefix);
              Path second = mkdtemp(s.fs(), prefix);
              assertNotEquals(first, second);
              assertFresh(s, first, prefix);
              assertFresh(s, second, prefix);
            }),
        result(
            "prefix in a subdirectory",
            s -> {
              Path prefix = Fixtures.emptyDir(s.path("sub")).resolve("x");
              assertFresh(s, mkdtemp(s.fs(), prefix), prefix);
            }),
        error(
            "missing parent: NoSuchFileException naming a path that starts with the prefix",
            s -> {
              Path prefix = s.path("missing/job-");
              s.fails(
                  Failure.matching(
                      NoSuchFileException.class,
                      prefix + "*",
                      f -> f.startsWith(prefix.toString())),
                  () -> mkdtemp(s.fs(), prefix));
            }),
        error(
            "a file used as a directory: like Files on this JDK, naming a path with the prefix",
            s -> {
              Path prefix = Fixtures.fileOf4KiB(s.path("f")).resolve("job-");
              Failure expected =
                  Failure.likeFilesMatching(
                      prefix + "*",
                      f -> f.startsWith(prefix.toString()),
                      () -> Files.createTempDirectory(prefix.getParent(), "job-"));
              s.fails(expected, () -> mkdtemp(s.fs(), prefix));
            }));
  }

  @Override
  Case nonUtf8Name() {
    return Case.result(
        "creates its directory in caf\\xe9 and returns a path to it",
        s -> {
          Pair p = Pair.directories(s, true);
          Path[] made = new Path[1];
          Path prefix = p.latin().resolve("job-");
          if (acted(prefix, () -> made[0] = mkdtemp(s.fs(), prefix))) {
            assertTrue(
                Files.isDirectory(made[0], LinkOption.NOFOLLOW_LINKS),
                "the returned path " + made[0] + " exists");
            assertEquals(
                p.latin(),
                made[0].getParent(),
                "the returned path's parent is caf\\xe9 (by its bytes)");
            try (Stream<Path> entries = Files.list(p.latin())) {
              assertEquals(
                  Set.of(p.latin().resolve("a"), made[0]), entries.collect(Collectors.toSet()));
            }
          }
          p.twinDirectoryUntouched();
        });
  }

  @Override
  List<PermissionCase> permissionCases() {
    return List.of(
        ordinary(
            op(),
            "a prefix in a 0555 directory",
            READ_ONLY_DIR,
            RO_MODE_555,
            (fs, d) -> mkdtemp(fs, d.resolve("ro/job-")),
            d ->
                Failure.matching(
                    AccessDeniedException.class,
                    d.resolve("ro/job-") + "*",
                    f -> f.startsWith(d.resolve("ro/job-").toString())),
            false));
  }

  /** mkdtemp through {@code fs}, sync or async by its mode. */
  static Path mkdtemp(Calls fs, Path prefix) throws IOException {
    return fs.call(b -> b.mkdtemp(prefix), b -> b.mkdtempAsync(prefix));
  }
}
