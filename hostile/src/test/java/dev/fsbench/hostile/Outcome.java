package dev.fsbench.hostile;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.util.function.UnaryOperator;

/**
 * What one call did: returned a value (summarized as a string, {@link Values}), or threw.
 *
 * @param value the summary of the returned value; null when the call threw
 * @param thrown the class name of what it threw; null when it returned
 * @param file {@link FileSystemException#getFile()}, or null
 * @param other {@link FileSystemException#getOtherFile()}, or null
 * @param reason {@link FileSystemException#getReason()} or the message, or null
 */
record Outcome(String value, String thrown, String file, String other, String reason) {

  private static final String NULL = "%00";

  static Outcome returned(String value) {
    return new Outcome(value, null, null, null, null);
  }

  static Outcome threw(Throwable t) {
    if (t instanceof FileSystemException) {
      FileSystemException e = (FileSystemException) t;
      return new Outcome(
          null, t.getClass().getName(), e.getFile(), e.getOtherFile(), e.getReason());
    }
    return new Outcome(null, t.getClass().getName(), null, null, t.getMessage());
  }

  boolean failed() {
    return thrown != null;
  }

  /** Whether it threw a {@link Throwable} of {@code type} (or a subclass). */
  boolean threw(Class<? extends Throwable> type) {
    if (thrown == null) {
      return false;
    }
    try {
      return type.isAssignableFrom(Class.forName(thrown, false, Outcome.class.getClassLoader()));
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /** The same outcome with every path in it (value, file, other) rewritten by {@code paths}. */
  Outcome mapPaths(UnaryOperator<String> paths) {
    return new Outcome(
        value == null ? null : paths.apply(value),
        thrown,
        file == null ? null : paths.apply(file),
        other == null ? null : paths.apply(other),
        reason);
  }

  String encode() {
    return String.join(" ", enc(value), enc(thrown), enc(file), enc(other), enc(reason));
  }

  static Outcome decode(String encoded) {
    String[] f = encoded.split(" ", -1);
    return new Outcome(dec(f[0]), dec(f[1]), dec(f[2]), dec(f[3]), dec(f[4]));
  }

  @Override
  public String toString() {
    if (thrown == null) {
      return "returned " + value;
    }
    StringBuilder s = new StringBuilder("threw ").append(thrown);
    if (file != null) {
      s.append(" file=").append(file);
    }
    if (other != null) {
      s.append(" other=").append(other);
    }
    if (reason != null) {
      s.append(" (").append(reason).append(')');
    }
    return s.toString();
  }

  static String enc(String s) {
    return s == null ? NULL : URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  static String dec(String s) {
    return s.equals(NULL) ? null : URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}
