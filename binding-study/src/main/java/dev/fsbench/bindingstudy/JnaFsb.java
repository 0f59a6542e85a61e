package dev.fsbench.bindingstudy;

import com.sun.jna.Native;

/**
 * The library's calls the study makes, bound as backend-native's {@code JnaBinding} binds them: JNA
 * direct mapping ({@code static native} methods, {@code Native.register}), paths as NUL-terminated
 * {@code byte[]} (which JNA copies into C memory for the call and back), every other pointer a
 * {@code long} address into memory the caller owns. The signatures are {@code JnaBinding}'s.
 */
final class JnaFsb {
  private JnaFsb() {}

  static {
    Native.register(JnaFsb.class, StudyLibrary.jna());
  }

  static native int fsb_abi_version();

  static native int fsb_access(byte[] path, int mode);

  static native int fsb_rename(byte[] src, byte[] dst);

  static native int fsb_read_file(byte[] path, long buf, long cap, long outLen);
}
