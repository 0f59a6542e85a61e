package dev.fsbench.nativefs;

import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * Runs a {@link LibraryFloor} batch: the recorded calls packed into native memory ({@link
 * #prepare()}), one {@code fsb_floor} ({@link #run()}), the results decoded on demand ({@link
 * #result(int)}).
 *
 * <p>Native memory is kept from batch to batch and grows when a batch needs more: direct buffers,
 * zeroed when made, so every page of a sample's output is touched before the first timed call (a
 * page fault inside the loop would be charged to the floor, as a backend's heap is pre-touched for
 * the same reason).
 */
final class LibraryFloorRunner implements FloorRunner {
  /** Room for one name the library returns (readlink, realpath, mkdtemp): PATH_MAX. */
  private static final int NAME_ROOM = 4096;

  private final FloorRecorder recorder;
  private final NativeBuffer args = NativeBuffer.direct(4 * Long.BYTES);
  private final NativeBuffer report = NativeBuffer.direct(2 * Long.BYTES);
  private NativeBuffer paths = NativeBuffer.direct(1);
  private NativeBuffer data = NativeBuffer.direct(1);
  private NativeBuffer out = NativeBuffer.direct(1);
  private NativeBuffer results = NativeBuffer.direct(Long.BYTES);

  private List<FloorCall> batch;
  private FloorCall work;
  private int pathsLength;
  private int outCapacity;
  private int resultCount;
  private boolean ran;
  private long[] longs;
  private int[] offsets;
  private Object treeResult;
  private long handedAddress;
  private long handedLength;

  LibraryFloorRunner(LibraryFloor floor) {
    this.recorder = new FloorRecorder(floor);
  }

  @Override
  public FsBackend recorder() {
    return recorder.backend();
  }

  @Override
  public void prepare() throws IOException {
    releaseTreeResult();
    treeResult = null;
    List<FloorCall> calls = recorder.take();
    FloorCall first = checkBatch(calls);
    if (first.call().isTree() && calls.size() != 1) {
      throw new IllegalArgumentException(
          Abi.symbol(first.call())
              + " works on a whole tree: one call a batch, not "
              + calls.size());
    }
    pathsLength = 0;
    for (FloorCall c : calls) {
      pathsLength += c.bytes().length;
    }
    paths = atLeast(paths, pathsLength);
    int at = 0;
    for (FloorCall c : calls) {
      paths.write(at, c.bytes());
      at += c.bytes().length;
    }
    args.write(0, first.args(), 4);
    data = atLeast(data, first.data().length);
    data.write(0, first.data());
    outCapacity = outputRoom(calls);
    out = atLeast(out, outCapacity);
    resultCount = resultCount(first, calls.size());
    results = atLeast(results, (long) resultCount * Long.BYTES);
    batch = calls;
    work = first;
    ran = false;
    longs = null;
    offsets = null;
  }

  /** The batch's first call, once every call is checked to do its work. */
  static FloorCall checkBatch(List<FloorCall> calls) {
    if (calls.isEmpty()) {
      throw new IllegalArgumentException("no call was recorded for the floor's batch");
    }
    FloorCall first = calls.get(0);
    for (FloorCall c : calls) {
      if (!c.sameWork(first)) {
        throw new IllegalArgumentException(
            "a floor batch is one family with one set of arguments: "
                + first.describe()
                + " and "
                + c.describe());
      }
    }
    return first;
  }

  /** The bytes the batch's results take in {@code out}: its files' sizes, or a name a call. */
  private static int outputRoom(List<FloorCall> calls) throws IOException {
    long room = 0;
    for (FloorCall c : calls) {
      switch (c.result()) {
        case BYTES:
        case TEXT:
          // Untimed, and NIO's: the library reads the size again (fstat) inside the loop.
          room += Files.size(c.first());
          break;
        case NAME:
          room += NAME_ROOM;
          break;
        case LINES:
          // Each kept line is its bytes and a uint32 length; there are at most count of them.
          long size = Files.size(c.first());
          room += size + (long) Integer.BYTES * Math.min(c.args()[1], size + 1);
          break;
        default:
          break;
      }
    }
    if (room > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "a floor batch's output of " + room + " bytes does not fit one buffer");
    }
    return (int) room;
  }

  /** How many int64 the library writes into {@code results} (rust/ABI.md, "The floor"). */
  private static int resultCount(FloorCall first, int count) {
    switch (first.result()) {
      case STAT:
        return Abi.STAT_FIELDS * count;
      case EXISTS:
      case BYTES:
      case TEXT:
      case LINES:
      case NAME:
        return count;
      case NAMES:
      case SCAN:
        return 2;
      default:
        return 0;
    }
  }

  private static NativeBuffer atLeast(NativeBuffer buffer, long needed) {
    if (buffer.capacity() >= needed) {
      return buffer;
    }
    long grown = Math.max(needed, 2L * buffer.capacity());
    return NativeBuffer.direct((int) Math.min(grown, Integer.MAX_VALUE - 8));
  }

  @Override
  public long run() throws IOException {
    if (batch == null || ran) {
      throw new IllegalStateException(
          batch == null ? "no batch is prepared" : "the batch already ran: prepare another");
    }
    ran = true;
    int result =
        JnaBinding.fsb_floor(
            PathBytes.verbatim(Abi.symbol(work.call())),
            batch.size(),
            paths.address(),
            pathsLength,
            args.address(),
            data.address(),
            work.data().length,
            out.address(),
            outCapacity,
            resultCount == 0 ? 0 : results.address(),
            report.address());
    long[] measured = new long[2];
    report.read(0, measured, 2);
    if (result != 0) {
      throw failure(result, (int) Math.min(measured[1], batch.size() - 1));
    }
    if (work.result() == FloorCall.Result.NAMES || work.result() == FloorCall.Result.SCAN) {
      long[] handed = new long[2];
      results.read(0, handed, 2);
      handedAddress = handed[0];
      handedLength = handed[1];
    }
    return measured[0];
  }

  private IOException failure(int result, int index) {
    FloorCall c = batch.get(index);
    if (result == Abi.FSB_E_RANGE) {
      return new IOException(
          "fsb_floor: call "
              + index
              + " ("
              + c.first()
              + ") needed more room than the batch's output has: did the file grow?");
    }
    String file =
        NativeErrors.concernsSecond(result) ? c.second().toString() : c.first().toString();
    if (c.call().isTree() && result > 0) {
      String recorded = LibraryBackend.lastErrorPath(JnaBinding.INSTANCE);
      file = recorded.isEmpty() ? file : recorded;
    }
    String other = c.call() == Op.RENAME ? c.second().toString() : null;
    return NativeErrors.of(c.call(), result, file, other);
  }

  @Override
  public Object result(int call) throws IOException {
    if (!ran) {
      throw new IllegalStateException("the batch has not run");
    }
    FloorCall c = batch.get(call);
    switch (c.result()) {
      case NONE:
        return null;
      case EXISTS:
        return longs()[call] == 1;
      case STAT:
        return Abi.fileStat(longs(), Abi.STAT_FIELDS * call);
      case BYTES:
        return bytes(call);
      case TEXT:
        return new String(bytes(call), StandardCharsets.UTF_8);
      case LINES:
        return PackedResults.lines(ByteBuffer.wrap(bytes(call)), c.call());
      case NAME:
        byte[] name = bytes(call);
        return PathBytes.toPath(recorder.backend().fileSystem(), name, 0, name.length);
      case NAMES:
      case SCAN:
        return treeResult(c);
      default:
        throw new IllegalStateException("unknown result " + c.result());
    }
  }

  private long[] longs() {
    if (longs == null) {
      longs = new long[resultCount];
      results.read(0, longs, resultCount);
    }
    return longs;
  }

  /** Call {@code call}'s bytes in {@code out}, where they follow the earlier calls' bytes. */
  private byte[] bytes(int call) {
    if (offsets == null) {
      offsets = new int[batch.size() + 1];
      for (int i = 0; i < batch.size(); i++) {
        offsets[i + 1] = offsets[i] + (int) longs()[i];
      }
    }
    byte[] bytes = new byte[offsets[call + 1] - offsets[call]];
    out.read(offsets[call], bytes, bytes.length);
    return bytes;
  }

  private Object treeResult(FloorCall c) throws IOException {
    if (treeResult == null) {
      try {
        ByteBuffer view =
            LibraryBackend.view(JnaBinding.INSTANCE, handedAddress, handedLength, c.call());
        treeResult =
            c.result() == FloorCall.Result.SCAN
                ? PackedResults.scanEntries(view)
                : PackedResults.names(view, c.call());
      } finally {
        releaseTreeResult();
      }
    }
    return treeResult;
  }

  private void releaseTreeResult() {
    if (handedAddress != 0 || handedLength != 0) {
      JnaBinding.fsb_free(handedAddress, handedLength);
    }
    handedAddress = 0;
    handedLength = 0;
  }

  @Override
  public void close() {
    releaseTreeResult();
    treeResult = null;
    batch = null;
    recorder.close();
  }
}
