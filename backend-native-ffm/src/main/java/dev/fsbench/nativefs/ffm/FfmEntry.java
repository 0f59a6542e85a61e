package dev.fsbench.nativefs.ffm;

import dev.fsbench.nativefs.Binding;
import dev.fsbench.spi.Availability;
import java.util.Map;

/**
 * The seam between the provider, compiled at release 17, and the binding, compiled at release 22
 * into {@code META-INF/versions/22} ({@code FfmLibrary} implements it). The provider reaches the
 * binding only through this interface, found by {@link FfmSupport}.
 */
interface FfmEntry {

  /** Whether the library loaded, is of this binding's ABI and every call is bound. */
  Availability availability();

  /** What run.json records about the loaded library and how it is bound. */
  Map<String, String> details();

  /**
   * The binding the backend calls; only when {@link #availability()} says available. Its class is
   * compiled at release 22, so the provider names it only as a {@link Binding}.
   */
  Binding binding();
}
