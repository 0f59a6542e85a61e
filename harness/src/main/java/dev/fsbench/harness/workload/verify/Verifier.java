package dev.fsbench.harness.workload.verify;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects what differs in one sample. The first few differences are kept word for word and the
 * rest counted, so a batch of 256 wrong results reads as one clear message, not 256.
 */
public final class Verifier {
  private static final int KEPT = 5;

  private final List<String> kept = new ArrayList<>();
  private int total;

  public void fail(String what) {
    total++;
    if (kept.size() < KEPT) {
      kept.add(what);
    }
  }

  /** Records {@code what} unless {@code ok}. */
  public void check(boolean ok, String what) {
    if (!ok) {
      fail(what);
    }
  }

  /** Records a difference of {@code expected} and {@code actual}, described as {@code what}. */
  public void equal(String what, Object expected, Object actual) {
    if (expected == null ? actual != null : !expected.equals(actual)) {
      fail(what + ": expected " + expected + ", got " + actual);
    }
  }

  public boolean failed() {
    return total > 0;
  }

  int count() {
    return total;
  }

  public String summary() {
    String shown = String.join("; ", kept);
    return total > kept.size() ? shown + "; and " + (total - kept.size()) + " more" : shown;
  }
}
