package dev.fsbench.spi;

import java.util.Objects;

/**
 * How a backend serves one {@link Op}: with its own implementation, or by delegating to {@code
 * java.nio.file}.
 *
 * <p>Reports show the route beside every figure, as the seed reports show "Node fallback": a
 * backend that merely delegates to NIO is measuring NIO, and a reader must see that.
 *
 * @param kind whether the backend's own code does the work
 * @param via what does it, for a reader: {@code "FileUtils.copyDirectory"}, {@code "fsb_scan"},
 *     {@code "Files.move"}
 */
public record Route(Kind kind, String via) {

  /** Who does the work. */
  public enum Kind {
    /**
     * The backend's own implementation (for the NIO backend, NIO itself is its own implementation).
     */
    OWN,
    /** The backend hands the call to {@code java.nio.file}. */
    NIO_FALLBACK
  }

  public Route {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(via, "via");
  }

  public static Route own(String via) {
    return new Route(Kind.OWN, via);
  }

  public static Route nioFallback(String via) {
    return new Route(Kind.NIO_FALLBACK, via);
  }

  public boolean isFallback() {
    return kind == Kind.NIO_FALLBACK;
  }

  /** {@code own: via} or {@code nio fallback: via}, the form used in reports. */
  @Override
  public String toString() {
    return (kind == Kind.OWN ? "own" : "nio fallback") + ": " + via;
  }
}
