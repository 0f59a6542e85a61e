package dev.fsbench.nativefs;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Native memory seen two ways: as a {@link ByteBuffer} for Java to read and write, and as the address the library
 * receives. Either a thread's own (a direct buffer, kept for the thread's life) or borrowed for one call (JNA {@link
 * Memory}, freed by {@link #close()}: a direct buffer would be freed only when the collector gets to it, and a burst of
 * large files could exhaust direct memory before then).
 */
final class NativeBuffer implements AutoCloseable {
  private final ByteBuffer buffer;
  private final long address;
  private final Memory borrowed;

  private NativeBuffer(ByteBuffer buffer, long address, Memory borrowed) {
    this.buffer = buffer.order(ByteOrder.nativeOrder());
    this.address = address;
    this.borrowed = borrowed;
  }

  /** A direct buffer of {@code capacity} bytes, for a thread to keep. */
  static NativeBuffer direct(int capacity) {
    ByteBuffer buffer = ByteBuffer.allocateDirect(capacity);
    return new NativeBuffer(buffer, Pointer.nativeValue(Native.getDirectBufferPointer(buffer)), null);
  }

  /** {@code size} bytes of C memory for one call; close it when the call is done. */
  static NativeBuffer borrow(long size) {
    Memory memory = new Memory(size);
    return new NativeBuffer(memory.getByteBuffer(0, size), Pointer.nativeValue(memory), memory);
  }

  /** The memory as a buffer, position 0 and native byte order; absolute access only, the position is never used. */
  ByteBuffer buffer() {
    return buffer;
  }

  /** The address of byte 0. Valid while this object is reachable and, when borrowed, not closed. */
  long address() {
    return address;
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
