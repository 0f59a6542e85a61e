package dev.fsbench.commonsio;

import java.util.List;

/**
 * One filesystem access seen by a spy: what kind of access, through which call, on which path, and
 * which Commons IO methods were on the calling thread's stack at that moment (empty when none was).
 *
 * @param kind what the access does to {@code path}
 * @param call the provider method or permission check that saw it, for messages
 * @param path the path as the caller spelled it (absolute in these tests)
 * @param commonsIoFrames {@code SimpleClassName#method} of every {@code org.apache.commons.io}
 *     frame, innermost first
 */
record Call(Kind kind, String call, String path, List<String> commonsIoFrames) {

  enum Kind {
    /** Reads data or metadata, lists, checks access. */
    READ,
    /** Creates, writes, copies onto, moves, sets attributes. */
    WRITE,
    /** Removes. */
    DELETE,
    /** Hands out an attribute view: the access happens later, on the view. */
    VIEW
  }

  boolean insideCommonsIo() {
    return !commonsIoFrames.isEmpty();
  }

  /** The Commons IO frames of the current thread's stack, innermost first. */
  static List<String> commonsIoFramesHere() {
    return StackWalker.getInstance()
        .walk(
            frames ->
                frames
                    .filter(f -> f.getClassName().startsWith("org.apache.commons.io."))
                    .map(f -> simpleName(f.getClassName()) + "#" + f.getMethodName())
                    .collect(java.util.stream.Collectors.toList()));
  }

  @Override
  public String toString() {
    return kind
        + " "
        + path
        + " via "
        + call
        + (insideCommonsIo() ? " inside " + commonsIoFrames : " (no Commons IO frame)");
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
