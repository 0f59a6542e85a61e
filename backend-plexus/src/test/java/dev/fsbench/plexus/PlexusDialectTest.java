package dev.fsbench.plexus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.antglob.AntPatterns;
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
 * Plexus's dialect beyond Ant's (patterns it would read as its own syntax or trim are refused), and
 * what its scanner does with links: a link to a directory is a directory to it, and the backend
 * tells it apart where the SPI needs it; a link to nothing is left out (declared {@code dangling}).
 */
class PlexusDialectTest {
  private final FsBackend fs = new PlexusBackendProvider().create(BackendConfig.DEFAULT);

  @AfterEach
  void close() throws Exception {
    fs.close();
  }

  private String refusal(Path dir, String pattern) {
    return assertThrows(
            AntPatterns.Refused.class,
            () -> fs.glob(dir, List.of(pattern), GlobOptions.DEFAULT),
            pattern)
        .deviation();
  }

  @Test
  void patternsPlexusWouldReadOtherwiseAreRefused(@TempDir Path dir) {
    assertEquals("handlers", refusal(dir, "%regex\\[.*\\]"));
    assertEquals("handlers", refusal(dir, "%ant\\[a.js\\]"));
    assertEquals("spaces", refusal(dir, " a.js"));
    assertEquals("spaces", refusal(dir, "{a,b }"));
    assertEquals("brackets", refusal(dir, "[ab].js"));
  }

  @Test
  void aLinkToADirectoryIsAnEntryNeverADirectoryNorEntered(@TempDir Path dir) throws Exception {
    Files.writeString(Files.createDirectories(dir.resolve("src")).resolve("main.js"), "x");
    Files.createSymbolicLink(dir.resolve("to-src"), Path.of("src"));
    Files.createSymbolicLink(dir.resolve("dangling"), Path.of("nowhere"));
    assertEquals(
        Set.of("src", "src/main.js", "to-src"),
        new TreeSet<>(fs.glob(dir, List.of("**/*"), GlobOptions.DEFAULT)),
        "declared: dangling is left out");
    assertEquals(
        Set.of("src/main.js", "to-src"),
        new TreeSet<>(
            fs.glob(dir, List.of("**/*"), GlobOptions.DEFAULT.withIncludeDirectories(false))));
    assertEquals(Set.of("src"), new TreeSet<>(fs.glob(dir, List.of("*/"), GlobOptions.DEFAULT)));
    assertTrue(fs.glob(dir, List.of("to-src/**"), GlobOptions.DEFAULT).isEmpty());
  }
}
