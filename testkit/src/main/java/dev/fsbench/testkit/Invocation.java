package dev.fsbench.testkit;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * A call with its arguments kept apart, so the kit can call it again with one argument replaced.
 * Boxed numbers stand for primitive parameters and are never replaced by {@code null}.
 */
final class Invocation {

  @FunctionalInterface
  interface Call {
    void invoke(Calls fs, Object[] args) throws Exception;
  }

  private final Object[] args;
  private final Call call;

  private Invocation(Object[] args, Call call) {
    this.args = args;
    this.call = call;
  }

  static Invocation of(Call call, Object... args) {
    return new Invocation(args.clone(), call);
  }

  int arity() {
    return args.length;
  }

  boolean isReference(int index) {
    return !(args[index] instanceof Number);
  }

  boolean isPath(int index) {
    return args[index] instanceof Path;
  }

  Invocation with(int index, Object value) {
    Object[] copy = Arrays.copyOf(args, args.length);
    copy[index] = value;
    return new Invocation(copy, call);
  }

  void invoke(Calls fs) throws Exception {
    call.invoke(fs, args.clone());
  }
}
