package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Platform;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the library is loaded from ({@link LibraryFile}): in place from a directory, from the
 * user's cache (one file per content) from a jar, and never a copy per JVM that a killed JVM leaves
 * behind (every killed fork left one in JNA's temporary folder).
 */
@Tag("native-library")
class LibraryFileTest {
  private static final long CHILD_TIMEOUT_SECONDS = 60;

  @TempDir Path dir;

  private static String resource() {
    return LibraryFile.resourcePath(Platform.RESOURCE_PREFIX);
  }

  /** The library this build made, as a file on the class path (target/classes). */
  private static Path built() throws Exception {
    URL url = LibraryFileTest.class.getClassLoader().getResource(resource());
    assertTrue(url != null && url.getProtocol().equals("file"), "the built library: " + url);
    return Path.of(url.toURI());
  }

  /** A jar holding {@code classes} (a directory) as it is, the library included. */
  private static Path jarOf(Path classes, Path jar) throws IOException {
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream zip = new JarOutputStream(out);
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().collect(Collectors.toList())) {
        zip.putNextEntry(
            new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
        Files.copy(f, zip);
        zip.closeEntry();
      }
    }
    return jar;
  }

  /** A jar holding only the library, at its resource path; its URL. */
  private URL libraryInAJar() throws Exception {
    Path only = Files.createDirectories(dir.resolve("only"));
    Path copy = only.resolve(resource());
    Files.createDirectories(copy.getParent());
    Files.copy(built(), copy);
    Path jar = jarOf(only, dir.resolve("library.jar"));
    return new URL("jar:" + jar.toUri() + "!/" + resource());
  }

  /** The regular files below {@code root}, relative. */
  private static Set<String> filesBelow(Path root) throws IOException {
    if (!Files.exists(root)) {
      return Set.of();
    }
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(p -> !Files.isDirectory(p))
          .map(p -> root.relativize(p).toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  @Test
  void aFileOnTheClassPathIsLoadedInPlace() throws Exception {
    Path cache = dir.resolve("cache");
    LibraryFile file = LibraryFile.of(built().toUri().toURL(), cache);
    assertEquals(built(), file.path());
    assertEquals("in place", file.origin());
    assertEquals(LibraryFile.sha256(built()), file.sha256());
    file.loaded();
    assertTrue(Files.exists(built()), "loaded() leaves a file in place where it is");
    assertFalse(Files.exists(cache), "no cache is made for a file in place");
  }

  @Test
  void fromAJarItIsExtractedOncePerContent() throws Exception {
    URL url = libraryInAJar();
    Path cache = dir.resolve("cache");
    LibraryFile first = LibraryFile.of(url, cache);
    String hash = LibraryFile.sha256(built());
    assertEquals("cache", first.origin());
    assertEquals(cache.resolve(LibraryFile.name(hash)), first.path());
    assertEquals(hash, first.sha256());
    assertEquals(hash, LibraryFile.sha256(first.path()));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)));
    first.loaded();
    long modified = Files.getLastModifiedTime(first.path()).toMillis();

    LibraryFile second = LibraryFile.of(url, cache);
    second.loaded();
    assertEquals(first.path(), second.path());
    assertEquals(Set.of(LibraryFile.name(hash)), filesBelow(cache), "one file, no partial copy");
    assertEquals(modified, Files.getLastModifiedTime(second.path()).toMillis(), "not rewritten");
  }

  @Test
  void aCachedFileOfOtherContentIsReplaced() throws Exception {
    URL url = libraryInAJar();
    Path cache = Files.createDirectory(dir.resolve("cache"));
    Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwx------"));
    String hash = LibraryFile.sha256(built());
    Files.writeString(cache.resolve(LibraryFile.name(hash)), "not the library");
    LibraryFile file = LibraryFile.of(url, cache);
    assertEquals("cache", file.origin());
    assertEquals(hash, LibraryFile.sha256(file.path()));
    assertEquals(Set.of(LibraryFile.name(hash)), filesBelow(cache));
  }

  @Test
  void aCacheOthersMayWriteIsNotUsed() throws Exception {
    URL url = libraryInAJar();
    Path cache = Files.createDirectory(dir.resolve("cache"));
    Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxrwxrwx"));
    LibraryFile file = LibraryFile.of(url, cache);
    assertTrue(
        file.origin().startsWith("copy for this JVM (")
            && file.origin().contains("writable by others"),
        file.origin());
    assertEquals(Set.of(), filesBelow(cache), "nothing written into it");
    assertEquals(LibraryFile.sha256(built()), LibraryFile.sha256(file.path()));
    file.loaded();
    assertFalse(Files.exists(file.path()), "the JVM's own copy goes once it is loaded");
  }

  @Test
  void aLinkAsTheCacheIsNotUsed() throws Exception {
    URL url = libraryInAJar();
    Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
    Files.setPosixFilePermissions(elsewhere, PosixFilePermissions.fromString("rwx------"));
    Path cache = Files.createSymbolicLink(dir.resolve("cache"), elsewhere);
    LibraryFile file = LibraryFile.of(url, cache);
    assertTrue(file.origin().contains("is not a directory"), file.origin());
    assertEquals(Set.of(), filesBelow(elsewhere));
    file.loaded();
    assertFalse(Files.exists(file.path()));
  }

  /**
   * What the cache is for: JVMs loading the backend from a jar, one of them killed after loading
   * it, leave no file in {@code java.io.tmpdir} (where JNA's folder is too) but the one cached
   * library.
   */
  @Test
  void childJvmsLoadingFromAJarLeaveNothingBehind() throws Exception {
    Path classes =
        Path.of(Library.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path jar = jarOf(classes, dir.resolve("fsbench-backend-native.jar"));
    List<String> classPath = new ArrayList<>(List.of(jar.toString()));
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.isEmpty() && !Path.of(entry).toAbsolutePath().equals(classes.toAbsolutePath())) {
        classPath.add(entry);
      }
    }
    Path tmp = Files.createDirectory(dir.resolve("tmp"));
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Djava.io.tmpdir=" + tmp,
            "-cp",
            String.join(File.pathSeparator, classPath),
            LibraryLoadChild.class.getName());

    assertEquals("cache", run(command, false));
    Set<String> afterFirst = filesBelow(tmp);
    String cached =
        "fsbench-native-"
            + Files.getAttribute(Path.of("/proc/self"), "unix:uid")
            + File.separator
            + LibraryFile.name(LibraryFile.sha256(built()));
    assertEquals(Set.of(cached), afterFirst, "the first JVM leaves the cached library alone");

    assertEquals("cache", run(command, false));
    assertEquals(afterFirst, filesBelow(tmp), "a second JVM adds nothing");
    assertEquals("cache", run(command, true));
    assertEquals(afterFirst, filesBelow(tmp), "a JVM killed after loading adds nothing");
  }

  /** Runs the child; with {@code kill}, kills it (SIGKILL) once it has loaded. Its origin line. */
  private static String run(List<String> command, boolean kill) throws Exception {
    List<String> args = new ArrayList<>(command);
    if (kill) {
      args.add("hold");
    }
    Process child = new ProcessBuilder(args).redirectErrorStream(true).start();
    StringBuilder printed = new StringBuilder();
    String origin = null;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        printed.append(line).append('\n');
        if (line.startsWith("origin\t")) {
          origin = line.substring("origin\t".length());
          if (kill) {
            child.destroyForcibly(); // SIGKILL: no exit hooks, as a fork killed by the harness
            break;
          }
        }
      }
    }
    if (!child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      child.destroyForcibly();
      throw new AssertionError("the child JVM did not finish: " + printed);
    }
    if (!kill) {
      assertEquals(0, child.exitValue(), () -> "the child failed: " + printed);
    }
    assertTrue(origin != null, () -> "the child printed no origin: " + printed);
    return origin;
  }
}
