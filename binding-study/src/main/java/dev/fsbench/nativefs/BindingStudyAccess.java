package dev.fsbench.nativefs;

import java.nio.file.Path;

/**
 * What the binding study ({@code dev.fsbench.bindingstudy}) needs of backend-native's
 * package-private code: the ABI version the bindings implement, and the path encoding both bindings
 * use, which the study measures ({@code PathEncodingBenchmark}) and passes to every call, so that
 * it times the bytes the backends pass.
 *
 * <p>It lives in the study's jar, in backend-native's package, as backend-native-ffm's classes do
 * (a package may span two jars on the class path), so that backend-native exports nothing for a
 * benchmark. It adds no package-info: backend-native's describes the package.
 */
public final class BindingStudyAccess {
  private BindingStudyAccess() {}

  /** The {@code fsb_abi_version} both bindings accept ({@code LibFsb.ABI_VERSION}). */
  public static final int ABI_VERSION = LibFsb.ABI_VERSION;

  /**
   * A path argument as both backends pass it: the UTF-8 of its string and a NUL, or its own bytes
   * when the string holds U+FFFD ({@code PathBytes.argument}).
   */
  public static byte[] argument(Path path) {
    return PathBytes.argument(path);
  }

  /**
   * The bytes a path holds and a NUL, read from {@code Path.toUri()} ({@code PathBytes.bytesOf}).
   */
  public static byte[] bytesFromUri(Path path) {
    return PathBytes.bytesOf(path);
  }
}
