package dev.fsbench.jnrposix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM in which jnr-posix's native stub cannot load lists {@code jnr-posix} as unavailable, with
 * the reason, and {@code Backends.create} refuses it: jnr-posix's pure-Java POSIX is never measured
 * under the native name.
 *
 * <p>How the stub is kept from loading: jffi looks for {@code libjffi-1.2.so} on {@code
 * jffi.boot.library.path} and {@code java.library.path} (both pointed at an empty directory here),
 * then extracts it from its native jar into {@code jffi.extract.dir}, which here is a regular file,
 * so the extraction fails and nothing loads.
 */
class StubMissingTest {

  @TempDir Path scratch;

  @Test
  void withoutItsNativeStubTheBackendIsUnavailableAndRefused() throws Exception {
    Path empty = Files.createDirectory(scratch.resolve("empty"));
    Path notADirectory = Files.writeString(scratch.resolve("not-a-directory"), "");
    ChildJvm.Run run =
        ChildJvm.probe(
            scratch,
            List.of(
                "--enable-native-access=ALL-UNNAMED",
                "-Djffi.boot.library.path=" + empty,
                "-Djava.library.path=" + empty,
                "-Djffi.extract.dir=" + notADirectory));
    assertEquals(0, run.exit(), run.stderr());
    List<String> lines = run.stdout().lines().toList();
    assertEquals(2, lines.size(), run.stdout());
    assertTrue(
        lines
            .get(0)
            .startsWith(
                "listed\tunavailable: jnr-posix has no native POSIX here: its"
                    + " native stub (jffi) did not load"),
        lines.get(0));
    assertTrue(lines.get(0).contains(notADirectory.toString()), "names the cause: " + lines.get(0));
    assertTrue(
        lines
            .get(1)
            .startsWith(
                "refused\tjava.lang.IllegalStateException: backend 'jnr-posix' is unavailable: "),
        lines.get(1));
  }

  @Test
  void withItsNativeStubTheSameChildCreatesIt() throws Exception {
    ChildJvm.Run run = ChildJvm.probe(scratch, List.of("--enable-native-access=ALL-UNNAMED"));
    assertEquals(0, run.exit(), run.stderr());
    List<String> lines = run.stdout().lines().toList();
    assertEquals(List.of("listed\tavailable", lines.get(1)), lines, run.stdout());
    assertTrue(lines.get(1).startsWith("created\tsize of / "), lines.get(1));
  }
}
