package com.example.mmap;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;

/**
 * Releases a mapping as soon as its bytes are copied. Java 17 has no public unmap: a {@link
 * MappedByteBuffer} is unmapped when the garbage collector finds it unreachable, so a benchmark of
 * many small reads would pile up mappings (and count the collector's munmap calls wherever a
 * collection happens to fall). {@code sun.misc.Unsafe.invokeCleaner}, which the JDK keeps in {@code
 * jdk.unsupported} for this very use (Lucene's {@code MMapDirectory} did it), unmaps at once.
 * Without it, mappings are left to the collector, and {@link #how()} says so in run.json.
 */
final class Unmapper {
  private static final MethodHandle INVOKE_CLEANER;
  private static final String HOW;

  static {
    MethodHandle invokeCleaner = null;
    String how;
    try {
      Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
      Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
      theUnsafe.setAccessible(true);
      invokeCleaner =
          MethodHandles.lookup()
              .findVirtual(
                  unsafeClass, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
              .bindTo(theUnsafe.get(null));
      how = "sun.misc.Unsafe.invokeCleaner, right after the copy";
    } catch (ReflectiveOperationException | RuntimeException e) {
      how = "left to the garbage collector (" + e + ")";
    }
    INVOKE_CLEANER = invokeCleaner;
    HOW = how;
  }

  private Unmapper() {}

  /** How mappings are released here, for the provider's details. */
  static String how() {
    return HOW;
  }

  /** Whether {@link #unmap} releases a mapping at once. */
  static boolean isImmediate() {
    return INVOKE_CLEANER != null;
  }

  /**
   * Unmaps {@code mapping}, which must not be touched afterwards (a read of an unmapped buffer
   * crashes the JVM): callers unmap in a {@code finally} after the last access and let no reference
   * escape.
   */
  static void unmap(MappedByteBuffer mapping) {
    if (INVOKE_CLEANER == null) {
      return;
    }
    try {
      INVOKE_CLEANER.invokeExact((ByteBuffer) mapping);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable impossible) {
      throw new IllegalStateException("invokeCleaner threw a checked exception", impossible);
    }
  }
}
