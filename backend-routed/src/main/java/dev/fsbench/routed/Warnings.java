package dev.fsbench.routed;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the routes may not hold here: evidence from another JDK major or another filesystem type.
 * Such routes are used all the same, with a warning, because they are still the best evidence at
 * hand: a JDK's new release changes some costs, not all, and a program must not fail to start on a
 * JDK that is newer than its last measurement. The warning says so and how to measure again; a
 * program reads it from the provider's details and availability reason, and it is logged once per
 * JVM through {@link System.Logger} ({@code dev.fsbench.routed}).
 */
final class Warnings {
  /**
   * The system property naming a directory on the filesystem the program works on, whose type is
   * compared with the one the routes were measured on; without it, the working directory.
   */
  static final String DIRECTORY_PROPERTY = "fsbench.routes.dir";

  private static final System.Logger LOG = System.getLogger("dev.fsbench.routed");

  /** The warnings already logged in this JVM: a backend created per test must not repeat them. */
  private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();

  private Warnings() {}

  /** What differs between the routes' evidence and this JVM, on {@code fileSystem}. */
  static List<String> of(RoutesFile routes, FileSystem fileSystem) {
    List<String> out = new ArrayList<>();
    RoutesFile.Source source = routes.source();
    int here = Runtime.version().feature();
    if (source.jdkMajor() == null) {
      out.add("the routes do not say which JDK measured them; this is JDK " + here);
    } else if (source.jdkMajor() != here) {
      out.add(
          "the routes were measured on JDK "
              + source.jdkMajor()
              + ", this is JDK "
              + here
              + ": some costs change between releases, so measure again on this one (fsbench run,"
              + " then fsbench recommend) before trusting every choice");
    }
    String where = describe(fileSystem);
    String type = typeOf(fileSystem);
    if (source.fileSystemType() == null) {
      out.add("the routes do not say which filesystem they were measured on");
    } else if (type == null) {
      out.add(
          "the routes were measured on "
              + source.fileSystemType()
              + ", and the type of "
              + where
              + " cannot be read");
    } else if (!type.equals(source.fileSystemType())) {
      out.add(
          "the routes were measured on "
              + source.fileSystemType()
              + ", "
              + where
              + " is on "
              + type
              + ": a filesystem changes what each call costs, so measure again there (fsbench run"
              + " --root DIR) before trusting every choice");
    }
    return out;
  }

  /** Logs each warning the first time this JVM meets it. */
  static void log(String routesName, List<String> warnings) {
    for (String w : warnings) {
      if (LOGGED.add(routesName + "\n" + w)) {
        LOG.log(Level.WARNING, "routed, routes " + routesName + ": " + w);
      }
    }
  }

  /** The directory whose filesystem the program works on, for the default filesystem. */
  private static Path directory() {
    String configured = System.getProperty(DIRECTORY_PROPERTY);
    return Path.of(
        configured != null && !configured.isBlank() ? configured : System.getProperty("user.dir"));
  }

  private static String describe(FileSystem fileSystem) {
    return fileSystem == FileSystems.getDefault()
        ? directory() + " (" + DIRECTORY_PROPERTY + ", else the working directory)"
        : "the configured filesystem";
  }

  /**
   * {@link FileStore#type()} where the program works: of {@link #directory()} on the default
   * filesystem, of its (first) store on another one, such as Jimfs's {@code jimfs}; {@code null}
   * when it cannot be read.
   */
  private static String typeOf(FileSystem fileSystem) {
    try {
      if (fileSystem == FileSystems.getDefault()) {
        return Files.getFileStore(directory()).type();
      }
      for (FileStore store : fileSystem.getFileStores()) {
        return store.type();
      }
      return null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
