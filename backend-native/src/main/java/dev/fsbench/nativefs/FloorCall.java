package dev.fsbench.nativefs;

import dev.fsbench.spi.FileStat;
import dev.fsbench.spi.Op;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One call a {@link FloorRecorder} recorded: the library call whose work it is, its paths (as
 * given, and as the bytes the library takes), its other arguments in the library's terms, and what
 * kind of result the backend's method returns.
 *
 * @param call the family whose library call it is ({@link Abi#symbol}: lstat's is {@code fsb_stat}
 *     too, and {@code args[0]} says whether it follows)
 * @param result how the call's result is decoded
 * @param first its first path (a link target or a mkdtemp prefix taken verbatim)
 * @param second its second path, or {@code null} for a call with one
 * @param bytes the NUL-terminated bytes of {@code first}, then of {@code second}
 * @param args {@code fsb_floor}'s {@code args[4]}
 * @param data the payload, or glob's packed patterns; empty when none
 */
record FloorCall(
    Op call, Result result, Path first, Path second, byte[] bytes, long[] args, byte[] data) {

  /** What the backend's method returns for the call, and how the floor's output becomes it. */
  enum Result {
    NONE,
    EXISTS,
    STAT,
    BYTES,
    TEXT,
    LINES,
    NAME,
    NAMES,
    SCAN;

    /**
     * The result of {@code op}'s method that returns {@code returned}: by the type, and for a list
     * by the layout the library packs it in (lines, scan's columns, or names).
     */
    static Result of(Op op, Class<?> returned) {
      if (returned == void.class) {
        return NONE;
      } else if (returned == boolean.class) {
        return EXISTS;
      } else if (returned == byte[].class) {
        return BYTES;
      } else if (returned == String.class) {
        return TEXT;
      } else if (returned == Path.class) {
        return NAME;
      } else if (returned == FileStat.class) {
        return STAT;
      } else if (returned == List.class) {
        return op == Op.LINES ? LINES : op == Op.SCAN ? SCAN : NAMES;
      }
      throw new IllegalStateException(
          op.family() + " returns a " + returned.getSimpleName() + ", which no floor decodes");
    }
  }

  FloorCall {
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(first, "first");
    if (args.length != 4) {
      throw new IllegalArgumentException("fsb_floor takes four args, not " + args.length);
    }
  }

  /**
   * Whether {@code other} does the same work on other paths: the batch's calls must, since the
   * library gives every call of a batch the same arguments.
   */
  boolean sameWork(FloorCall other) {
    return call == other.call
        && result == other.result
        && (second == null) == (other.second == null)
        && Arrays.equals(args, other.args)
        && Arrays.equals(data, other.data);
  }

  /** The call for messages: {@code fsb_stat(args [1, 0, 0, 0], 4096 bytes of data)}. */
  String describe() {
    return Abi.symbol(call)
        + "(args "
        + Arrays.toString(args)
        + (data.length == 0 ? "" : ", " + data.length + " bytes of data")
        + ")";
  }
}
