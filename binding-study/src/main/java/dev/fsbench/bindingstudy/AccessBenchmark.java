package dev.fsbench.bindingstudy;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * One path argument and one syscall: {@code fsb_access(path, F_OK)} of an existing file, which is
 * one {@code faccessat(2)}, the whole work of the access family's call. Beside {@code
 * PathArgumentBenchmark}'s row of the same binding, the difference is the syscall (the walk of the
 * path's components through the dentry cache, and the permission check); beside NIO's rows, what
 * the binding leaves above NIO's own JNI call.
 *
 * <pre>
 * java -jar binding-study/target/binding-study.jar AccessBenchmark
 * </pre>
 *
 * The binding rows are {@code PathArgumentBenchmark}'s ({@code jna}, {@code jnrFfi}, {@code
 * ffmArena}, {@code ffmReusedCopy}, {@code ffmReusedSetString}, {@code ffmCritical}), the same
 * forms of the same path. NIO's:
 *
 * <ul>
 *   <li>{@code nioCheckAccess}: {@code provider().checkAccess(path)} with no mode, which is {@code
 *       access(path, F_OK)}, what the nio backend's access does;
 *   <li>{@code nioExists}: {@code Files.exists(path)}, which since JDK 20 is the same {@code
 *       access(2)} returning a boolean, no exception on the way.
 * </ul>
 *
 * <p><b>The traps.</b> The path exists: a missing one would time NIO's exception (its stack trace
 * alone outweighs the syscall) and the binding's error path instead of the call. Every call looks
 * up the same path, so its dentries are cached: the warm lookup the harness's batch-256 times after
 * its first sample, not a cold one. And the library's {@code faccessat} has {@code AT_EACCESS},
 * NIO's {@code access} not: the kernel then checks against the effective instead of the real ids,
 * which only costs more where it must switch credentials to do so, and a process whose real and
 * effective ids agree, as here, needs no switch.
 */
public class AccessBenchmark extends BindingBenchmark {

  @Benchmark
  public int jna(OnePath p) {
    return JnaFsb.fsb_access(p.file.bytes, F_OK);
  }

  @Benchmark
  public int jnrFfi(OnePath p) {
    return JnrFfiFsb.LIBRARY.fsb_access(p.file.bytes, F_OK);
  }

  @Benchmark
  public int ffmArena(OnePath p) throws Throwable {
    try (Arena call = Arena.ofConfined()) {
      return (int) FfmCalls.ACCESS.invokeExact(call.allocateFrom(JAVA_BYTE, p.file.bytes), F_OK);
    }
  }

  @Benchmark
  public int ffmReusedCopy(OnePath p) throws Throwable {
    byte[] bytes = p.file.bytes;
    MemorySegment.copy(bytes, 0, p.file.reused, JAVA_BYTE, 0, bytes.length);
    return (int) FfmCalls.ACCESS.invokeExact(p.file.reused, F_OK);
  }

  @Benchmark
  public int ffmReusedSetString(OnePath p) throws Throwable {
    p.file.reused.setString(0, p.file.string);
    return (int) FfmCalls.ACCESS.invokeExact(p.file.reused, F_OK);
  }

  @Benchmark
  public int ffmCritical(OnePath p) throws Throwable {
    return (int) FfmCalls.ACCESS_CRITICAL.invokeExact(MemorySegment.ofArray(p.file.bytes), F_OK);
  }

  /** Returns normally where the others return 0; throws where they return an errno. */
  @Benchmark
  public void nioCheckAccess(OnePath p) throws IOException {
    p.file.path.getFileSystem().provider().checkAccess(p.file.path);
  }

  @Benchmark
  public boolean nioExists(OnePath p) {
    return Files.exists(p.file.path);
  }
}
