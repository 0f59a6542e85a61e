package dev.fsbench.bindingstudy;

import dev.fsbench.nativefs.Binding;
import java.lang.invoke.MethodHandle;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The empty call: {@code fsb_abi_version()} of the Rust library, no argument, no syscall, a
 * constant result. What is left is the binding's dispatch, the price every call of every family
 * pays once before its arguments are counted.
 *
 * <pre>
 * java -jar binding-study/target/binding-study.jar EmptyCallBenchmark
 * </pre>
 *
 * <ul>
 *   <li>{@code javaMethod}: a Java method the JIT must not inline, returning the same number; the
 *       zero of every table of the study (JMH's loop, a call and a return).
 *   <li>{@code jna}: JNA direct mapping, as backend-native binds the library.
 *   <li>{@code jnrFfi}: jnr-ffi, an interface bound by its {@code LibraryLoader} (the layer under
 *       jnr-posix), errno not saved ({@link JnrFfi}).
 *   <li>{@code ffm}: a plain FFM downcall: the thread goes to native state and back, with a
 *       safepoint poll on the way back.
 *   <li>{@code ffmCritical}: a critical FFM downcall: no state transition at all.
 *   <li>{@code ffmHandleInField}: the same plain handle, read from an instance field instead of a
 *       {@code static final} one.
 * </ul>
 *
 * No arena or segment rows: there is no argument to put in one. No NIO row: NIO has no call that
 * does nothing.
 *
 * <p><b>The traps.</b> A constant result invites constant folding: the JIT cannot fold a native
 * call, but it would fold {@code javaMethod} away if it could inline it, hence {@code DONT_INLINE},
 * and every row returns its result for JMH's Blackhole. The other trap is the one {@code
 * ffmHandleInField} times: a method handle is a constant to the JIT only in a {@code static final}
 * field (or a record's or hidden class's final field); from anywhere else {@code invokeExact}
 * cannot be inlined and goes through the handle's generic invoker, which is what a binding that
 * keeps its handles in an object pays on every call.
 */
public class EmptyCallBenchmark extends BindingBenchmark {
  private static final int ANSWER = Binding.ABI_VERSION;

  /** Not {@code static final}, on purpose: see {@link #ffmHandleInField}. */
  MethodHandle handleInField = FfmCalls.ABI_VERSION;

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  private static int abiVersionInJava() {
    return ANSWER;
  }

  @Benchmark
  public int javaMethod() {
    return abiVersionInJava();
  }

  @Benchmark
  public int jna() {
    return JnaFsb.fsb_abi_version();
  }

  @Benchmark
  public int jnrFfi() {
    return JnrFfiFsb.LIBRARY.fsb_abi_version();
  }

  @Benchmark
  public int ffm() throws Throwable {
    return (int) FfmCalls.ABI_VERSION.invokeExact();
  }

  @Benchmark
  public int ffmCritical() throws Throwable {
    return (int) FfmCalls.ABI_VERSION_CRITICAL.invokeExact();
  }

  @Benchmark
  public int ffmHandleInField() throws Throwable {
    return (int) handleInField.invokeExact();
  }
}
