package dev.fsbench.nativefs;

import com.sun.jna.Memory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A one-off native buffer for content larger than {@link Scratch#RETAINED_LIMIT}, freed as soon as the call is done:
 * a direct {@link ByteBuffer} from {@code allocateDirect} would be freed only when the collector gets to it, and a
 * burst of large files could exhaust direct memory before then.
 */
final class Payload implements AutoCloseable {
  private final Memory memory;
  private final ByteBuffer buffer;

  Payload(long size) {
    this.memory = new Memory(size);
    this.buffer = memory.getByteBuffer(0, size).order(ByteOrder.nativeOrder());
  }

  /** A view of the whole memory, position 0; not to be used after {@link #close()}. */
  ByteBuffer buffer() {
    return buffer;
  }

  @Override
  public void close() {
    memory.close();
  }
}
