package dev.fsbench.nativefs;

import dev.fsbench.spi.Availability;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FloorRunner;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The floor {@value #ID}: every family's work done by the Rust library's own implementation (the
 * functions the {@code native} backend's calls run), the sample's calls looped inside the library
 * by {@code fsb_floor} and timed there with {@code clock_gettime(CLOCK_MONOTONIC)}. What separates
 * a backend from it is the JVM, the binding and the backend's own choices; what separates the
 * {@code native} backend from it is the binding alone.
 */
final class LibraryFloor implements Floor {
  static final String ID = "floor";

  static final LibraryFloor INSTANCE = new LibraryFloor();

  private LibraryFloor() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "libfsbench_native's own implementation of each family, the sample's calls looped inside the"
        + " library (fsb_floor, C ABI "
        + Binding.ABI_VERSION
        + ") and timed there with clock_gettime(CLOCK_MONOTONIC): no JVM in the loop";
  }

  @Override
  public Timing timing() {
    return Timing.NATIVE_LOOP;
  }

  @Override
  public Availability availability() {
    return Library.get().availability();
  }

  @Override
  public Set<Op> families() {
    return EnumSet.allOf(Op.class);
  }

  @Override
  public Set<Capability> capabilities() {
    return Abi.CAPABILITIES;
  }

  @Override
  public Route route(Op op) {
    return Route.own("fsb_floor: " + Abi.symbol(op) + "'s work looped in the library");
  }

  @Override
  public Map<String, String> details() {
    return Library.get().details();
  }

  @Override
  public FloorRunner open() {
    Availability availability = availability();
    if (!availability.isAvailable()) {
      throw new IllegalStateException(
          "floor '" + ID + "' is unavailable: " + availability.reason());
    }
    return new LibraryFloorRunner(this);
  }

  @Override
  public String toString() {
    return ID;
  }
}
