package dev.fsbench.commonsio;

import java.util.ArrayList;
import java.util.List;

/**
 * The accesses a spy saw while recording was on. Only the thread that switched recording on is
 * recorded: fixtures are prepared with recording off, and nothing another thread does (JUnit, a
 * backend's async pool) can leak in.
 */
final class CallLog {
  private final List<Call> calls = new ArrayList<>();
  private volatile Thread recording;

  /** Runs {@code action} with recording on for the current thread, and returns what it recorded. */
  List<Call> record(ThrowingRunnable action) throws Exception {
    synchronized (calls) {
      calls.clear();
    }
    recording = Thread.currentThread();
    try {
      action.run();
    } finally {
      recording = null;
    }
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }

  boolean isRecording() {
    return recording == Thread.currentThread();
  }

  void add(Call.Kind kind, String call, String path) {
    if (!isRecording()) {
      return;
    }
    Call seen = new Call(kind, call, path, Call.commonsIoFramesHere());
    synchronized (calls) {
      calls.add(seen);
    }
  }

  @FunctionalInterface
  interface ThrowingRunnable {
    void run() throws Exception;
  }
}
