package dev.fsbench.harness.run;

import java.nio.file.Path;
import java.util.List;

/**
 * How the routed backend's routes reach it in the runner and in every fork: the system property
 * naming the routes file, and the one naming a directory on the filesystem the backends work on
 * (the sandbox), whose type routed compares with the one its routes were measured on. routed
 * (backend-routed) reads both; the harness never imports it, so the names are spelled here too.
 */
public final class RoutesSetting {
  /** The routes file. */
  public static final String FILE = "fsbench.routes";

  /** A directory on the filesystem the backends work on. */
  public static final String DIRECTORY = "fsbench.routes.dir";

  private RoutesSetting() {}

  /** The routes file this JVM is set up with ({@value #FILE}), or {@code null}. */
  public static Path configured() {
    String file = System.getProperty(FILE);
    return file == null || file.isBlank() ? null : Path.of(file).toAbsolutePath().normalize();
  }

  /** A fork's flags for {@code routes}, its backends working in {@code work}. */
  static List<String> forkArgs(Path routes, Path work) {
    return routes == null
        ? List.of()
        : List.of("-D" + FILE + "=" + routes, "-D" + DIRECTORY + "=" + work);
  }
}
