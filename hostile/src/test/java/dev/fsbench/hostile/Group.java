package dev.fsbench.hostile;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The hostile inputs in groups, one child JVM per backend and group: a crash or a hang costs the
 * group, never the suite. The outer deadline bounds a child whatever happens inside it (a case has
 * its own, far shorter, deadline in the child).
 */
enum Group {
  PATHS(Inputs::paths, 240, false),
  SPECIAL(Inputs::special, 240, false),
  DEEP(Inputs::deep, 600, false),
  WIDE(Inputs::wide, 600, false),
  /** As root the child drops every capability (setpriv), so that permission bits bind it. */
  UNREADABLE(Inputs::unreadable, 240, true),
  CONCURRENT(Inputs::concurrent, 240, false);

  private final Supplier<List<Input>> inputs;
  private final int outerDeadlineSeconds;
  private final boolean withoutCapabilities;

  Group(Supplier<List<Input>> inputs, int outerDeadlineSeconds, boolean withoutCapabilities) {
    this.inputs = inputs;
    this.outerDeadlineSeconds = outerDeadlineSeconds;
    this.withoutCapabilities = withoutCapabilities;
  }

  List<Input> inputs() {
    return inputs.get();
  }

  int outerDeadlineSeconds() {
    return outerDeadlineSeconds;
  }

  /** Whether permission bits must bind the child: as root, it runs without capabilities. */
  boolean withoutCapabilities() {
    return withoutCapabilities;
  }

  String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
