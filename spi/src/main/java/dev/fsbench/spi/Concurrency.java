package dev.fsbench.spi;

/**
 * The shared rule for the {@code concurrency} of tree options: 0 is the backend's default,
 * otherwise a worker count.
 */
final class Concurrency {
  private Concurrency() {}

  static void check(int concurrency) {
    if (concurrency < 0) {
      throw new IllegalArgumentException(
          "concurrency must be 0 (backend default) or positive, was " + concurrency);
    }
  }
}
