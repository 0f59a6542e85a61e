package dev.fsbench.testkit;

import dev.fsbench.spi.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.opentest4j.TestAbortedException;

/**
 * Runs a contract's family checks outside JUnit's engine and returns what each did, for tests of
 * the kit itself: a deliberately broken backend must be rejected family by family. Permission cases
 * are left out (they need no breaking to be trusted: their expectations fail for a process that
 * bypasses permissions).
 *
 * <pre>{@code
 * Map<Op, List<KitRun.Outcome>> byFamily = KitRun.run(new MyBrokenContract());
 * }</pre>
 */
public final class KitRun {
  private KitRun() {}

  /**
   * One check's result: passed, aborted (not applicable, with the reason) or failed with {@code
   * failure}.
   */
  public record Outcome(String check, boolean aborted, Throwable failure) {
    public boolean passed() {
      return !aborted && failure == null;
    }
  }

  public static Map<Op, List<Outcome>> run(BackendContract contract) throws Exception {
    Map<Op, List<Outcome>> out = new TreeMap<>();
    contract.open();
    try {
      for (FamilyContract family : Families.ALL) {
        List<Outcome> outcomes = new ArrayList<>();
        for (BackendContract.Check check : contract.checks(family)) {
          try {
            check.execute();
            outcomes.add(new Outcome(check.name(), false, null));
          } catch (TestAbortedException aborted) {
            outcomes.add(new Outcome(check.name(), true, null));
          } catch (Throwable failure) {
            outcomes.add(new Outcome(check.name(), false, failure));
          }
        }
        out.put(family.op(), outcomes);
      }
    } finally {
      contract.close();
    }
    return out;
  }
}
