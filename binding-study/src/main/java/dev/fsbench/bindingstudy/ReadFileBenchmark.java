package dev.fsbench.bindingstudy;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A 4 KiB result: {@code fsb_read_file} of the fixture's 4096-byte file into the caller's buffer,
 * then into a new {@code byte[]}, which is what the readFile family returns. The library opens the
 * file, learns its size with one {@code statx}, reads it with one {@code read} and closes it.
 * Beside {@code AccessBenchmark}'s row of the same binding, the difference is a heavier call and
 * the result's way back.
 *
 * <pre>
 * java -jar binding-study/target/binding-study.jar ReadFileBenchmark
 * </pre>
 *
 * Every binding row passes a 64 KiB buffer (the size both backends keep per thread; the library
 * reads the file's size, whatever the capacity) and an {@code int64} for the length:
 *
 * <ul>
 *   <li>{@code jna}: as backend-native: the path as {@code byte[]}, the buffer and the length in C
 *       memory the thread keeps, passed as addresses; the length read with one {@code getLong} and
 *       the content copied out with one {@code Pointer.read};
 *   <li>{@code ffmArena}: plain; the path and the length in a confined arena per call, the content
 *       into a reused off-heap segment (as backend-native-ffm's plain reads do), then copied out;
 *   <li>{@code ffmReusedCopy}: plain; the path copied into a reused segment, the length and the
 *       content in reused off-heap segments;
 *   <li>{@code ffmCritical}: critical; path, content and length all in heap arrays the library
 *       writes in place (as backend-native-ffm reads up to 64 KiB), the result copied out of the
 *       reused array;
 *   <li>{@code nioReadAllBytes}: {@code Files.readAllBytes}, which the nio backend's readFile is
 *       (with a bound for sources that never end): open, {@code fstat}, {@code read}, and one more
 *       {@code read} that finds the end of file;
 *   <li>{@code nioFileChannel}: {@code FileChannel} open, {@code size()}, one {@code read} into the
 *       result's array, close: the library's syscalls exactly.
 * </ul>
 *
 * <p><b>The traps.</b> The file is in the page cache from the first call on, so the read is a copy
 * from cached pages, as in the harness's steady samples. Every row allocates its 4 KiB result (the
 * family returns one), so the collector's share is in every row alike. NIO reads into a heap array
 * through a temporary direct buffer of its own and copies: a second copy of the content, as the
 * binding rows have one copying out of their buffer. And the read must have succeeded before its
 * length is used: each binding row checks the result code, as a binding does.
 */
public class ReadFileBenchmark extends BindingBenchmark {
  /** The content buffer's size: the per-thread block both backends read small files into. */
  static final int CAPACITY = 64 * 1024;

  private Memory jnaContent;
  private Memory jnaLength;
  private Pointer jnaContentAt;
  private Pointer jnaLengthAt;
  private long jnaContentAddress;
  private long jnaLengthAddress;

  private MemorySegment offHeapContent;
  private MemorySegment offHeapLength;

  private byte[] heapContent;
  private MemorySegment heapContentSegment;
  private long[] heapLength;
  private MemorySegment heapLengthSegment;

  @Setup(Level.Trial)
  public void allocate() {
    jnaContent = new Memory(CAPACITY);
    jnaLength = new Memory(Long.BYTES);
    jnaContentAddress = Pointer.nativeValue(jnaContent);
    jnaLengthAddress = Pointer.nativeValue(jnaLength);
    // Plain pointers, as backend-native's NativeBuffer reads its blocks: Memory's own read checks
    // bounds first.
    jnaContentAt = new Pointer(jnaContentAddress);
    jnaLengthAt = new Pointer(jnaLengthAddress);

    Arena kept = Arena.ofAuto();
    offHeapContent = kept.allocate(CAPACITY, Long.BYTES);
    offHeapLength = kept.allocate(JAVA_LONG);

    heapContent = new byte[CAPACITY];
    heapContentSegment = MemorySegment.ofArray(heapContent);
    heapLength = new long[1];
    heapLengthSegment = MemorySegment.ofArray(heapLength);
  }

  @TearDown(Level.Trial)
  public void release() {
    jnaContent.close();
    jnaLength.close();
  }

  @Benchmark
  public byte[] jna(OnePath p) {
    int result = JnaFsb.fsb_read_file(p.file.bytes, jnaContentAddress, CAPACITY, jnaLengthAddress);
    requireSuccess("fsb_read_file", result);
    byte[] out = new byte[(int) jnaLengthAt.getLong(0)];
    jnaContentAt.read(0, out, 0, out.length);
    return out;
  }

  @Benchmark
  public byte[] ffmArena(OnePath p) throws Throwable {
    try (Arena call = Arena.ofConfined()) {
      MemorySegment length = call.allocate(JAVA_LONG);
      int result =
          (int)
              FfmCalls.READ_FILE.invokeExact(
                  call.allocateFrom(JAVA_BYTE, p.file.bytes),
                  offHeapContent,
                  (long) CAPACITY,
                  length);
      requireSuccess("fsb_read_file", result);
      return offHeapContent.asSlice(0, length.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
    }
  }

  @Benchmark
  public byte[] ffmReusedCopy(OnePath p) throws Throwable {
    byte[] bytes = p.file.bytes;
    MemorySegment.copy(bytes, 0, p.file.reused, JAVA_BYTE, 0, bytes.length);
    int result =
        (int)
            FfmCalls.READ_FILE.invokeExact(
                p.file.reused, offHeapContent, (long) CAPACITY, offHeapLength);
    requireSuccess("fsb_read_file", result);
    return offHeapContent.asSlice(0, offHeapLength.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
  }

  @Benchmark
  public byte[] ffmCritical(OnePath p) throws Throwable {
    int result =
        (int)
            FfmCalls.READ_FILE_CRITICAL.invokeExact(
                MemorySegment.ofArray(p.file.bytes),
                heapContentSegment,
                (long) CAPACITY,
                heapLengthSegment);
    requireSuccess("fsb_read_file", result);
    return Arrays.copyOf(heapContent, (int) heapLength[0]);
  }

  @Benchmark
  public byte[] nioReadAllBytes(OnePath p) throws IOException {
    return Files.readAllBytes(p.file.path);
  }

  @Benchmark
  public byte[] nioFileChannel(OnePath p) throws IOException {
    try (FileChannel channel = FileChannel.open(p.file.path)) {
      byte[] out = new byte[(int) channel.size()];
      ByteBuffer into = ByteBuffer.wrap(out);
      while (into.hasRemaining() && channel.read(into) >= 0) {
        // a short read continues; the end of file (a file that shrank) stops
      }
      return into.hasRemaining() ? Arrays.copyOf(out, into.position()) : out;
    }
  }
}
