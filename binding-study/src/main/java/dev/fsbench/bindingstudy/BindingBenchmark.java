package dev.fsbench.bindingstudy;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What every benchmark of the study shares: steady state, the mean time of one call.
 *
 * <ul>
 *   <li><b>AverageTime in ns/op</b>, each iteration a second of back-to-back calls: the calls cost
 *       tens to hundreds of nanoseconds, so a second holds millions of them, and JMH's own loop
 *       around each (a few nanoseconds) is the same for every row. {@code EmptyCallBenchmark}'s
 *       {@code javaMethod} row shows what it is.
 *   <li><b>Warmup</b>: five iterations of a second each before any is measured. C2 has compiled the
 *       call path (the downcall stub, JNA's dispatch, the benchmark loop) within the first tens of
 *       milliseconds; the rest lets the heap, the caches and the branch predictors settle.
 *   <li><b>Three forks</b> at least: each fork is a JVM of its own with its own compilation
 *       decisions and memory layout, which a single fork's iterations cannot show; JMH's error is
 *       over the iterations of every fork.
 *   <li><b>The forks' flags</b> are harness/'s ({@code FamilyBenchmark}): a fixed, pre-touched
 *       heap, so that the rows that allocate pay no heap growth, and native access enabled (JDK 22+
 *       warns about FFM's restricted methods without it, and from 24 on about JNI libraries such as
 *       JNA's). They are {@code jvmArgsAppend}, so a user's {@code -jvmArgs} adds to them.
 * </ul>
 *
 * Every benchmark returns what its call returned, which JMH consumes into its Blackhole, so that no
 * call is dead code; {@code SameWorkTest} checks that every row of a benchmark returns the same.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Fork(
    value = 3,
    jvmArgsAppend = {
      BindingBenchmark.HEAP_MIN,
      BindingBenchmark.HEAP_MAX,
      BindingBenchmark.PRE_TOUCH,
      BindingBenchmark.NATIVE_ACCESS
    })
@State(Scope.Thread)
public abstract class BindingBenchmark {
  public static final String HEAP_MIN = "-Xms256m";
  public static final String HEAP_MAX = "-Xmx256m";
  public static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
  public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

  /** access(2)'s existence check, the mode NIO's {@code checkAccess} without modes uses. */
  static final int F_OK = 0;

  /**
   * Fails on a call that did not succeed: a benchmark that times failures would time other work
   * than its rows claim. Only where a result is read after the call (the read's length).
   */
  static void requireSuccess(String call, int result) {
    if (result != 0) {
      throw new IllegalStateException(call + " failed: " + result);
    }
  }
}
