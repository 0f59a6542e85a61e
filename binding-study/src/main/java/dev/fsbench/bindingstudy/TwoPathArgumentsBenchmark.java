package dev.fsbench.bindingstudy;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Two path arguments and no syscall: libc's {@code strcmp} of two paths of the same length that
 * differ in their last byte (the fixture's {@code file-a} and {@code file-b}), so it reads both to
 * the end. Beside {@code PathArgumentBenchmark}'s row of the same binding, the difference is what
 * the second path costs.
 *
 * <pre>
 * java -jar binding-study/target/binding-study.jar TwoPathArgumentsBenchmark
 * </pre>
 *
 * The rows are {@code PathArgumentBenchmark}'s, with both paths in the same form: {@code ffmArena}
 * allocates both in one arena, {@code ffmReusedCopy} and {@code ffmReusedSetString} use one reused
 * segment per path. No NIO row: NIO has no two-path call without a syscall.
 *
 * <p><b>The trap.</b> Two equal byte strings would also be read to the end, but a binding could
 * then pass one array twice; two arrays, as a rename or a link passes them, are copied twice.
 */
public class TwoPathArgumentsBenchmark extends BindingBenchmark {

  @Benchmark
  public int jna(TwoPaths p) {
    return JnaLibc.strcmp(p.a.bytes, p.b.bytes);
  }

  @Benchmark
  public int ffmArena(TwoPaths p) throws Throwable {
    try (Arena call = Arena.ofConfined()) {
      return (int)
          FfmCalls.STRCMP.invokeExact(
              call.allocateFrom(JAVA_BYTE, p.a.bytes), call.allocateFrom(JAVA_BYTE, p.b.bytes));
    }
  }

  @Benchmark
  public int ffmReusedCopy(TwoPaths p) throws Throwable {
    MemorySegment.copy(p.a.bytes, 0, p.a.reused, JAVA_BYTE, 0, p.a.bytes.length);
    MemorySegment.copy(p.b.bytes, 0, p.b.reused, JAVA_BYTE, 0, p.b.bytes.length);
    return (int) FfmCalls.STRCMP.invokeExact(p.a.reused, p.b.reused);
  }

  @Benchmark
  public int ffmReusedSetString(TwoPaths p) throws Throwable {
    p.a.reused.setString(0, p.a.string);
    p.b.reused.setString(0, p.b.string);
    return (int) FfmCalls.STRCMP.invokeExact(p.a.reused, p.b.reused);
  }

  @Benchmark
  public int ffmCritical(TwoPaths p) throws Throwable {
    return (int)
        FfmCalls.STRCMP_CRITICAL.invokeExact(
            MemorySegment.ofArray(p.a.bytes), MemorySegment.ofArray(p.b.bytes));
  }
}
