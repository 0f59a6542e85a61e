package dev.fsbench.routed;

/**
 * A routes file routed refuses: missing, unreadable, not JSON, of another format, or naming a
 * family or backend it does not know. The message names the file and the problem, and becomes the
 * provider's reason for being unavailable.
 */
final class RoutesException extends Exception {
  private static final long serialVersionUID = 1L;

  RoutesException(String source, String problem) {
    super("routes file " + source + ": " + problem);
  }

  RoutesException(String source, String problem, Throwable cause) {
    super("routes file " + source + ": " + problem, cause);
  }
}
