package dev.fsbench.nativefs;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a floor's workload calls ({@link #backend()}): {@link LibraryBackend} itself, over a binding
 * that records each library call instead of making it, so that a floor's calls carry the very
 * flags, modes and path bytes the backend passes, worked out by the backend's own code. Each call
 * of the backend becomes one {@link FloorCall}; nothing is done, and every method returns a
 * placeholder ({@code null}, {@code false}).
 *
 * <p>Both sides are {@link Proxy proxies} of their interface ({@link FsBackend}, {@link Binding}),
 * so no family is named here: a family added to the library is recorded with no edit. A backend
 * call is the family whose name its method's is, less {@code Text} ({@code readFileText} is
 * readFile's); what it returns says how the floor's output is decoded ({@link
 * FloorCall.Result#of}). Of the library call's arguments, the first {@code byte[]} are the backend
 * call's paths, one per {@code Path} argument, and a further one is the call's data (a payload,
 * glob's patterns); the integers are {@code fsb_floor}'s {@code args}; a {@code boolean} chose the
 * function and is none of them (writeFile's {@code append}: its family is appendFile). Reflection
 * costs nothing measured: recording happens before the floor's timed loop.
 *
 * <p>Sync calls only: a floor's batch is one call after another, so the async forms, which would
 * record from other threads in any order, are refused, as is {@code asyncExecutor()}.
 */
final class FloorRecorder {
  private static final byte[] NONE = new byte[0];

  private final Floor floor;
  private final LibraryBackend library;
  private final FsBackend backend;
  private final List<FloorCall> recorded = new ArrayList<>();
  private final List<LibraryCall> libraryCalls = new ArrayList<>();

  /** A call the backend made of the binding: which method, with what. */
  private record LibraryCall(Method method, Object[] args) {}

  FloorRecorder(Floor floor) {
    this.floor = Objects.requireNonNull(floor, "floor");
    Binding recording =
        (Binding)
            Proxy.newProxyInstance(
                Binding.class.getClassLoader(), new Class<?>[] {Binding.class}, this::library);
    this.library = new LibraryBackend(floor.id(), BackendConfig.DEFAULT, recording);
    this.backend =
        (FsBackend)
            Proxy.newProxyInstance(
                FsBackend.class.getClassLoader(), new Class<?>[] {FsBackend.class}, this::backend);
  }

  /** The backend the floor's workload calls. */
  FsBackend backend() {
    return backend;
  }

  /** The calls recorded since the last take, in order; the recorder starts afresh. */
  List<FloorCall> take() {
    List<FloorCall> calls = List.copyOf(recorded);
    recorded.clear();
    return calls;
  }

  void close() {
    library.close();
  }

  // ---------------------------------------------------------------- the backend's side

  private Object backend(Object proxy, Method method, Object[] args) throws Throwable {
    String name = method.getName();
    if (method.getDeclaringClass() == Object.class) {
      return switch (name) {
        case "equals" -> proxy == args[0];
        case "hashCode" -> System.identityHashCode(proxy);
        default -> "the recorder of floor " + floor.id();
      };
    }
    switch (name) {
      case "id":
        return floor.id();
      case "route":
        return floor.route(Objects.requireNonNull((Op) args[0], "op"));
      case "capabilities":
        return floor.capabilities();
      case "fileSystem":
        return library.fileSystem();
      case "close":
        return null;
      default:
        break;
    }
    if (name.endsWith("Async") || name.equals("asyncExecutor")) {
      throw new UnsupportedOperationException(
          "floor '"
              + floor.id()
              + "' records sync calls only: its batch is one call after another");
    }
    Op op = familyOf(name);
    libraryCalls.clear();
    try {
      method.invoke(library, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
    if (libraryCalls.size() != 1) {
      throw new IllegalStateException(
          name + " made " + libraryCalls.size() + " library calls; a floor records one a call");
    }
    recorded.add(floorCall(op, method, args, libraryCalls.get(0)));
    return method.getReturnType() == boolean.class ? Boolean.FALSE : null;
  }

  private static Op familyOf(String method) {
    String family = method.endsWith("Text") ? method.substring(0, method.length() - 4) : method;
    return Op.ofFamily(family);
  }

  private static FloorCall floorCall(Op op, Method method, Object[] args, LibraryCall call) {
    List<Path> paths = new ArrayList<>();
    for (Object arg : args) {
      if (arg instanceof Path) {
        paths.add((Path) arg);
      }
    }
    ByteArrayOutputStream pathBytes = new ByteArrayOutputStream();
    byte[] data = NONE;
    long[] four = new long[4];
    int pathsTaken = 0;
    int integers = 0;
    for (Object arg : call.args()) {
      if (arg instanceof byte[]) {
        byte[] bytes = (byte[]) arg;
        if (pathsTaken < paths.size()) {
          pathBytes.writeBytes(bytes);
          pathsTaken++;
        } else if (data == NONE) {
          data = bytes;
        } else {
          throw new IllegalStateException(
              call.method().getName() + " has more byte[] than paths and one payload");
        }
      } else if (arg instanceof Integer || arg instanceof Long) {
        if (integers == four.length) {
          throw new IllegalStateException(
              call.method().getName() + " has more than the four integers fsb_floor takes");
        }
        four[integers++] = ((Number) arg).longValue();
      }
    }
    return new FloorCall(
        op,
        FloorCall.Result.of(op, method.getReturnType()),
        paths.get(0),
        paths.size() > 1 ? paths.get(1) : null,
        pathBytes.toByteArray(),
        four,
        data);
  }

  // ---------------------------------------------------------------- the library's side

  private final Scratch scratch = new RecordingScratch();

  private Object library(Object proxy, Method method, Object[] args) {
    switch (method.getName()) {
      case "scratch":
        return scratch;
      case "view":
        return ByteBuffer.allocate(0);
      case "free":
        return null;
      case "lastErrorPath":
        return 0L;
      case "toString":
        return "the recording binding of floor " + floor.id();
      case "hashCode":
        return System.identityHashCode(proxy);
      case "equals":
        return proxy == args[0];
      default:
        break;
    }
    if (method.getReturnType() != int.class) {
      throw new IllegalStateException(
          "Binding." + method.getName() + " is not a library call the floor can record");
    }
    libraryCalls.add(new LibraryCall(method, args.clone()));
    return 0;
  }

  /** Memory for calls that write nothing back: every answer is empty. */
  private static final class RecordingScratch extends Scratch {
    RecordingScratch() {
      super(0);
    }

    @Override
    protected long nameCapacity() {
      return 0;
    }

    @Override
    protected boolean growNames(long needed) {
      return false;
    }

    @Override
    protected long useContent(long capacity) {
      return capacity;
    }

    @Override
    protected byte[] copyContent(int length) {
      return new byte[length];
    }

    @Override
    protected void release() {}
  }
}
