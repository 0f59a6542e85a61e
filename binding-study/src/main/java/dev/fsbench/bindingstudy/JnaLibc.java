package dev.fsbench.bindingstudy;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * Two libc functions that take paths and make no syscall, bound as {@link JnaFsb} is (direct
 * mapping, {@code byte[]} arguments): what marshalling one or two paths costs, without a kernel in
 * the way. {@code size_t} is a {@code long} on the LP64 platforms the build ships for.
 */
final class JnaLibc {
  private JnaLibc() {}

  static {
    Native.register(JnaLibc.class, Platform.C_LIBRARY_NAME);
  }

  static native long strlen(byte[] s);

  static native int strcmp(byte[] a, byte[] b);
}
