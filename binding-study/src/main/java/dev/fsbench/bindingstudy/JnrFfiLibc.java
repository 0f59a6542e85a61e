package dev.fsbench.bindingstudy;

import jnr.ffi.annotations.In;
import jnr.ffi.types.size_t;

/**
 * libc's {@code strlen} through jnr-ffi ({@link JnrFfi}), bound as {@link JnrFfiFsb} is: what
 * marshalling one path costs, without a kernel in the way. Public: jnr-ffi's generated class
 * implements it from a class loader of its own.
 */
public interface JnrFfiLibc {

  /** Bound once, in a {@code static final} field: a constant to the JIT. */
  JnrFfiLibc LIBRARY = JnrFfi.load(JnrFfiLibc.class, "c");

  @size_t
  long strlen(@In byte[] s);
}
