package dev.fsbench.bindingstudy;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import dev.fsbench.nativefs.Binding;
import java.io.File;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;

/**
 * The library every binding calls: the {@code libfsbench_native.so} that backend-native ships in
 * its jar, found on the class path as JNA finds it ({@code linux-x86-64/libfsbench_native.so}),
 * extracted once (JNA copies it out of a jar into a temporary file, deleted when the JVM exits, and
 * opens a file on the class path in place), checked, and then opened by each: JNA's {@link
 * NativeLibrary}, an FFM {@link SymbolLookup} and jnr-ffi's loader ({@link JnrFfiFsb}) on the same
 * file, which the dynamic linker loads once.
 *
 * <p>The check comes before anything is bound: direct mapping binds every symbol at registration,
 * so a library of another ABI is refused first, with a reason a person can act on.
 */
final class StudyLibrary {
  static final String NAME = "fsbench_native";

  private final File file;
  private final NativeLibrary jna;
  private final SymbolLookup ffm;

  private StudyLibrary(File file, NativeLibrary jna, SymbolLookup ffm) {
    this.file = file;
    this.jna = jna;
    this.ffm = ffm;
  }

  private static final class Loaded {
    static final StudyLibrary INSTANCE = load();
  }

  /** The library as JNA opened it, for {@code Native.register}. */
  static NativeLibrary jna() {
    return Loaded.INSTANCE.jna;
  }

  /** The library's file, checked, for jnr-ffi's {@code LibraryLoader}. */
  static File file() {
    return Loaded.INSTANCE.file;
  }

  /** The library's symbols, for FFM's downcall handles. */
  static SymbolLookup ffm() {
    return Loaded.INSTANCE.ffm;
  }

  @SuppressWarnings("restricted") // libraryLookup: opening the library is this class's purpose
  private static StudyLibrary load() {
    File file;
    try {
      file = Native.extractFromResourcePath(NAME, StudyLibrary.class.getClassLoader());
    } catch (IOException e) {
      throw new IllegalStateException(
          "no lib"
              + NAME
              + ".so on the class path: build backend-native with its library (cargo; not"
              + " -Dnative.skip=true)",
          e);
    }
    NativeLibrary jna = NativeLibrary.getInstance(file.getAbsolutePath());
    int version = jna.getFunction("fsb_abi_version").invokeInt(new Object[0]);
    if (version != Binding.ABI_VERSION) {
      throw new IllegalStateException(
          file
              + " implements ABI version "
              + version
              + ", the study implements version "
              + Binding.ABI_VERSION
              + ": build the library and the study from the same commit");
    }
    return new StudyLibrary(file, jna, SymbolLookup.libraryLookup(file.toPath(), Arena.global()));
  }
}
