package dev.fsbench.bindingstudy;

import jnr.ffi.annotations.In;

/**
 * The library's calls the study makes through jnr-ffi ({@link JnrFfi}): the signatures of {@code
 * JnaBinding}, a path as a NUL-terminated {@code byte[]} marked {@code @In}, which jnr-ffi copies into
 * C memory for the call and not back (JNA's direct mapping copies it back too). Public: jnr-ffi's
 * generated class implements it from a class loader of its own.
 */
public interface JnrFfiFsb {

  /** Bound once, in a {@code static final} field: a constant to the JIT, as JNA's and FFM's are. */
  JnrFfiFsb LIBRARY = JnrFfi.load(JnrFfiFsb.class, StudyLibrary.file().getAbsolutePath());

  int fsb_abi_version();

  int fsb_access(@In byte[] path, int mode);
}
