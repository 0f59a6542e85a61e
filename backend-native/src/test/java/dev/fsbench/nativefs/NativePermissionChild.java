package dev.fsbench.nativefs;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.RmOptions;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The acts of {@link NativePermissionTest}, run where permission bits bind: in the test's JVM when
 * it is not privileged, or (as root) in a child JVM without capabilities, started through {@code
 * setpriv} as the contract kit's {@code PermissionRun} does. {@code NativePermissionChild <root>}
 * prints one line per case: {@code name TAB outcome}, the outcome being {@code ok} or the
 * exception's class and the path it names.
 */
public final class NativePermissionChild {
  private NativePermissionChild() {}

  interface Act {
    void on(FsBackend fs, Path dir) throws Exception;
  }

  /**
   * Every case by name, each acting on the fixture {@link NativePermissionTest} arranged in {@code
   * root/name}.
   */
  static Map<String, Act> acts() {
    Map<String, Act> acts = new LinkedHashMap<>();
    Act rm = (fs, d) -> fs.rm(d.resolve("t"), RmOptions.RECURSIVE_FORCE);
    for (String name :
        new String[] {"rm-000-dir", "rm-0600-dir-file", "rm-0600-dir-subdir", "rm-0500-deep"}) {
      acts.put(name, rm);
    }
    Act cp = (fs, d) -> fs.cp(d.resolve("src"), d.resolve("ro/dst"), CpOptions.DEFAULT);
    for (String name :
        new String[] {
          "cp-into-0555", "cp-file-into-0555-subdir", "cp-overwrite-in-0555", "cp-link"
        }) {
      acts.put(name, cp);
    }
    return acts;
  }

  static String outcome(FsBackend fs, Act act, Path dir) {
    try {
      act.on(fs, dir);
      return "ok";
    } catch (FileSystemException e) {
      return e.getClass().getSimpleName() + " " + e.getFile();
    } catch (Exception e) {
      return e.toString();
    }
  }

  public static void main(String[] args) {
    Path root = Path.of(args[0]);
    try (FsBackend fs = new NativeBackendProvider().create(BackendConfig.DEFAULT)) {
      for (Map.Entry<String, Act> c : acts().entrySet()) {
        System.out.println(c.getKey() + "\t" + outcome(fs, c.getValue(), root.resolve(c.getKey())));
      }
    }
  }
}
