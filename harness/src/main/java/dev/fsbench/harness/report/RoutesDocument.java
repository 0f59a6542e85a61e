package dev.fsbench.harness.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Environment;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The routes file {@code fsbench recommend --out} writes and the {@code routed} backend reads
 * (backend-routed/README.md has the format): where the evidence came from, and for every family the
 * backend {@link BackendChoice} chose with the evidence it rests on.
 */
public final class RoutesDocument {
  /** The format id; the routed backend refuses any other. */
  public static final String FORMAT = "fsbench-routes-1";

  private static final Pattern MAJOR = Pattern.compile("^(?:1\\.)?(\\d+)");
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private RoutesDocument() {}

  /** The routes of {@code choices}, chosen from {@code run} (whose folder is {@code name}). */
  public static ObjectNode of(
      RunRecord run,
      String name,
      Regime regime,
      Mode mode,
      List<BackendChoice.FamilyChoice> choices) {
    ObjectNode root = JSON.objectNode();
    root.put("format", FORMAT);
    root.set("source", source(run, name, regime, mode));
    ObjectNode families = root.putObject("families");
    for (BackendChoice.FamilyChoice f : choices) {
      families.set(f.family(), family(f));
    }
    return root;
  }

  private static ObjectNode source(RunRecord run, String name, Regime regime, Mode mode) {
    Environment e = run.environment();
    ObjectNode source = JSON.objectNode();
    source.put("run", name);
    source.put("commit", e.git().commit());
    source.put("dirty", e.git().dirty());
    ObjectNode jdk = source.putObject("jdk");
    jdk.put("vendor", e.jdk().vendor());
    jdk.put("version", e.jdk().version());
    jdk.put("major", major(e.jdk().version()));
    ObjectNode machine = source.putObject("machine");
    machine.put("cpu", e.cpu().model());
    machine.put("cores", e.cpu().cores());
    machine.put("os", e.os().name() + " " + e.os().arch());
    machine.put("distribution", e.os().distribution());
    machine.put("kernel", e.os().kernel());
    source.put("fileSystemType", e.sandbox().fileSystemType());
    source.put("regime", regime.label());
    source.put("mode", mode.label());
    // every backend the run's class path had, measured or not: a route may name only these
    TreeSet<String> backends = new TreeSet<>(run.settings().backends());
    e.backends().forEach(b -> backends.add(b.id()));
    ArrayNode list = source.putArray("backends");
    backends.forEach(list::add);
    return source;
  }

  /**
   * The feature release of a {@code java.version}: 17 of {@code 17.0.15}, 8 of {@code 1.8.0_392}.
   */
  static Integer major(String version) {
    if (version == null) {
      return null;
    }
    Matcher m = MAJOR.matcher(version);
    return m.find() ? Integer.valueOf(m.group(1)) : null;
  }

  private static ObjectNode family(BackendChoice.FamilyChoice f) {
    ObjectNode node = JSON.objectNode();
    BackendChoice.Candidate c = f.chosen();
    node.put("backend", f.backend());
    if (c != null && c.concurrency() > 0) {
      node.put("concurrency", c.concurrency());
    }
    putRatio(node, c);
    ArrayNode cells = node.putArray("cells");
    if (c != null) {
      for (BackendChoice.Cell cell : c.cells()) {
        ObjectNode o = cells.addObject();
        o.put("case", cell.caseLabel());
        CaseRecord.Versus v = cell.versus();
        if (v == null) {
          o.putNull("ratio");
          o.putNull("verdict");
          o.put("note", cell.note());
        } else {
          o.put("ratio", round(v.ratio()));
          o.put("low", round(v.low()));
          o.put("high", round(v.high()));
          o.put("verdict", v.verdict().label());
        }
      }
    }
    if (c == null) {
      node.put("why", f.whyNio());
      node.putNull("runnerUp");
    } else if (f.runnerUp() == null) {
      node.putObject("runnerUp").put("backend", "nio");
    } else {
      ObjectNode r = node.putObject("runnerUp");
      r.put("backend", f.runnerUp().backend());
      if (f.runnerUp().concurrency() > 0) {
        r.put("concurrency", f.runnerUp().concurrency());
      }
      r.put("ratio", round(f.runnerUp().ratio()));
    }
    return node;
  }

  private static void putRatio(ObjectNode node, BackendChoice.Candidate c) {
    if (c == null) {
      node.putNull("ratio");
      node.putNull("low");
      node.putNull("high");
    } else {
      node.put("ratio", round(c.ratio()));
      node.put("low", round(c.low()));
      node.put("high", round(c.high()));
    }
  }

  /** Four significant digits at most: evidence for a reader, not for arithmetic. */
  private static double round(double v) {
    return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).doubleValue();
  }
}
