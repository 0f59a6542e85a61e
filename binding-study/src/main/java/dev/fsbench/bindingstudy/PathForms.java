package dev.fsbench.bindingstudy;

import dev.fsbench.nativefs.PathBytes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * One path in every form a binding starts from, made before any call is timed:
 *
 * <ul>
 *   <li>{@link #path}, for NIO;
 *   <li>{@link #string}, its {@code toString()} (which the path keeps once made), for {@code
 *       MemorySegment.setString};
 *   <li>{@link #bytes}, the NUL-terminated bytes both backends pass ({@code PathBytes.argument}):
 *       what JNA takes, what a critical call reads in place, what the other FFM rows copy;
 *   <li>{@link #reused}, off-heap memory the FFM rows that reuse a segment copy the path into.
 * </ul>
 *
 * The reused segment comes from an automatic arena: passing a segment to a downcall keeps its arena
 * alive for the call, which for a global or automatic arena costs nothing, for a confined one a
 * thread check and a counter, and for a shared one two atomic updates per argument per call.
 */
final class PathForms {
  /** PATH_MAX: any path a syscall takes fits. */
  static final int CAPACITY = 4096;

  final Path path;
  final String string;
  final byte[] bytes;
  final MemorySegment reused;

  PathForms(Path path) {
    this.path = path;
    this.string = path.toString();
    this.bytes = PathBytes.argument(path);
    if (bytes.length > CAPACITY) {
      throw new IllegalArgumentException(
          "the path is " + bytes.length + " bytes, more than PATH_MAX: " + path);
    }
    this.reused = Arena.ofAuto().allocate(CAPACITY);
  }
}
