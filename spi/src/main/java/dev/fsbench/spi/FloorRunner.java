package dev.fsbench.spi;

import java.io.IOException;

/**
 * One trial of a {@link Floor}: a sample's calls are recorded through {@link #recorder()}, handed
 * to the native side by {@link #prepare()}, run and timed there by {@link #run()}; {@link
 * #result(int)} then gives what each call returned.
 *
 * <p>The order is always record, prepare, run, results; a runner holds one batch at a time and
 * reuses its native memory from batch to batch (so a later batch's output is already paged in). Not
 * thread-safe: one thread drives a runner.
 */
public interface FloorRunner extends AutoCloseable {

  /**
   * The backend a workload calls to describe a sample: every call is recorded for the next batch,
   * not performed, and returns a placeholder ({@code null}, {@code false}). Its id is the floor's.
   */
  FsBackend recorder();

  /**
   * Takes the calls recorded since the last batch and readies them for {@link #run()}. This is the
   * untimed part: whatever the native side needs is built here.
   *
   * @throws IllegalArgumentException when no call was recorded, or the calls are not one family of
   *     this floor with the same arguments besides their paths (the payload, mode, times, options)
   */
  void prepare() throws IOException;

  /**
   * Runs the prepared batch once and returns the nanoseconds the floor measured around its work
   * alone (see {@link Floor.Timing}).
   *
   * @throws IOException a failed call, as the backend's call would throw it, naming its path
   * @throws IllegalStateException when no batch is prepared, or it already ran
   */
  long run() throws IOException;

  /**
   * What the {@code call}-th call of the batch that ran returned, as the {@link FsBackend} method
   * would return it ({@code null} for a method without a result); decoded here, untimed.
   */
  Object result(int call) throws IOException;

  /** Releases what the runner holds (native memory); the recorder is unusable afterwards. */
  @Override
  void close();
}
