package dev.fsbench.bindingstudy;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * The study's FFM downcall handles, each function twice: plain (the thread goes to native state for
 * the call; arguments must be native segments) and critical ({@code Linker.Option.critical(true)}:
 * no state transition, and heap segments allowed, read in place). The descriptors are
 * backend-native-ffm's ({@code FfmLibFsb}); that binding picks one kind per call, the study needs
 * both.
 *
 * <p>Every handle is a {@code static final} field, which the JIT treats as a constant, so that
 * {@code invokeExact} compiles down to the downcall stub. The benchmarks call {@code invokeExact}
 * on these fields themselves, with the exact types of the descriptor: the cast of the result is
 * part of the call's type ({@code (int) ACCESS.invokeExact(path, mode)}), and any other type is a
 * {@code WrongMethodTypeException}, never a silent adaptation.
 */
final class FfmCalls {
  private FfmCalls() {}

  private static final Linker LINKER = Linker.nativeLinker();
  private static final Linker.Option CRITICAL = Linker.Option.critical(true);

  static final MethodHandle ABI_VERSION = plain(fsb("fsb_abi_version"), JAVA_INT);
  static final MethodHandle ABI_VERSION_CRITICAL = critical(fsb("fsb_abi_version"), JAVA_INT);

  static final MethodHandle ACCESS = plain(fsb("fsb_access"), JAVA_INT, ADDRESS, JAVA_INT);
  static final MethodHandle ACCESS_CRITICAL =
      critical(fsb("fsb_access"), JAVA_INT, ADDRESS, JAVA_INT);

  static final MethodHandle RENAME = plain(fsb("fsb_rename"), JAVA_INT, ADDRESS, ADDRESS);
  static final MethodHandle RENAME_CRITICAL =
      critical(fsb("fsb_rename"), JAVA_INT, ADDRESS, ADDRESS);

  static final MethodHandle READ_FILE =
      plain(fsb("fsb_read_file"), JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);
  static final MethodHandle READ_FILE_CRITICAL =
      critical(fsb("fsb_read_file"), JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS);

  static final MethodHandle STRLEN = plain(libc("strlen"), JAVA_LONG, ADDRESS);
  static final MethodHandle STRLEN_CRITICAL = critical(libc("strlen"), JAVA_LONG, ADDRESS);

  static final MethodHandle STRCMP = plain(libc("strcmp"), JAVA_INT, ADDRESS, ADDRESS);
  static final MethodHandle STRCMP_CRITICAL = critical(libc("strcmp"), JAVA_INT, ADDRESS, ADDRESS);

  private static MemorySegment fsb(String name) {
    return find(StudyLibrary.ffm(), name);
  }

  private static MemorySegment libc(String name) {
    return find(LINKER.defaultLookup(), name);
  }

  private static MemorySegment find(SymbolLookup lookup, String name) {
    return lookup.find(name).orElseThrow(() -> new UnsatisfiedLinkError("no symbol " + name));
  }

  private static MethodHandle plain(
      MemorySegment symbol, MemoryLayout result, MemoryLayout... args) {
    return downcall(symbol, FunctionDescriptor.of(result, args));
  }

  private static MethodHandle critical(
      MemorySegment symbol, MemoryLayout result, MemoryLayout... args) {
    return downcall(symbol, FunctionDescriptor.of(result, args), CRITICAL);
  }

  @SuppressWarnings("restricted") // downcallHandle: binding the calls is this class's purpose
  private static MethodHandle downcall(
      MemorySegment symbol, FunctionDescriptor descriptor, Linker.Option... options) {
    return LINKER.downcallHandle(symbol, descriptor, options);
  }
}
