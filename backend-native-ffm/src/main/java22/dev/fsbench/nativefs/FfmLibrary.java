package dev.fsbench.nativefs;

import com.sun.jna.Platform;
import dev.fsbench.spi.Availability;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Finds the library backend-native's jar ships, checks it and opens it for {@link FfmLibFsb}, once
 * per JVM; the entry point {@link FfmSupport} loads by name.
 *
 * <p>The library is the resource {@link Library#resourcePath} names for the platform ({@code
 * linux-x86-64/libfsbench_native.so}, JNA's prefix, which backend-native's build uses). From a
 * directory on the class path (this module's tests, where it is backend-native's {@code
 * target/classes}) the file is opened in place, as JNA does; from a jar it is copied to a temporary
 * file first, removed when the JVM exits. Its {@code fsb_abi_version} is checked before a single
 * call is bound, by {@link Library#checkAbi}, the native backend's own check.
 *
 * <p>When both backends run in one JVM from the jar, each has its own copy of the file (JNA
 * extracts its own), so the library is loaded twice, each copy with its own worker pool and its own
 * failing-path record; each binding only ever talks to its own copy.
 *
 * <p>Never throws: every failure becomes the {@link Availability} the provider reports.
 */
final class FfmLibrary implements FfmBinding {
  private final Availability availability;
  private final Map<String, String> details;
  private final SymbolLookup lookup;

  private FfmLibrary(Availability availability, Map<String, String> details, SymbolLookup lookup) {
    this.availability = availability;
    this.details = details;
    this.lookup = lookup;
  }

  private static final class Loaded {
    static final FfmLibrary INSTANCE = load();
  }

  /**
   * Binding the calls is a second step, after the library is loaded and checked: {@link FfmLibFsb}
   * looks its symbols up in {@link #lookup()}, so it can only start once {@link Loaded} is done.
   */
  private static final class Bound {
    static final Availability AVAILABILITY = bind();
  }

  /** The binding of this JVM; {@link FfmSupport} calls it by reflection. */
  static FfmLibrary get() {
    return Loaded.INSTANCE;
  }

  /** The opened library, for {@link FfmLibFsb}'s handles; only once it is known to be usable. */
  SymbolLookup lookup() {
    if (lookup == null) {
      throw new IllegalStateException("the library is unavailable: " + availability.reason());
    }
    return lookup;
  }

  @Override
  public Availability availability() {
    return availability.isAvailable() ? Bound.AVAILABILITY : availability;
  }

  /**
   * The native backend's keys for the library ({@code library.abiVersion}, {@code library.sha256},
   * {@code library.resource}) and how this binding calls it: {@code ffm.critical}, the calls bound
   * as critical, and {@code ffm.criticalContentLimit}, the most bytes of content a critical call
   * reads or writes.
   */
  @Override
  public Map<String, String> details() {
    if (!availability().isAvailable()) {
      return details;
    }
    Map<String, String> all = new LinkedHashMap<>(details);
    all.put("ffm.critical", String.join(",", FfmLibFsb.criticalCalls()));
    all.put("ffm.criticalContentLimit", Integer.toString(FfmScratch.CRITICAL_CONTENT));
    return Map.copyOf(all);
  }

  @Override
  public FsBackend create(BackendConfig config) {
    Availability now = availability();
    if (!now.isAvailable()) {
      throw new IllegalStateException(now.reason());
    }
    return new FfmBackend(config);
  }

  private static Availability bind() {
    try {
      int version = FfmLibFsb.abiVersion();
      return version == LibFsb.ABI_VERSION
          ? Availability.available()
          : Availability.unavailable("the bound library reports ABI version " + version);
    } catch (LinkageError | RuntimeException e) {
      // A symbol the library does not export: the cause of the initializer's failure names it.
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      return Availability.unavailable("cannot bind the library's calls: " + cause);
    }
  }

  @SuppressWarnings("restricted") // libraryLookup and downcallHandle: this class is the binding
  private static FfmLibrary load() {
    Map<String, String> details = new LinkedHashMap<>();
    String prefix;
    try {
      // Only the platform's name: Platform is plain Java and loads none of JNA's native code.
      prefix = Platform.RESOURCE_PREFIX;
    } catch (LinkageError | RuntimeException e) {
      return unavailable("cannot name this platform: " + e, details);
    }
    String resource = Library.resourcePath(prefix);
    details.put("library.resource", resource);
    URL url = FfmLibrary.class.getClassLoader().getResource(resource);
    if (url == null) {
      return unavailable(Library.missingReason(prefix), details);
    }
    try {
      Path file = file(url);
      details.put("library.sha256", Library.sha256(file.toFile()));
      SymbolLookup lookup = SymbolLookup.libraryLookup(file, Arena.global());
      int abiVersion =
          (int)
              Linker.nativeLinker()
                  .downcallHandle(
                      lookup.find("fsb_abi_version").orElseThrow(),
                      FunctionDescriptor.of(ValueLayout.JAVA_INT))
                  .invokeExact();
      details.put("library.abiVersion", Integer.toString(abiVersion));
      Availability abi = Library.checkAbi(abiVersion, resource);
      return abi.isAvailable()
          ? new FfmLibrary(abi, Map.copyOf(details), lookup)
          : unavailable(abi.reason(), details);
    } catch (Throwable e) {
      // IOException, IllegalArgumentException (dlopen refused the file), NoSuchElementException
      // (no such symbol), IllegalCallerException (native access denied): the message is the reason.
      if (e instanceof VirtualMachineError) {
        throw (VirtualMachineError) e;
      }
      return unavailable("cannot load " + resource + ": " + e, details);
    }
  }

  private static FfmLibrary unavailable(String reason, Map<String, String> details) {
    return new FfmLibrary(Availability.unavailable(reason), Map.copyOf(details), null);
  }

  /**
   * The library as a file: the resource itself when it is one, else a copy in a temporary file (the
   * system cannot open a library inside a jar).
   */
  private static Path file(URL url) throws IOException, URISyntaxException {
    if (url.getProtocol().equals("file")) {
      return Path.of(url.toURI());
    }
    Path copy = Files.createTempFile("fsbench_native-ffm-", ".so");
    copy.toFile().deleteOnExit();
    try (InputStream in = url.openStream()) {
      Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
    }
    return copy;
  }
}
