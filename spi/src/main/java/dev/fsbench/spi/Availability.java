package dev.fsbench.spi;

import java.util.Objects;

/**
 * Whether a backend can be created here, and if not, why: "no native library for linux-aarch64",
 * "built with -Dnative.skip=true". An unavailable backend is listed, never a crash.
 */
public record Availability(boolean isAvailable, String reason) {

  private static final Availability AVAILABLE = new Availability(true, "available");

  public Availability {
    Objects.requireNonNull(reason, "reason");
  }

  public static Availability available() {
    return AVAILABLE;
  }

  public static Availability unavailable(String reason) {
    return new Availability(false, reason);
  }

  @Override
  public String toString() {
    return isAvailable ? "available" : "unavailable: " + reason;
  }
}
