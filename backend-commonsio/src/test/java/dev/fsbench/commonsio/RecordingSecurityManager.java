package dev.fsbench.commonsio;

import java.io.FilePermission;
import java.security.Permission;

/**
 * The spy of {@link RouteTruthDefaultFsTest}: a security manager that permits everything and
 * records every file permission check the recording thread makes under one directory, with the
 * Commons IO frames on its stack.
 *
 * <p>Why a security manager and not a wrapped provider: the default filesystem's provider only sees
 * {@code java.nio.file} calls, but several Commons IO routes are {@code java.io.File} calls ({@code
 * File.mkdirs} inside {@code FileUtils.forceMkdir}, {@code File.renameTo} inside {@code
 * FileUtils.moveFile}) that go straight to native code. Both APIs ask the security manager before
 * every access ({@code checkRead}, {@code checkWrite}, {@code checkDelete}, all ending in {@link
 * #checkPermission} with a {@link FilePermission}), so this sees both.
 *
 * <p>Deprecated for removal since Java 17, and Java 17 is the platform here: installing one needs
 * {@code -Djava.security.manager=allow} from Java 18 on and is impossible from Java 24. The test
 * fails with that explanation rather than skipping.
 */
@SuppressWarnings("removal")
final class RecordingSecurityManager extends SecurityManager {
  private final CallLog log;
  private final String under;
  private final ThreadLocal<Boolean> busy = ThreadLocal.withInitial(() -> false);

  /** Records checks on {@code under} and below. */
  RecordingSecurityManager(CallLog log, String under) {
    this.log = log;
    this.under = under;
  }

  @Override
  public void checkPermission(Permission permission) {
    if (!(permission instanceof FilePermission) || !log.isRecording() || busy.get()) {
      return; // everything is permitted; only file accesses of the recording thread are of interest
    }
    String path = permission.getName();
    if (!path.equals(under) && !path.startsWith(under + "/")) {
      return;
    }
    busy.set(true); // walking the stack may load classes, which asks this manager again
    try {
      for (String action : permission.getActions().split(",")) {
        log.add(kindOf(action), "FilePermission " + action, path);
      }
    } finally {
      busy.set(false);
    }
  }

  @Override
  public void checkPermission(Permission permission, Object context) {
    checkPermission(permission);
  }

  private static Call.Kind kindOf(String action) {
    switch (action) {
      case "write":
        return Call.Kind.WRITE;
      case "delete":
        return Call.Kind.DELETE;
      default:
        return Call.Kind.READ; // read, readlink, execute
    }
  }
}
