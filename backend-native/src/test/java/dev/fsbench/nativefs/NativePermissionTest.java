package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.RmOptions;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Which error native rm and cp report when permission bits stop them, against what NIO reports for
 * the same tree (its {@code Files.walkFileTree} removal and tree copy, as the nio backend does
 * them: checked on this JDK, and written down here because backend-native does not depend on
 * another backend). Root bypasses the bits, and CI runs as root, so as root the acts run in a child
 * JVM without capabilities, started through {@code setpriv} as the contract kit's {@code
 * PermissionRun} starts its child ({@link NativePermissionChild}).
 */
@Tag("native-library")
class NativePermissionTest {
  private static final long CHILD_TIMEOUT_SECONDS = 180;

  private Path root;

  @BeforeEach
  void arrange() throws IOException {
    root = Files.createTempDirectory("fsbench-native-permissions-");
  }

  @AfterEach
  void remove() throws IOException {
    restore(root);
    try (FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT)) {
      fs.rm(root, RmOptions.RECURSIVE_FORCE);
    }
  }

  private static void restore(Path dir) throws IOException {
    try (var walk = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        }
      }
    } catch (java.io.UncheckedIOException e) {
      // A 000 directory below one just restored: walk again from the top.
      restore(dir);
    }
  }

  private static Path file(Path p) throws IOException {
    Files.createDirectories(p.getParent());
    return Files.writeString(p, "x");
  }

  private static void mode(Path p, String bits) throws IOException {
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(bits));
  }

  /**
   * Arranges every case's fixture and returns what NIO reports for it, as {@link
   * NativePermissionChild} prints.
   */
  private Map<String, String> arrange(Path root) throws IOException {
    Map<String, String> expected = new LinkedHashMap<>();
    Path d = root.resolve("rm-000-dir");
    file(d.resolve("t/d0/f"));
    mode(d.resolve("t/d0"), "---------");
    expected.put("rm-000-dir", "AccessDeniedException " + d.resolve("t/d0"));
    d = root.resolve("rm-0600-dir-file");
    file(d.resolve("t/d0/f"));
    mode(d.resolve("t/d0"), "rw-------");
    expected.put("rm-0600-dir-file", "AccessDeniedException " + d.resolve("t/d0/f"));
    d = root.resolve("rm-0600-dir-subdir");
    Files.createDirectories(d.resolve("t/d0/s"));
    mode(d.resolve("t/d0"), "rw-------");
    expected.put("rm-0600-dir-subdir", "AccessDeniedException " + d.resolve("t/d0/s"));
    d = root.resolve("rm-0500-deep");
    file(d.resolve("t/d0/s/x/f"));
    mode(d.resolve("t/d0/s/x"), "r-x------");
    expected.put("rm-0500-deep", "AccessDeniedException " + d.resolve("t/d0/s/x/f"));

    d = root.resolve("cp-into-0555");
    file(d.resolve("src/a/b/f"));
    Files.createDirectories(d.resolve("ro"));
    mode(d.resolve("ro"), "r-xr-xr-x");
    expected.put("cp-into-0555", "AccessDeniedException " + d.resolve("ro/dst"));
    d = root.resolve("cp-file-into-0555-subdir");
    file(d.resolve("src/a/b/f"));
    Files.createDirectories(d.resolve("ro/dst/a/b"));
    mode(d.resolve("ro/dst/a/b"), "r-xr-xr-x");
    expected.put("cp-file-into-0555-subdir", "AccessDeniedException " + d.resolve("ro/dst/a/b/f"));
    d = root.resolve("cp-overwrite-in-0555");
    file(d.resolve("src/f"));
    file(d.resolve("ro/dst/f"));
    mode(d.resolve("ro/dst"), "r-xr-xr-x");
    expected.put("cp-overwrite-in-0555", "AccessDeniedException " + d.resolve("ro/dst/f"));
    d = root.resolve("cp-link");
    Files.createDirectories(d.resolve("src"));
    Files.createSymbolicLink(d.resolve("src/l"), Path.of("target"));
    Files.createDirectories(d.resolve("ro/dst"));
    mode(d.resolve("ro/dst"), "r-xr-xr-x");
    expected.put("cp-link", "AccessDeniedException " + d.resolve("ro/dst/l"));
    assertEquals(NativePermissionChild.acts().keySet(), expected.keySet());
    return expected;
  }

  private static boolean superuser() throws IOException {
    return "0".equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid").toString());
  }

  @Test
  void rmAndCpNameThePathNioNames() throws Exception {
    Map<String, String> expected = arrange(root);
    Map<String, String> observed = superuser() ? inChild(root) : inProcess(root);
    assertEquals(expected, observed);
  }

  private static Map<String, String> inProcess(Path root) {
    Map<String, String> out = new LinkedHashMap<>();
    try (FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT)) {
      NativePermissionChild.acts()
          .forEach(
              (name, act) ->
                  out.put(name, NativePermissionChild.outcome(fs, act, root.resolve(name))));
    }
    return out;
  }

  private static Map<String, String> inChild(Path root) throws IOException, InterruptedException {
    assertTrue(
        new File("/usr/bin/setpriv").canExecute() || new File("/bin/setpriv").canExecute(),
        "as root the permission cases need setpriv (util-linux) to drop capabilities in a child JVM");
    List<String> command =
        new ArrayList<>(
            List.of(
                "setpriv",
                "--inh-caps=-all",
                "--ambient-caps=-all",
                "--bounding-set=-all",
                "--no-new-privs",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path")));
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("jna.")
          || name.startsWith("fsbench.")
          || name.equals("java.library.path")) {
        command.add("-D" + name + "=" + System.getProperty(name));
      }
    }
    command.add(NativePermissionChild.class.getName());
    command.add(root.toString());
    Path stdout = Files.createTempFile("fsbench-native-child-", ".out");
    Path stderr = Files.createTempFile("fsbench-native-child-", ".err");
    try {
      Process child =
          new ProcessBuilder(command)
              .redirectOutput(stdout.toFile())
              .redirectError(stderr.toFile())
              .start();
      if (!child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        child.destroyForcibly();
        throw new AssertionError(
            "the child JVM did not finish within " + CHILD_TIMEOUT_SECONDS + " s");
      }
      assertEquals(0, child.exitValue(), () -> "child failed: " + read(stderr));
      Map<String, String> out = new LinkedHashMap<>();
      for (String line : Files.readAllLines(stdout, StandardCharsets.UTF_8)) {
        String[] f = line.split("\t", 2);
        if (f.length == 2) {
          out.put(f[0], f[1]);
        }
      }
      return out;
    } finally {
      Files.deleteIfExists(stdout);
      Files.deleteIfExists(stderr);
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return e.toString();
    }
  }
}
