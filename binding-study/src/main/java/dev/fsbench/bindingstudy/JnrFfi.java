package dev.fsbench.bindingstudy;

import jnr.ffi.LibraryLoader;
import jnr.ffi.LibraryOption;

/**
 * jnr-ffi's binding of an interface, as {@link JnrFfiFsb} and {@link JnrFfiLibc} use it: {@code
 * LibraryLoader} generates a class implementing the interface whose methods call the C functions
 * through jffi's stub (the JNI library jnr-posix's calls go through too). {@code IgnoreError}: the
 * errno is not saved after each call (jnr-ffi's default saves it, for {@code LastError}); the
 * library returns its errno as the result, so this is the call JNA's direct mapping and FFM's
 * handles make, which keep none either.
 */
final class JnrFfi {
  private JnrFfi() {}

  static <T> T load(Class<T> type, String library) {
    return LibraryLoader.create(type).option(LibraryOption.IgnoreError, true).load(library);
  }
}
