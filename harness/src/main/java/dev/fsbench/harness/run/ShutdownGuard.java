package dev.fsbench.harness.run;

import dev.fsbench.harness.results.ResultsFolder;
import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * Guards a run from its sandbox's creation to its end: on Ctrl-C or a kill, the shutdown hook
 * records what was measured as interrupted, stops the forks (the JVM will not wait for them),
 * removes the sandbox and releases the results folder's claim; a run that ends by itself does the
 * last two on {@link #close}. The hook runs on its own thread while the main thread may still be
 * inside JMH.
 */
final class ShutdownGuard implements AutoCloseable {
  private final RunRecorder recorder;
  private final Sandbox sandbox;
  private final PrintStream err;
  private final Thread hook = new Thread(this::onShutdown, "fsbench-shutdown");

  /** Set by the shutdown hook: what the main thread then meets is the hook's doing. */
  private volatile boolean interrupted;

  private ShutdownGuard(RunRecorder recorder, Sandbox sandbox, PrintStream err) {
    this.recorder = recorder;
    this.sandbox = sandbox;
    this.err = err;
  }

  /** Installs the shutdown hook of a run whose sandbox is {@code sandbox}. */
  static ShutdownGuard install(RunRecorder recorder, Sandbox sandbox, PrintStream err) {
    ShutdownGuard guard = new ShutdownGuard(recorder, sandbox, err);
    Runtime.getRuntime().addShutdownHook(guard.hook);
    return guard;
  }

  /** True once the shutdown hook has started: it ended the run. */
  boolean interrupted() {
    return interrupted;
  }

  /** The run ended by itself: removes the sandbox and the claim, and the hook. */
  @Override
  public void close() {
    closeSandbox();
    releaseFolder();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or has run: it owns the ending
    }
  }

  private void onShutdown() {
    interrupted = true;
    recorder.interrupt(err);
    stopForks();
    closeSandbox();
    releaseFolder();
    stopForks(); // one the main thread started meanwhile, which would find its sandbox gone
  }

  /**
   * The JMH forks are this JVM's only child processes; a fork left running would keep writing into
   * the sandbox.
   */
  private static void stopForks() {
    ProcessHandle.current()
        .children()
        .forEach(
            child -> {
              child.destroy();
              try {
                child.onExit().get(5, TimeUnit.SECONDS);
              } catch (Exception e) {
                child.destroyForcibly();
              }
            });
  }

  private void releaseFolder() {
    ResultsFolder f = recorder.folder();
    if (f == null) {
      return;
    }
    try {
      f.release();
    } catch (IOException e) {
      err.println(
          "fsbench: could not remove the claim " + f.dir().resolve(ResultsFolder.CLAIM) + ": " + e);
    }
  }

  private void closeSandbox() {
    try {
      sandbox.close();
    } catch (IOException e) {
      err.println("fsbench: could not remove the sandbox " + sandbox.dir() + ": " + e);
    }
  }
}
