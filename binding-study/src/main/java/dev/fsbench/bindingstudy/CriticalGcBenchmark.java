package dev.fsbench.bindingstudy;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.fsbench.nativefs.PathBytes;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What a critical call costs the rest of the JVM. A critical downcall does not leave the Java
 * thread state, so no safepoint, and no garbage collection, can begin until it returns. Each group
 * runs two threads side by side: one reads a file of {@code size} bytes through {@code
 * fsb_read_file} in a loop, the other allocates 64 KiB arrays as fast as it can, which fills the
 * 256 MiB heap's young generation again and again (100 to 130 safepoints a second here).
 *
 * <pre>
 * binding-study/run.sh CriticalGcBenchmark
 * </pre>
 *
 * <ul>
 *   <li>{@code critical}: the read as native-ffm makes it up to 64 KiB, a critical call on heap
 *       segments, the library writing the content straight into the result's array;
 *   <li>{@code plain}: the read as native-ffm makes it past 64 KiB, a plain call into off-heap
 *       memory, then copied into the result's array.
 * </ul>
 *
 * What to read: the JVM's wait to reach each safepoint ({@link SafepointWaits}, beside the read's
 * row: the safepoints of the iteration, the total and the slowest time to reach one, and how many
 * took over 100 us), which a critical call lengthens by as much as it has left to run; the read's
 * own time; and the allocating thread's, which pays for every collection and every such wait. The
 * sizes: 4 KiB (the harness's files), 64 KiB (native-ffm's limit for a critical read) and 8 MiB
 * (the large cases, which native-ffm reads plain: what a critical read of them would cost).
 *
 * <p><b>The traps.</b> Both threads share the machine's two cores with the collector's threads, so
 * a group's two scores are read together and against the other group's, never alone. The file is
 * in the page cache after the first read, so a read is a copy from cached pages, as in the
 * harness's steady samples. Each row returns the content's array, which JMH consumes.
 */
@State(Scope.Group)
public class CriticalGcBenchmark extends BindingBenchmark {
  /** What the allocating thread allocates per operation. */
  static final int ALLOCATION = 64 * 1024;

  @Param({"4096", "65536", "8388608"})
  public int size;

  private Path dir;
  private byte[] path;
  private byte[] heapContent;
  private long[] heapLength;
  private MemorySegment offHeapPath;
  private MemorySegment offHeapContent;
  private MemorySegment offHeapLength;

  @Setup(Level.Trial)
  public void create() throws IOException {
    create(Fixture.sandbox());
  }

  /** Makes the file of {@code size} bytes in a new directory under {@code parent}. */
  void create(Path parent) throws IOException {
    dir = Files.createTempDirectory(parent, "fsbench-critical-");
    Path file = dir.resolve("content");
    Files.write(file, Fixture.content(size));
    path = PathBytes.argument(file);
    heapContent = new byte[size];
    heapLength = new long[1];
    Arena arena = Arena.ofAuto();
    offHeapPath = arena.allocateFrom(JAVA_BYTE, path);
    offHeapContent = arena.allocate(size);
    offHeapLength = arena.allocate(JAVA_LONG);
  }

  @TearDown(Level.Trial)
  public void remove() throws IOException {
    if (dir != null) {
      Files.delete(dir.resolve("content"));
      Files.delete(dir);
      dir = null;
    }
  }

  @Benchmark
  @Group("critical")
  @GroupThreads(1)
  public byte[] critical(SafepointWaits waits) throws Throwable {
    int result =
        (int)
            FfmCalls.READ_FILE_CRITICAL.invokeExact(
                MemorySegment.ofArray(path),
                MemorySegment.ofArray(heapContent),
                (long) heapContent.length,
                MemorySegment.ofArray(heapLength));
    requireSuccess("fsb_read_file", result);
    return heapContent;
  }

  @Benchmark
  @Group("critical")
  @GroupThreads(1)
  public byte[] allocateBesideCritical() {
    return new byte[ALLOCATION];
  }

  @Benchmark
  @Group("plain")
  @GroupThreads(1)
  public byte[] plain(SafepointWaits waits) throws Throwable {
    int result =
        (int)
            FfmCalls.READ_FILE.invokeExact(
                offHeapPath, offHeapContent, offHeapContent.byteSize(), offHeapLength);
    requireSuccess("fsb_read_file", result);
    int length = (int) offHeapLength.get(JAVA_LONG, 0);
    MemorySegment.copy(offHeapContent, JAVA_BYTE, 0, heapContent, 0, length);
    return heapContent;
  }

  @Benchmark
  @Group("plain")
  @GroupThreads(1)
  public byte[] allocateBesidePlain() {
    return new byte[ALLOCATION];
  }
}
