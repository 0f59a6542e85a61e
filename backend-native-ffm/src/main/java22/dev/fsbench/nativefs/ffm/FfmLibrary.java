package dev.fsbench.nativefs.ffm;

import com.sun.jna.Platform;
import dev.fsbench.nativefs.Binding;
import dev.fsbench.nativefs.LibraryFile;
import dev.fsbench.spi.Availability;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Finds the library backend-native's jar ships, checks it and opens it for {@link FfmLibFsb}, once
 * per JVM; the entry point {@link FfmSupport} loads by name.
 *
 * <p>The library is the resource {@link LibraryFile#resourcePath} names for the platform ({@code
 * linux-x86-64/libfsbench_native.so}, JNA's prefix, which backend-native's build uses), found as
 * the native backend finds it ({@link LibraryFile}): from a directory on the class path (this
 * module's tests, where it is backend-native's {@code target/classes}) opened in place, from a jar
 * the copy in the user's cache directory, one per content. Its {@code fsb_abi_version} is checked
 * before a single call is bound, by {@link LibraryFile#checkAbi}, the native backend's own check.
 *
 * <p>When both backends run in one JVM they open the same file, so the system loads the library
 * once and both bindings call the one copy: one worker pool, and a failing-path record per thread
 * (the library keeps it per thread, so neither binding reads the other's).
 *
 * <p>Never throws: every failure becomes the {@link Availability} the provider reports.
 */
final class FfmLibrary implements FfmEntry {
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
   * {@code library.resource}, {@code library.origin}) and how this binding calls it: {@code
   * ffm.critical}, the calls bound as critical, and {@code ffm.criticalContentLimit}, the most
   * bytes of content a critical call reads or writes.
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
  public Binding binding() {
    Availability now = availability();
    if (!now.isAvailable()) {
      throw new IllegalStateException(now.reason());
    }
    return FfmBinding.INSTANCE;
  }

  private static Availability bind() {
    try {
      int version = FfmLibFsb.abiVersion();
      if (version != Binding.ABI_VERSION) {
        return Availability.unavailable("the bound library reports ABI version " + version);
      }
      // Makes every handle of the binding: a function the library does not export is found here.
      Objects.requireNonNull(FfmBinding.INSTANCE);
      return Availability.available();
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
    String resource = LibraryFile.resourcePath(prefix);
    try {
      LibraryFile file = LibraryFile.find(prefix, details);
      if (file == null) {
        return unavailable(LibraryFile.missingReason(prefix), details);
      }
      SymbolLookup lookup = file.load(path -> SymbolLookup.libraryLookup(path, Arena.global()));
      int abiVersion =
          (int)
              Linker.nativeLinker()
                  .downcallHandle(
                      lookup.find("fsb_abi_version").orElseThrow(),
                      FunctionDescriptor.of(ValueLayout.JAVA_INT))
                  .invokeExact();
      details.put("library.abiVersion", Integer.toString(abiVersion));
      Availability abi = LibraryFile.checkAbi(abiVersion, resource);
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
}
