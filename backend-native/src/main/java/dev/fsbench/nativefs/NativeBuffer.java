package dev.fsbench.nativefs;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Native memory seen two ways: as the address the library receives, and as a JNA {@link Pointer}
 * for bulk copies to and from arrays. Either a thread's own (a direct buffer, kept for the thread's
 * life) or borrowed for one call (JNA {@link Memory}, freed by {@link #close()}: a direct buffer
 * would be freed only when the collector gets to it, and a burst of large files could exhaust
 * direct memory before then).
 */
final class NativeBuffer implements AutoCloseable {
  private final ByteBuffer buffer;
  private final long address;
  private final Pointer pointer;
  private final Memory borrowed;

  private NativeBuffer(ByteBuffer buffer, long address, Memory borrowed) {
    this.buffer = buffer.order(ByteOrder.nativeOrder());
    this.address = address;
    this.pointer = new Pointer(address);
    this.borrowed = borrowed;
  }

  /** A direct buffer of {@code capacity} bytes, for a thread to keep. */
  static NativeBuffer direct(int capacity) {
    ByteBuffer buffer = ByteBuffer.allocateDirect(capacity);
    return new NativeBuffer(
        buffer, Pointer.nativeValue(Native.getDirectBufferPointer(buffer)), null);
  }

  /** {@code size} bytes of C memory for one call; close it when the call is done. */
  static NativeBuffer borrow(long size) {
    Memory memory = new Memory(size);
    return new NativeBuffer(memory.getByteBuffer(0, size), Pointer.nativeValue(memory), memory);
  }

  /** The address of byte 0. Valid while this object is reachable and, when borrowed, not closed. */
  long address() {
    return address;
  }

  /**
   * Copies {@code length} bytes at {@code offset} into {@code dst}. One JNI call ({@code
   * Pointer.read}): a direct buffer's bulk get is a chain of Java calls, still interpreted or
   * C1-compiled in single-shot samples, and copies up to six bytes one {@code get} at a time (a
   * name such as {@code file-7}).
   */
  void read(int offset, byte[] dst, int length) {
    pointer.read(offset, dst, 0, length);
  }

  /**
   * Copies {@code length} int64 values at {@code offset} into {@code dst}, as one JNI call (see
   * {@link #read}).
   */
  void read(int offset, long[] dst, int length) {
    pointer.read(offset, dst, 0, length);
  }

  /** Copies {@code length} int64 values of {@code src} to {@code offset}, as one JNI call. */
  void write(int offset, long[] src, int length) {
    pointer.write(offset, src, 0, length);
  }

  long getLong(int offset) {
    return pointer.getLong(offset);
  }

  /** Copies {@code src} to {@code offset}, as one JNI call (see {@link #read}). */
  void write(int offset, byte[] src) {
    pointer.write(offset, src, 0, src.length);
  }

  int capacity() {
    return buffer.capacity();
  }

  @Override
  public void close() {
    if (borrowed != null) {
      borrowed.close();
    }
  }
}
