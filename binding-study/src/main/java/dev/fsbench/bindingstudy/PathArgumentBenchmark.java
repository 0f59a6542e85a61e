package dev.fsbench.bindingstudy;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * One path argument and no syscall: libc's {@code strlen} of the path's bytes. Beside {@code
 * EmptyCallBenchmark}'s row of the same binding, the difference is what passing one path costs:
 * marshalling it in, and the few nanoseconds {@code strlen} needs for the fixture's path (about 60
 * bytes under {@code /tmp}).
 *
 * <pre>
 * java -jar binding-study/target/binding-study.jar PathArgumentBenchmark
 * </pre>
 *
 * Every row starts from the bytes both backends pass ({@code PathBytes.argument}, made before the
 * timing; {@code PathEncodingBenchmark} times making them), except {@code ffmReusedSetString},
 * which starts from the path's string, as a binding that encodes into native memory would:
 *
 * <ul>
 *   <li>{@code jna}: the {@code byte[]} as JNA direct mapping takes it (JNA copies it into C memory
 *       for the call, and back);
 *   <li>{@code jnrFfi}: the {@code byte[]} as jnr-ffi takes it, {@code @In}: copied into C memory
 *       for the call, not back;
 *   <li>{@code ffmArena}: plain, a confined arena per call: allocate, copy the bytes in, call,
 *       free;
 *   <li>{@code ffmReusedCopy}: plain, the bytes copied into a segment reused from call to call;
 *   <li>{@code ffmReusedSetString}: plain, the string encoded into the reused segment ({@code
 *       MemorySegment.setString}): the encoding and the copy in one;
 *   <li>{@code ffmCritical}: critical, a heap segment over the bytes ({@code
 *       MemorySegment.ofArray}, per call, as a binding with a fresh array per call makes it), read
 *       in place: no copy.
 * </ul>
 *
 * No NIO row: every NIO call that takes a path makes a syscall; its own marshalling (the JDK copies
 * the path's bytes into a native buffer in C) is inside {@code AccessBenchmark}'s NIO rows.
 *
 * <p><b>The traps.</b> {@code strlen} reads the bytes up to the NUL, so every form must carry one:
 * they do ({@code PathBytes} adds it, {@code setString} writes one). A shorter or longer path
 * changes every row by the same {@code strlen} work and every copy by its length: the fixture's
 * paths are of the harness's depth. The reused segment is an automatic arena's, which the call
 * keeps alive for free; a shared arena's would cost two atomic updates per call ({@link
 * PathForms}). And {@code setString} writes the UTF-8 of the string: for a name that is not UTF-8
 * that is another name ({@code SameWorkTest} shows it), so that row is only an option for names
 * that are.
 */
public class PathArgumentBenchmark extends BindingBenchmark {

  @Benchmark
  public long jna(OnePath p) {
    return JnaLibc.strlen(p.file.bytes);
  }

  @Benchmark
  public long jnrFfi(OnePath p) {
    return JnrFfiLibc.LIBRARY.strlen(p.file.bytes);
  }

  @Benchmark
  public long ffmArena(OnePath p) throws Throwable {
    try (Arena call = Arena.ofConfined()) {
      return (long) FfmCalls.STRLEN.invokeExact(call.allocateFrom(JAVA_BYTE, p.file.bytes));
    }
  }

  @Benchmark
  public long ffmReusedCopy(OnePath p) throws Throwable {
    byte[] bytes = p.file.bytes;
    MemorySegment.copy(bytes, 0, p.file.reused, JAVA_BYTE, 0, bytes.length);
    return (long) FfmCalls.STRLEN.invokeExact(p.file.reused);
  }

  @Benchmark
  public long ffmReusedSetString(OnePath p) throws Throwable {
    p.file.reused.setString(0, p.file.string);
    return (long) FfmCalls.STRLEN.invokeExact(p.file.reused);
  }

  @Benchmark
  public long ffmCritical(OnePath p) throws Throwable {
    return (long) FfmCalls.STRLEN_CRITICAL.invokeExact(MemorySegment.ofArray(p.file.bytes));
  }
}
