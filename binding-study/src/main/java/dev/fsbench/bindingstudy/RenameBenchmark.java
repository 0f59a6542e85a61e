package dev.fsbench.bindingstudy;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Two path arguments and one syscall that changes nothing: {@code fsb_rename(a, b)} where {@code b}
 * is a hard link to {@code a}, one {@code renameat(2)}. Beside {@code TwoPathArgumentsBenchmark}'s
 * row of the same binding, the difference is the syscall; beside NIO's row, what the binding leaves
 * above NIO's own.
 *
 * <pre>
 * java -jar binding-study/target/binding-study.jar RenameBenchmark
 * </pre>
 *
 * <p><b>Why this call.</b> A real rename changes its fixture: the next call would find no source
 * and time a failure, unless every call got a fresh one, and then the fixture is timed or the
 * benchmark must be single-shot, where the binding runs uncompiled. {@code rename(2)} of two names
 * of the same file "does nothing, and returns a success status" (POSIX): the kernel looks up both
 * parents and both names and locks the directory, as for any rename in one directory, then finds
 * one inode and returns 0. So every call does the same work, on the success path a rename takes.
 * The alternatives are worse: {@code rename(a, a)} passes one name twice (one array a binding could
 * reuse), and {@code fsb_link} onto an existing name (EEXIST) is the error path, whose NIO
 * counterpart, {@code Files.createLink}, throws an exception every call.
 *
 * <p>The binding rows are {@code TwoPathArgumentsBenchmark}'s. NIO's is {@code Files.move(a, b,
 * ATOMIC_MOVE)}, which is exactly one {@code rename(2)} (and the nio backend's rename): without
 * {@code ATOMIC_MOVE}, NIO first stats both paths, sees one file and returns without renaming,
 * which is other work.
 *
 * <p><b>The trap.</b> The one check that the work is the same is {@code SameWorkTest}: both names
 * remain, one file. A fixture where {@code b} were not a link to {@code a} would move {@code a}
 * away on the first call, and every later call would time ENOENT.
 */
public class RenameBenchmark extends BindingBenchmark {

  @Benchmark
  public int jna(TwoPaths p) {
    return JnaFsb.fsb_rename(p.a.bytes, p.b.bytes);
  }

  @Benchmark
  public int ffmArena(TwoPaths p) throws Throwable {
    try (Arena call = Arena.ofConfined()) {
      return (int)
          FfmCalls.RENAME.invokeExact(
              call.allocateFrom(JAVA_BYTE, p.a.bytes), call.allocateFrom(JAVA_BYTE, p.b.bytes));
    }
  }

  @Benchmark
  public int ffmReusedCopy(TwoPaths p) throws Throwable {
    MemorySegment.copy(p.a.bytes, 0, p.a.reused, JAVA_BYTE, 0, p.a.bytes.length);
    MemorySegment.copy(p.b.bytes, 0, p.b.reused, JAVA_BYTE, 0, p.b.bytes.length);
    return (int) FfmCalls.RENAME.invokeExact(p.a.reused, p.b.reused);
  }

  @Benchmark
  public int ffmReusedSetString(TwoPaths p) throws Throwable {
    p.a.reused.setString(0, p.a.string);
    p.b.reused.setString(0, p.b.string);
    return (int) FfmCalls.RENAME.invokeExact(p.a.reused, p.b.reused);
  }

  @Benchmark
  public int ffmCritical(TwoPaths p) throws Throwable {
    return (int)
        FfmCalls.RENAME_CRITICAL.invokeExact(
            MemorySegment.ofArray(p.a.bytes), MemorySegment.ofArray(p.b.bytes));
  }

  @Benchmark
  public Path nioAtomicMove(TwoPaths p) throws IOException {
    return Files.move(p.a.path, p.b.path, StandardCopyOption.ATOMIC_MOVE);
  }
}
