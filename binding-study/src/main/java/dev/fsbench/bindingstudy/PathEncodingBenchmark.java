package dev.fsbench.bindingstudy;

import dev.fsbench.nativefs.PathBytes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The path's encoding alone, no call: how a {@code Path} becomes the NUL-terminated bytes a binding
 * passes. The binding benchmarks start from bytes made before the timing; a backend makes them on
 * every call, so a family's cost is a binding row plus one of these.
 *
 * <pre>
 * java -jar binding-study/target/binding-study.jar PathEncodingBenchmark
 * </pre>
 *
 * <ul>
 *   <li>{@code stringGetBytes}: {@code path.toString().getBytes(UTF_8)} and a copy that adds the
 *       NUL, what {@code PathBytes} does for every name that prints without U+FFFD;
 *   <li>{@code pathBytesArgument}: {@code PathBytes.argument}, what both backends call: the same,
 *       after one {@code indexOf(U+FFFD)}, or the URI route for a name that is not UTF-8;
 *   <li>{@code pathBytesFromUri}: {@code PathBytes.bytesOf}, the exact bytes from {@code
 *       Path.toUri()} (a URI built and its percent escapes decoded), for any name;
 *   <li>{@code encoderIntoReusedArray}: a {@code CharsetEncoder} writing into an array reused from
 *       call to call, ready for a critical call: no allocation;
 *   <li>{@code segmentSetString}: {@code MemorySegment.setString} into a reused off-heap segment,
 *       ready for a plain call: encoding and copy in one;
 *   <li>{@code unixPathField}, a reference and not an option: the bytes NIO itself keeps in the
 *       path ({@code sun.nio.fs.UnixPath.path}, private, read through {@code --add-opens}), and a
 *       copy that adds the NUL. This is where NIO's own calls start. DESIGN.md says why no backend
 *       reads it: a private field of the JDK may move or change meaning in any release.
 * </ul>
 *
 * The {@code name} parameter is every kind of name ({@link Fixture}): {@code ascii} (a Latin-1
 * string, which the JDK encodes fastest), {@code utf8} (a string of UTF-16, encoded character by
 * character), {@code not-utf8}.
 *
 * <p><b>The traps.</b> Only three rows are right for every name: for {@code not-utf8} the rows that
 * encode the string ({@code stringGetBytes}, {@code encoderIntoReusedArray}, {@code
 * segmentSetString}) produce the bytes of its U+FFFD twin, another name ({@code SameWorkTest}
 * asserts both facts), and their {@code not-utf8} figures are the cost of a wrong answer. {@code
 * Path.toString()} is made once and kept by the path: every row starts from a path whose string
 * exists, as a backend's caller's does. And the array rows allocate (JMH's {@code -prof gc} shows
 * how much); the reused forms do not, but leave the caller one buffer per thread.
 */
@Fork(
    value = 3,
    jvmArgsAppend = {
      BindingBenchmark.HEAP_MIN,
      BindingBenchmark.HEAP_MAX,
      BindingBenchmark.PRE_TOUCH,
      BindingBenchmark.NATIVE_ACCESS,
      PathEncodingBenchmark.OPEN_SUN_NIO_FS
    })
public class PathEncodingBenchmark extends BindingBenchmark {
  /** What {@code unixPathField} needs; nothing else of the study does. */
  public static final String OPEN_SUN_NIO_FS = "--add-opens=java.base/sun.nio.fs=ALL-UNNAMED";

  @Param({"ascii", "utf8", "not-utf8"})
  public String name;

  private Path path;
  private CharsetEncoder encoder;
  private byte[] reusedArray;
  private ByteBuffer reusedBuffer;
  private MemorySegment reusedSegment;

  @Setup(Level.Trial)
  public void open(Fixture fixture) {
    path = fixture.file(name, 'a');
    path.toString(); // made once, as by anyone who made the path from a string
    encoder = StandardCharsets.UTF_8.newEncoder();
    reusedArray = new byte[PathForms.CAPACITY];
    reusedBuffer = ByteBuffer.wrap(reusedArray);
    reusedSegment = Arena.ofAuto().allocate(PathForms.CAPACITY);
    UnixPathBytes.check(path);
  }

  @Benchmark
  public byte[] stringGetBytes() {
    byte[] utf8 = path.toString().getBytes(StandardCharsets.UTF_8);
    return Arrays.copyOf(utf8, utf8.length + 1);
  }

  @Benchmark
  public byte[] pathBytesArgument() {
    return PathBytes.argument(path);
  }

  @Benchmark
  public byte[] pathBytesFromUri() {
    return PathBytes.bytesOf(path);
  }

  /** The bytes and their NUL at the start of the reused array. */
  @Benchmark
  public byte[] encoderIntoReusedArray() {
    reusedBuffer.clear();
    encoder.reset();
    CharBuffer chars = CharBuffer.wrap(path.toString());
    CoderResult result = encoder.encode(chars, reusedBuffer, true);
    if (!result.isUnderflow() || !encoder.flush(reusedBuffer).isUnderflow()) {
      throw new IllegalArgumentException(path + ": " + result);
    }
    reusedBuffer.put((byte) 0);
    return reusedArray;
  }

  /** The bytes and their NUL at the start of the reused segment. */
  @Benchmark
  public MemorySegment segmentSetString() {
    reusedSegment.setString(0, path.toString());
    return reusedSegment;
  }

  @Benchmark
  public byte[] unixPathField() throws Throwable {
    byte[] bytes = (byte[]) UnixPathBytes.GETTER.invokeExact(path);
    return Arrays.copyOf(bytes, bytes.length + 1);
  }

  /** NIO's own bytes of a default-filesystem path, for the reference row only. */
  static final class UnixPathBytes {
    private UnixPathBytes() {}

    static final MethodHandle GETTER = getter();

    /** Fails the setup with the reason if the field cannot be read. */
    static void check(Path path) {
      if (!path.getClass().getName().equals("sun.nio.fs.UnixPath")) {
        throw new IllegalStateException("not a path of the Unix default filesystem: " + path);
      }
    }

    private static MethodHandle getter() {
      try {
        Class<?> unixPath = Class.forName("sun.nio.fs.UnixPath");
        return MethodHandles.privateLookupIn(unixPath, MethodHandles.lookup())
            .findGetter(unixPath, "path", byte[].class)
            .asType(MethodType.methodType(byte[].class, Path.class));
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(
            "unixPathField reads sun.nio.fs.UnixPath.path, which needs " + OPEN_SUN_NIO_FS, e);
      }
    }
  }
}
