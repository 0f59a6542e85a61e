package dev.fsbench.bindingstudy;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.fsbench.nativefs.PathBytes;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A call a program makes rarely: one {@code access(path, F_OK)} per sample, 100 samples a fork,
 * exactly the shape of the harness's {@code single} cells, where the JNA and FFM backends lose to
 * NIO although they are at the floor in batches. Every other class of the study times millions of
 * back-to-back calls, all compiled by C2; here the binding's own code runs in the interpreter,
 * since 102 calls never reach C1's threshold of 200, and what each part of a call costs is another
 * question, which this class answers part by part.
 *
 * <pre>
 * binding-study/run.sh RareCallBenchmark
 * </pre>
 *
 * Each sample names the fixture's file through a {@link Path} object made for it in the sample's
 * setup, as the harness's fixture makes its paths: a path that has never been printed, whose {@code
 * toString()} still has to decode its bytes. The rows:
 *
 * <ul>
 *   <li>{@code nio}: {@code provider().checkAccess(path)}, what the nio backend does. NIO's path
 *       holds its bytes, so the call starts with a copy of them into native memory;
 *   <li>{@code nativeBackend}, {@code ffmBackend}: the {@code native} (JNA) and {@code native-ffm}
 *       backends' {@code access}, the whole of what a {@code single} cell times;
 *   <li>{@code pathToString}: the fresh path's {@code toString()}, which both backends start with
 *       ({@code PathBytes.argument}), and {@code pathBytes}: all of {@code PathBytes.argument};
 *   <li>{@code jnaPreEncoded}, {@code ffmCriticalPreEncoded}, {@code ffmPlainPreEncoded}: the
 *       downcall alone, with the bytes made in the setup: JNA direct mapping with a {@code byte[]};
 *       an FFM critical handle with a heap segment over it (as {@code native-ffm} calls); an FFM
 *       plain handle with the bytes already in off-heap memory; and {@code ffmPlainCopied}, that
 *       call after copying the bytes into that memory, what a binding of plain calls does per call.
 * </ul>
 *
 * <p><b>The traps.</b> JMH's score for single shots is the mean over every sample, the first one,
 * which loads and links the binding (milliseconds), included: meaningless here. {@code render.py}
 * takes each fork's median of its last 50 samples (the regime the harness calls steady for these
 * cells, after its changepoint test) and reports the median of those over the forks, and each
 * fork's first sample apart. The forks are many (10) because a fork's median moves by 10-30% with
 * where its code and data landed. And a sample is a few microseconds, 100 to 1000 times what a
 * call costs once compiled: {@code System.nanoTime} around it costs 20-30 ns, negligible.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = RareCallBenchmark.WARMUPS)
@Measurement(iterations = RareCallBenchmark.SAMPLES)
@Fork(
    value = 10,
    jvmArgsAppend = {
      BindingBenchmark.HEAP_MIN,
      BindingBenchmark.HEAP_MAX,
      BindingBenchmark.PRE_TOUCH,
      BindingBenchmark.NATIVE_ACCESS
    })
@State(Scope.Thread)
public class RareCallBenchmark {
  /** The harness's warmups for a single cell. */
  static final int WARMUPS = 2;

  /** The harness's measured samples for a single cell. */
  static final int SAMPLES = 100;

  private FsBackend nativeBackend;
  private FsBackend ffmBackend;
  private Fixture fixture;

  /** The sample's path: a new object each sample, never printed before the timed call. */
  private Path fresh;

  /** The same file's bytes as both backends pass them, made outside the timed call. */
  private PathForms encoded;

  @Setup(Level.Trial)
  public void open(Fixture fixture) throws IOException {
    this.fixture = fixture;
    try {
      nativeBackend = Backends.create("native", BackendConfig.DEFAULT);
      ffmBackend = Backends.create("native-ffm", BackendConfig.DEFAULT);
    } catch (RuntimeException e) {
      // JMH runs no teardown in a fork whose setup failed: the fixture's files would stay behind.
      try {
        if (nativeBackend != null) {
          nativeBackend.close();
        }
      } finally {
        fixture.remove();
      }
      throw e;
    }
  }

  @Setup(Level.Iteration)
  public void name() {
    fresh = fixture.file("ascii", 'a');
    encoded = new PathForms(fixture.file("ascii", 'a'));
    MemorySegment.copy(encoded.bytes, 0, encoded.reused, JAVA_BYTE, 0, encoded.bytes.length);
  }

  @TearDown(Level.Trial)
  public void close() throws IOException {
    try {
      nativeBackend.close();
    } finally {
      ffmBackend.close();
    }
  }

  /** Returns normally where the pre-encoded rows return 0; throws where they return an errno. */
  @Benchmark
  public void nio() throws IOException {
    fresh.getFileSystem().provider().checkAccess(fresh);
  }

  @Benchmark
  public void nativeBackend() throws IOException {
    nativeBackend.access(fresh);
  }

  @Benchmark
  public void ffmBackend() throws IOException {
    ffmBackend.access(fresh);
  }

  @Benchmark
  public String pathToString() {
    return fresh.toString();
  }

  @Benchmark
  public byte[] pathBytes() {
    return PathBytes.argument(fresh);
  }

  @Benchmark
  public int jnaPreEncoded() {
    return JnaFsb.fsb_access(encoded.bytes, BindingBenchmark.F_OK);
  }

  @Benchmark
  public int ffmCriticalPreEncoded() throws Throwable {
    return (int)
        FfmCalls.ACCESS_CRITICAL.invokeExact(
            MemorySegment.ofArray(encoded.bytes), BindingBenchmark.F_OK);
  }

  @Benchmark
  public int ffmPlainPreEncoded() throws Throwable {
    return (int) FfmCalls.ACCESS.invokeExact(encoded.reused, BindingBenchmark.F_OK);
  }

  @Benchmark
  public int ffmPlainCopied() throws Throwable {
    byte[] bytes = encoded.bytes;
    MemorySegment.copy(bytes, 0, encoded.reused, JAVA_BYTE, 0, bytes.length);
    return (int) FfmCalls.ACCESS.invokeExact(encoded.reused, BindingBenchmark.F_OK);
  }
}
