package dev.fsbench.nativefs;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import dev.fsbench.spi.Availability;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Finds the library this jar ships, checks it, and registers {@link JnaBinding} against it, once
 * per JVM.
 *
 * <p>The library lives at JNA's resource path for the platform, {@code
 * linux-x86-64/libfsbench_native.so}. It is loaded from the exact file whose SHA-256 is reported
 * ({@link LibraryFile}: from a jar, the copy in the user's cache directory, one per content and not
 * one per JVM; from a directory on the class path, as in this module's tests, the file in place),
 * and only after {@code fsb_abi_version} matched: direct mapping binds every symbol at
 * registration, so a library of another ABI must be refused before that, with a reason a person can
 * act on.
 *
 * <p>Never throws: every failure becomes the {@link Availability} the provider reports.
 */
final class Library {
  private final Availability availability;
  private final Map<String, String> details;

  private Library(Availability availability, Map<String, String> details) {
    this.availability = availability;
    this.details = Map.copyOf(details);
  }

  /**
   * Loading runs on first use, so that listing the providers stays cheap until someone asks about
   * this one.
   */
  private static final class Loaded {
    static final Library INSTANCE = load();
  }

  static Library get() {
    return Loaded.INSTANCE;
  }

  Availability availability() {
    return availability;
  }

  /**
   * What run.json records: the ABI version and SHA-256 of the loaded library, its resource path,
   * where the loaded file came from ({@link LibraryFile#origin()}), JNA's version.
   */
  Map<String, String> details() {
    return details;
  }

  private static Library load() {
    Map<String, String> details = new LinkedHashMap<>();
    String prefix;
    try {
      prefix = Platform.RESOURCE_PREFIX;
      details.put("jna.version", Native.VERSION);
    } catch (LinkageError | RuntimeException e) {
      return new Library(
          Availability.unavailable("JNA cannot start on this platform: " + e), details);
    }
    String resource = LibraryFile.resourcePath(prefix);
    try {
      LibraryFile file = LibraryFile.find(prefix, details);
      if (file == null) {
        return new Library(Availability.unavailable(LibraryFile.missingReason(prefix)), details);
      }
      NativeLibrary library = file.load(path -> NativeLibrary.getInstance(path.toString()));
      int abiVersion = library.getFunction("fsb_abi_version").invokeInt(new Object[0]);
      details.put("library.abiVersion", Integer.toString(abiVersion));
      Availability abi = LibraryFile.checkAbi(abiVersion, resource);
      if (!abi.isAvailable()) {
        return new Library(abi, details);
      }
      Native.register(JnaBinding.class, library);
      return new Library(Availability.available(), details);
    } catch (IOException | LinkageError | RuntimeException e) {
      // An UnsatisfiedLinkError names the missing symbol or the dlopen failure; that is the useful
      // part.
      return new Library(
          Availability.unavailable("cannot load " + resource + ": " + e.getMessage()), details);
    }
  }
}
