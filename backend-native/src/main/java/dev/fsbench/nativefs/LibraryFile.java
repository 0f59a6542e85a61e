package dev.fsbench.nativefs;

import dev.fsbench.spi.Availability;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The library as a file the system can load, without a copy per JVM, and the checks every binding
 * makes before it binds it: where the jar keeps it ({@link #resourcePath}), why a build has none
 * ({@link #missingReason}), whether its ABI is the bindings' ({@link #checkAbi}). Public for the
 * binding outside this jar (native-ffm); the JNA binding's {@code Library} uses it the same way.
 *
 * <pre>{@code
 * LibraryFile file = LibraryFile.find(prefix, details);    // in place, or from the cache
 * NativeLibrary library = file.load(path -> NativeLibrary.getInstance(path.toString()));
 *                                                          // then removes a copy made for this JVM alone
 * }</pre>
 *
 * <p>From a directory on the class path (the modules' tests) the resource is a file already and is
 * loaded in place. From a jar ({@code fsbench.jar}, the benchmarks' forks) the system cannot load
 * it, and it is extracted once per content into a cache directory of the user's, as {@code
 * libfsbench_native-<sha256>.so}: written to a temporary name in that directory and renamed onto
 * its name, so that JVMs starting at once agree on one complete file, and a file already there is
 * used only when its SHA-256 is the resource's. JNA's own extraction ({@code
 * Native.extractFromResourcePath}) made a copy per JVM, removed at exit, so every killed fork left
 * one in JNA's temporary folder; here a JVM killed at any moment leaves at most the one temporary
 * file of a first extraction.
 *
 * <p>The cache is the directory the system property {@value #CACHE_PROPERTY} names, else {@code
 * fsbench-native-<uid>} in {@code java.io.tmpdir}. It is made 0700 if missing, and used only if it
 * is a directory (not a link) owned by this process's user and writable by no one else: a library
 * anyone else could replace would run their code in every fork. When it is not, or cannot be
 * written, the library is copied for this JVM alone and the copy removed as soon as it is loaded
 * (Linux keeps a loaded library mapped after its file is gone); {@link #origin()} says which, and
 * why.
 */
public final class LibraryFile {
  /** The library's name without the platform's prefix and suffix (cargo's crate name). */
  static final String LIBRARY_NAME = "fsbench_native";

  /** The system property that names the cache directory. */
  static final String CACHE_PROPERTY = "fsbench.native.cache";

  private static final Set<PosixFilePermission> OTHERS_MAY_WRITE =
      Set.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

  private final Path path;
  private final String sha256;
  private final String origin;
  private final boolean ownCopy;

  private LibraryFile(Path path, String sha256, String origin, boolean ownCopy) {
    this.path = path;
    this.sha256 = sha256;
    this.origin = origin;
    this.ownCopy = ownCopy;
  }

  /** The file to load. */
  public Path path() {
    return path;
  }

  /** The SHA-256 of that file's content, in hex. */
  public String sha256() {
    return sha256;
  }

  /**
   * Where the file came from, for {@code details()}: {@code in place}, {@code cache}, or {@code
   * copy for this JVM (...)} with the reason the cache was not used.
   */
  public String origin() {
    return origin;
  }

  /**
   * The library opened by {@code opener} (a binding's way of loading it from {@link #path()}),
   * after which the file is removed if it was a copy for this JVM alone ({@link #loaded()}).
   */
  public <T> T load(Function<Path, T> opener) throws IOException {
    try {
      return opener.apply(path);
    } finally {
      loaded();
    }
  }

  /** Called once the library is loaded: removes the file if it was a copy for this JVM alone. */
  void loaded() throws IOException {
    if (ownCopy) {
      Files.deleteIfExists(path);
    }
  }

  /**
   * The class-path resource of the library on a platform, named by JNA's resource prefix ({@code
   * com.sun.jna.Platform.RESOURCE_PREFIX}, {@code linux-x86-64}), where this module's build puts
   * it: {@code linux-x86-64/libfsbench_native.so}.
   */
  public static String resourcePath(String platformPrefix) {
    return platformPrefix + "/" + System.mapLibraryName(LIBRARY_NAME);
  }

  /**
   * The reason given when this build has no library for the platform (a -Dnative.skip=true build,
   * or a platform without a build profile).
   */
  public static String missingReason(String platformPrefix) {
    return "no native library for "
        + platformPrefix
        + " in this build (built with -Dnative.skip=true?)";
  }

  /**
   * Whether a library reporting {@code abiVersion} may be bound ({@link Binding#ABI_VERSION});
   * unavailable with the reason if not. {@code where} names the library in the reason.
   */
  public static Availability checkAbi(int abiVersion, String where) {
    if (abiVersion == Binding.ABI_VERSION) {
      return Availability.available();
    }
    return Availability.unavailable(
        where
            + " implements ABI version "
            + abiVersion
            + ", this binding implements version "
            + Binding.ABI_VERSION
            + ": the library and the binding must be built from the same commit");
  }

  /**
   * The library this build ships for the platform named by {@code platformPrefix}, as a file to
   * load, or null when it ships none ({@link #missingReason}). Records in {@code details} what
   * run.json reports of it: {@code library.resource}, and for a library found {@code
   * library.sha256} and {@code library.origin}.
   */
  public static LibraryFile find(String platformPrefix, Map<String, String> details)
      throws IOException {
    String resource = resourcePath(platformPrefix);
    details.put("library.resource", resource);
    URL url = LibraryFile.class.getClassLoader().getResource(resource);
    if (url == null) {
      return null;
    }
    LibraryFile file = of(url);
    details.put("library.sha256", file.sha256());
    details.put("library.origin", file.origin());
    return file;
  }

  /** The file of the library resource {@code url}, in place or extracted into the cache. */
  public static LibraryFile of(URL url) throws IOException {
    Path cache;
    try {
      cache = configuredCache();
    } catch (IOException e) {
      cache = null; // no uid to name it by (no /proc): a copy for this JVM, if one is needed
    }
    return of(url, cache);
  }

  /**
   * The file of the library resource {@code url}, in place or extracted into the directory {@code
   * cache} (made if missing, used only if it passes {@link #requireOwn}; null for none).
   */
  static LibraryFile of(URL url, Path cache) throws IOException {
    if (url.getProtocol().equals("file")) {
      try {
        Path file = Path.of(url.toURI());
        return new LibraryFile(file, sha256(file), "in place", false);
      } catch (URISyntaxException | IllegalArgumentException e) {
        throw new IOException("the library's URL is not a file path: " + url, e);
      }
    }
    String hash = sha256(url);
    if (cache == null) {
      return ownCopy(url, hash, "no cache directory: this process's uid is unknown");
    }
    try {
      requireOwn(cache);
    } catch (IOException e) {
      return ownCopy(url, hash, e.getMessage());
    }
    Path file = cache.resolve(name(hash));
    try {
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || !hash.equals(sha256(file))) {
        extract(url, hash, cache, file);
      }
      return new LibraryFile(file, hash, "cache", false);
    } catch (IOException e) {
      return ownCopy(url, hash, "cannot write " + cache + ": " + e.getMessage());
    }
  }

  /** {@code libfsbench_native-<sha256>.so}: a name per content. */
  static String name(String sha256) {
    String mapped = System.mapLibraryName(LIBRARY_NAME);
    int dot = mapped.lastIndexOf('.');
    return mapped.substring(0, dot) + "-" + sha256 + mapped.substring(dot);
  }

  /**
   * The directory {@value #CACHE_PROPERTY} names, else {@code fsbench-native-<uid>} in {@code
   * java.io.tmpdir}.
   */
  static Path configuredCache() throws IOException {
    String named = System.getProperty(CACHE_PROPERTY);
    return named != null && !named.isEmpty()
        ? Path.of(named)
        : Path.of(System.getProperty("java.io.tmpdir"), "fsbench-native-" + processUid());
  }

  /**
   * Makes {@code dir} (0700) if it is missing, and throws an {@link IOException} saying why it may
   * not hold the library otherwise: not a directory (a link counts as none), another owner than
   * this process's user, or writable by others.
   */
  static void requireOwn(Path dir) throws IOException {
    try {
      Files.createDirectory(
          dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } catch (FileAlreadyExistsException existing) {
      // checked below, as any directory found there
    }
    PosixFileAttributes a =
        Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!a.isDirectory()) {
      throw new IOException(dir + " is not a directory");
    }
    int uid = processUid();
    Object owner = Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    if (!Integer.valueOf(uid).equals(owner)) {
      throw new IOException(dir + " belongs to uid " + owner + ", not to this process's " + uid);
    }
    if (a.permissions().stream().anyMatch(OTHERS_MAY_WRITE::contains)) {
      throw new IOException(dir + " is writable by others");
    }
  }

  /**
   * This process's user: the owner of {@code /proc/self}, which Linux gives the effective user id.
   */
  private static int processUid() throws IOException {
    return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
  }

  /**
   * Writes the resource to a temporary file in {@code cache} and renames it onto {@code file}. A
   * content that does not hash to {@code hash} (the jar changed under us) is refused.
   */
  private static void extract(URL url, String hash, Path cache, Path file) throws IOException {
    Path partial = Files.createTempFile(cache, "." + file.getFileName() + ".", ".partial");
    try {
      String written = copy(url, partial);
      if (!written.equals(hash)) {
        throw new IOException("the library resource changed while it was read: " + url);
      }
      try {
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("cannot rename within " + cache, e);
      }
    } finally {
      Files.deleteIfExists(partial);
    }
  }

  /** A copy for this JVM alone, in {@code java.io.tmpdir}, removed once loaded. */
  private static LibraryFile ownCopy(URL url, String hash, String why) throws IOException {
    Path copy = Files.createTempFile("fsbench_native-", ".so");
    try {
      String written = copy(url, copy);
      if (!written.equals(hash)) {
        throw new IOException("the library resource changed while it was read: " + url);
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(copy);
      throw e;
    }
    return new LibraryFile(copy, hash, "copy for this JVM (" + why + ")", true);
  }

  /** Copies the resource to {@code target}, returning the SHA-256 of what was written. */
  private static String copy(URL url, Path target) throws IOException {
    try (InputStream in = new DigestInputStream(url.openStream(), digest())) {
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
      return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
    }
  }

  static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return sha256(in);
    }
  }

  private static String sha256(URL url) throws IOException {
    try (InputStream in = url.openStream()) {
      return sha256(in);
    }
  }

  private static String sha256(InputStream in) throws IOException {
    MessageDigest digest = digest();
    byte[] chunk = new byte[64 * 1024];
    for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
      digest.update(chunk, 0, n);
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
