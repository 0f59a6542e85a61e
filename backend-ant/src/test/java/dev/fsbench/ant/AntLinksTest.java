package dev.fsbench.ant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the backend reads the links Ant's scanner sets aside ({@code getNotFollowedSymlinks}): the
 * ones an include matches are entries, a path below a link that a literal root put there is not,
 * and a dangling link named without wildcards is not found at all (declared {@code dangling}).
 */
class AntLinksTest {
  private final FsBackend fs = new AntBackendProvider().create(BackendConfig.DEFAULT);

  @AfterEach
  void close() throws Exception {
    fs.close();
  }

  private Set<String> glob(Path cwd, String... patterns) throws Exception {
    return new TreeSet<>(fs.glob(cwd, List.of(patterns), GlobOptions.DEFAULT));
  }

  @Test
  void matchedLinksAreEntriesOfAnyKindAndNeverEntered(@TempDir Path dir) throws Exception {
    Files.writeString(Files.createDirectories(dir.resolve("src")).resolve("main.js"), "x");
    Files.createSymbolicLink(dir.resolve("to-src"), Path.of("src"));
    Files.createSymbolicLink(dir.resolve("to-file"), Path.of("src/main.js"));
    Files.createSymbolicLink(dir.resolve("dangling"), Path.of("nowhere"));
    Files.createSymbolicLink(dir.resolve("self"), Path.of("self"));
    assertEquals(
        Set.of("src", "src/main.js", "to-src", "to-file", "dangling", "self"), glob(dir, "**/*"));
    assertEquals(
        Set.of("src/main.js", "to-src", "to-file", "dangling", "self"),
        new TreeSet<>(
            fs.glob(dir, List.of("**/*"), GlobOptions.DEFAULT.withIncludeDirectories(false))));
    assertEquals(Set.of(), glob(dir, "to-src/", "to-src/*", "to-src/**"));
  }

  @Test
  void aLiteralRootThroughALinkIsNotFollowed(@TempDir Path dir) throws Exception {
    Files.writeString(Files.createDirectories(dir.resolve("src")).resolve("main.js"), "x");
    Files.createSymbolicLink(dir.resolve("to-src"), Path.of("src"));
    assertEquals(Set.of(), glob(dir, "to-src/main.js"));
    assertEquals(Set.of("to-src"), glob(dir, "to-src"));
  }

  @Test
  void aDanglingLinkNamedWithoutWildcardsIsNotFound(@TempDir Path dir) throws Exception {
    Files.createSymbolicLink(dir.resolve("dangling"), Path.of("nowhere"));
    assertEquals(Set.of(), glob(dir, "dangling"), "declared: dangling");
    assertEquals(Set.of("dangling"), glob(dir, "dangl*"));
    assertEquals(Set.of("dangling"), glob(dir, "dangling", "*"), "a wildcard's walk finds it");
  }
}
