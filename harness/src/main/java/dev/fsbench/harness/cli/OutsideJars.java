package dev.fsbench.harness.cli;

import dev.fsbench.harness.results.Environment.OutsideJar;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;

/**
 * Backends from jars outside the build, given as {@code --classpath JAR[:JAR...]} or {@code
 * FSBENCH_CLASSPATH}, for as long as one command runs. Each entry must be an existing jar, and at
 * least one of them must list a provider in {@code
 * META-INF/services/dev.fsbench.spi.BackendProvider} (the others are its dependencies); an id one
 * of them shares with another backend is refused, since the catalog could keep only one of the two.
 *
 * <pre>{@code
 * try (OutsideJars jars = OutsideJars.open("mine.jar")) {
 *   BackendCatalog.load(); // lists nio, commons-io, native and the backends of mine.jar
 * }
 * }</pre>
 *
 * <p>Two class paths see the jars. This process reaches its backends through {@link Backends},
 * which asks the thread's context class loader: that becomes a loader over the jars, whose parent
 * is the harness's own. The JMH forks get the class path JMH reads from {@code java.class.path}
 * when it forks (every fork of {@code run}, {@code jmh} and the class-data training), so the jars
 * are appended there. Both are put back on {@link #close()}, so one command's jars never leak into
 * the next (tests run many commands in one JVM).
 */
final class OutsideJars implements AutoCloseable {
  /** The environment variable {@code --classpath} takes precedence over. */
  static final String ENVIRONMENT_VARIABLE = "FSBENCH_CLASSPATH";

  static final String SERVICE_FILE = "META-INF/services/" + BackendProvider.class.getName();

  private static final String CLASS_PATH = "java.class.path";

  private final List<Path> jars;
  private final List<OutsideJar> described;
  private final URLClassLoader loader;
  private final Thread thread;
  private final ClassLoader savedContextLoader;
  private final String savedClassPath;

  private OutsideJars(List<Path> jars, URLClassLoader loader) {
    this.jars = jars;
    this.loader = loader;
    this.thread = Thread.currentThread();
    this.savedContextLoader = thread.getContextClassLoader();
    this.savedClassPath = System.getProperty(CLASS_PATH, "");
    this.described = new ArrayList<>();
  }

  /**
   * Checks every jar of {@code classpath} ({@code :}-separated), then makes their backends visible
   * to this thread and to the forks until {@link #close()}. A missing file, a directory, a file
   * that is not a jar or a jar listed twice is an {@link IllegalArgumentException} naming it; so is
   * a list in which no jar names a provider, and a backend id already taken.
   */
  static OutsideJars open(String classpath) throws IOException {
    List<Path> jars = new ArrayList<>();
    boolean provides = false;
    for (String entry : classpath.split(File.pathSeparator)) {
      if (entry.isBlank()) {
        continue;
      }
      Path jar = Path.of(entry).toAbsolutePath().normalize();
      if (jars.contains(jar)) {
        throw new IllegalArgumentException("--classpath lists " + jar + " twice");
      }
      provides |= namesAProvider(jar);
      jars.add(jar);
    }
    if (jars.isEmpty()) {
      throw new IllegalArgumentException("--classpath names no jar");
    }
    if (!provides) {
      throw new IllegalArgumentException(
          "--classpath: "
              + (jars.size() == 1
                  ? jars.get(0) + " provides no backend: it has no "
                  : "none of " + jars + " provides a backend: none has a ")
              + SERVICE_FILE
              + " naming a provider class");
    }
    URL[] urls = new URL[jars.size()];
    for (int i = 0; i < urls.length; i++) {
      urls[i] = url(jars.get(i));
    }
    OutsideJars opened =
        new OutsideJars(
            List.copyOf(jars), new URLClassLoader(urls, OutsideJars.class.getClassLoader()));
    opened.install();
    try {
      opened.describe();
    } catch (IOException | RuntimeException e) {
      opened.close();
      throw e;
    }
    return opened;
  }

  /** The jars as run.json records them, in the order given. */
  List<OutsideJar> jars() {
    return List.copyOf(described);
  }

  /** The outside jar that provides backend {@code id}, if one does. */
  Optional<OutsideJar> sourceOf(String id) {
    return described.stream().filter(j -> j.backends().contains(id)).findFirst();
  }

  private void install() {
    thread.setContextClassLoader(loader);
    String added =
        jars.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    System.setProperty(
        CLASS_PATH, savedClassPath.isEmpty() ? added : savedClassPath + File.pathSeparator + added);
  }

  private void describe() throws IOException {
    Map<Path, List<String>> ids = new LinkedHashMap<>();
    jars.forEach(jar -> ids.put(jar, new ArrayList<>()));
    Map<String, String> owner = new TreeMap<>();
    for (Backends.Entry entry : Backends.list()) {
      if (entry.provider().isEmpty()) {
        continue; // failed to load: the catalog lists it as unavailable, with the reason
      }
      String from = jarOf(entry.provider().get().getClass()).map(Path::toString).orElse(null);
      String previous = owner.put(entry.id(), from == null ? "this build" : from);
      if (previous != null) {
        throw new IllegalArgumentException(
            "backend id '"
                + entry.id()
                + "' is provided twice, by "
                + previous
                + " and by "
                + owner.get(entry.id())
                + ": ids must be unique");
      }
      if (from != null && ids.containsKey(Path.of(from))) {
        ids.get(Path.of(from)).add(entry.id());
      }
    }
    for (Path jar : jars) {
      List<String> backends = ids.get(jar).stream().sorted().toList();
      described.add(
          new OutsideJar(
              jar.getFileName().toString(),
              jar.toString(),
              Files.size(jar),
              sha256(jar),
              backends));
    }
  }

  /**
   * Whether {@code jar}'s service file names a provider class; a path that is no jar is an {@link
   * IllegalArgumentException}.
   */
  private static boolean namesAProvider(Path jar) throws IOException {
    if (!Files.exists(jar)) {
      throw new IllegalArgumentException("--classpath: " + jar + " does not exist");
    }
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException("--classpath: " + jar + " is not a jar file");
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      ZipEntry service = file.getEntry(SERVICE_FILE);
      if (service == null) {
        return false;
      }
      try (InputStream in = file.getInputStream(service)) {
        // ServiceLoader's format: one class name a line, # starts a comment.
        return new String(in.readAllBytes(), StandardCharsets.UTF_8)
            .lines()
            .anyMatch(line -> !line.replaceFirst("#.*", "").isBlank());
      }
    } catch (ZipException e) {
      throw new IllegalArgumentException(
          "--classpath: " + jar + " is not a jar (" + e.getMessage() + ")", e);
    }
  }

  private static Optional<Path> jarOf(Class<?> type) {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Path.of(source.getLocation().toURI()).toAbsolutePath().normalize());
    } catch (URISyntaxException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static URL url(Path jar) {
    try {
      return jar.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException("--classpath: " + jar + " has no URL: " + e, e);
    }
  }

  private static String sha256(Path file) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
      in.transferTo(OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  /** Puts back the class loader and class path found at {@link #open}, and closes the loader. */
  @Override
  public void close() throws IOException {
    thread.setContextClassLoader(savedContextLoader);
    System.setProperty(CLASS_PATH, savedClassPath);
    loader.close();
  }
}
