package dev.fsbench.harness.report;

import dev.fsbench.harness.model.Mode;
import dev.fsbench.harness.results.CaseRecord;
import dev.fsbench.harness.results.Cases;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.stats.Regime;
import dev.fsbench.harness.stats.Verdict;
import dev.fsbench.spi.Op;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The backend to use for a family (or any set of a run's cases, such as a kind of work), chosen
 * from a run's verdicts against nio in one regime and one mode: the rule {@code fsbench recommend}
 * applies and the {@code routed} backend follows, and the decision tables of REPORT.md, REPORT.html
 * and the README ({@link DecisionTable}): the one rule every table that says "use this backend for
 * that work" applies.
 *
 * <ol>
 *   <li><b>Candidates</b>: every label measured in the family's cases of that mode except nio, the
 *       A/A control, the floors and {@code routed} itself, and except a label whose route for the
 *       family is a nio fallback (its cells measure nio). A label with an explicit tree concurrency
 *       ({@code native-c1}, {@code native-c4}) is a candidate of its own: routed reproduces it by
 *       creating that backend with the concurrency as its default, which is what the measured cell
 *       passed in its calls' options.
 *   <li><b>Eligible</b>: a candidate whose verdict against nio is {@code faster} in at least one
 *       case of the family and {@code slower} in none.
 *   <li><b>Score</b>: the geometric mean of its ratios against nio over the family's cases that
 *       have a comparison in the regime (a case without one, such as a cell with no steady state,
 *       counts neither way, and the table names it). Its interval: {@code exp(m ± sqrt(Σ h²) / n)},
 *       {@code m} the mean log ratio and {@code h} each case's half-width of its 95% interval on
 *       the log scale, the cases' errors taken as independent (each case ran in forks of its own).
 *   <li><b>Choice</b>: the eligible candidate with the highest score (equal scores: the first label
 *       in alphabetical order); none eligible, nio. So a tie never moves a family away from nio,
 *       and one slower case keeps a candidate out however fast it is elsewhere. The runner-up is
 *       the next eligible candidate, else nio.
 * </ol>
 */
public final class BackendChoice {
  private BackendChoice() {}

  /**
   * The backend that follows this rule's choices: never a candidate, since its routes come from a
   * run and a routes file never names it.
   */
  static final String ROUTED = "routed";

  /**
   * One case's comparison of a candidate with nio.
   *
   * @param caseLabel the case, e.g. {@code batch-256 buffer}; with its family ({@code stat
   *     batch-256 default}) when the cases are of several families
   * @param cell the cell's id ({@code stat/batch-256/default/sync/native}), what a table links to
   * @param versus the comparison, {@code null} when the regime has none (the note says why)
   * @param note why there is no comparison, or {@code null}
   */
  public record Cell(String caseLabel, String cell, CaseRecord.Versus versus, String note) {}

  /**
   * A label measured in the family, with the evidence it is judged by.
   *
   * @param label e.g. {@code native-c1}
   * @param backend its backend id
   * @param concurrency its explicit tree concurrency, 0 for the backend's own
   * @param cells its comparison with nio in each case of the family it ran
   */
  public record Candidate(String label, String backend, int concurrency, List<Cell> cells) {
    public Candidate {
      cells = List.copyOf(cells);
    }

    private List<CaseRecord.Versus> compared() {
      return cells.stream().map(Cell::versus).filter(Objects::nonNull).toList();
    }

    /** {@code faster} in at least one case, {@code slower} in none. */
    public boolean eligible() {
      List<CaseRecord.Versus> v = compared();
      return v.stream().anyMatch(c -> c.verdict() == Verdict.FASTER)
          && v.stream().noneMatch(c -> c.verdict() == Verdict.SLOWER);
    }

    /** The geometric mean of its ratios against nio; NaN without any comparison. */
    public double ratio() {
      return Math.exp(meanLog());
    }

    /** The lower bound of the score's 95% interval (see the class comment). */
    public double low() {
      return Math.exp(meanLog() - halfWidth());
    }

    /** The upper bound of the score's 95% interval. */
    public double high() {
      return Math.exp(meanLog() + halfWidth());
    }

    private double meanLog() {
      return compared().stream().mapToDouble(v -> Math.log(v.ratio())).average().orElse(Double.NaN);
    }

    private double halfWidth() {
      List<CaseRecord.Versus> v = compared();
      double squares =
          v.stream()
              .mapToDouble(c -> (Math.log(c.high()) - Math.log(c.low())) / 2)
              .map(h -> h * h)
              .sum();
      return Math.sqrt(squares) / v.size();
    }

    /**
     * Why a candidate that is not eligible is not, counted: {@code slower in 2 of 12 cases}, {@code
     * no faster case}, {@code no figure in this regime}.
     */
    String whyNotInShort() {
      long slower =
          cells.stream()
              .filter(c -> c.versus() != null && c.versus().verdict() == Verdict.SLOWER)
              .count();
      if (slower > 0) {
        return "slower in "
            + slower
            + " of "
            + cells.size()
            + (cells.size() == 1 ? " case" : " cases");
      }
      return compared().isEmpty() ? "no figure in this regime" : "no faster case";
    }

    /**
     * Why a candidate that is not eligible is not: {@code slower in single}, {@code no faster
     * case}, {@code no comparison}.
     */
    String whyNot() {
      List<String> slower =
          cells.stream()
              .filter(c -> c.versus() != null && c.versus().verdict() == Verdict.SLOWER)
              .map(Cell::caseLabel)
              .toList();
      if (!slower.isEmpty()) {
        return "slower in " + String.join(", ", slower);
      }
      return compared().isEmpty() ? "no comparison" : "no faster case";
    }
  }

  /**
   * The choice for one family.
   *
   * @param family e.g. {@code readFile}
   * @param chosen the candidate chosen, {@code null} for nio
   * @param runnerUp the next eligible candidate, {@code null} for nio (or, when nio is chosen,
   *     none)
   * @param candidates every candidate, best first: the eligible ones by score, then the others by
   *     label
   */
  public record FamilyChoice(
      String family, Candidate chosen, Candidate runnerUp, List<Candidate> candidates) {
    public FamilyChoice {
      candidates = List.copyOf(candidates);
    }

    /** The chosen backend's id: nio when no candidate is eligible. */
    public String backend() {
      return chosen == null ? Cases.BASELINE : chosen.backend();
    }

    /** As {@link #whyNio()}, each candidate's reason counted rather than listed. */
    public String whyNioInShort() {
      if (chosen != null) {
        return "";
      }
      if (candidates.isEmpty()) {
        return "no other backend ran it";
      }
      List<String> out = new ArrayList<>();
      candidates.forEach(c -> out.add(c.label() + " " + c.whyNotInShort()));
      return String.join("; ", out);
    }

    /**
     * Why the family stays on nio: each candidate and what kept it out, or that there was none;
     * empty when a candidate was chosen.
     */
    public String whyNio() {
      if (chosen != null) {
        return "";
      }
      if (candidates.isEmpty()) {
        return "no candidate: no other backend ran it with code of its own";
      }
      List<String> out = new ArrayList<>();
      candidates.forEach(c -> out.add(c.label() + " " + c.whyNot()));
      return String.join("; ", out);
    }
  }

  /** The choice for every family of {@link Op}, in its order, from {@code run}'s verdicts. */
  public static List<FamilyChoice> of(RunRecord run, Regime regime, Mode mode) {
    List<FamilyChoice> out = new ArrayList<>();
    for (Op op : Op.values()) {
      List<CaseRecord> cases =
          run.cases().stream()
              .filter(c -> c.family().equals(op.family()) && c.mode().equals(mode.label()))
              .toList();
      out.add(choose(op.family(), candidates(cases, regime, false)));
    }
    return out;
  }

  /**
   * The choice over {@code cases} (of one mode), named {@code name}: the same rule over cases of
   * several families, each cell then named with its family.
   */
  public static FamilyChoice of(String name, List<CaseRecord> cases, Regime regime) {
    boolean families = cases.stream().map(CaseRecord::family).distinct().count() > 1;
    return choose(name, candidates(cases, regime, families));
  }

  /**
   * As {@link #of(String, List, Regime)}, each backend at its own default concurrency only: what a
   * program gets that names a backend and no concurrency (the decision tables' reader).
   */
  public static FamilyChoice atDefaults(String name, List<CaseRecord> cases, Regime regime) {
    boolean families = cases.stream().map(CaseRecord::family).distinct().count() > 1;
    return choose(
        name,
        candidates(cases, regime, families).stream().filter(c -> c.concurrency() == 0).toList());
  }

  private static FamilyChoice choose(String family, List<Candidate> candidates) {
    Comparator<Candidate> byLabel = Comparator.comparing(Candidate::label);
    List<Candidate> eligible =
        candidates.stream()
            .filter(Candidate::eligible)
            .sorted(Comparator.comparingDouble(Candidate::ratio).reversed().thenComparing(byLabel))
            .toList();
    List<Candidate> ranked = new ArrayList<>(eligible);
    candidates.stream().filter(c -> !c.eligible()).sorted(byLabel).forEach(ranked::add);
    return new FamilyChoice(
        family,
        eligible.isEmpty() ? null : eligible.get(0),
        eligible.size() < 2 ? null : eligible.get(1),
        ranked);
  }

  private static List<Candidate> candidates(
      List<CaseRecord> cases, Regime regime, boolean nameFamilies) {
    Map<String, List<Cell>> cells = new LinkedHashMap<>();
    Map<String, CaseRecord.BackendResult> first = new LinkedHashMap<>();
    for (CaseRecord c : cases) {
      for (Map.Entry<String, CaseRecord.BackendResult> e : c.results().entrySet()) {
        String label = e.getKey();
        CaseRecord.BackendResult r = e.getValue();
        if (label.equals(Cases.BASELINE)
            || r.control()
            || r.isFloor()
            || r.backend().equals(ROUTED)) {
          continue;
        }
        if (r.route().kind() == CaseRecord.RouteRecord.Kind.NIO_FALLBACK) {
          continue; // nio under another name: never chosen for work it hands to nio
        }
        CaseRecord.RegimeRecord regimeRecord = r.regime(regime);
        first.putIfAbsent(label, r);
        cells
            .computeIfAbsent(label, k -> new ArrayList<>())
            .add(
                new Cell(
                    nameFamilies ? c.family() + " " + c.caseLabel() : c.caseLabel(),
                    r.cell(),
                    regimeRecord.vsNio(),
                    regimeRecord.vsNio() == null ? noteOf(regimeRecord) : null));
      }
    }
    List<Candidate> out = new ArrayList<>();
    cells.forEach(
        (label, own) -> {
          CaseRecord.BackendResult r = first.get(label);
          out.add(new Candidate(label, r.backend(), r.concurrency(), own));
        });
    return out;
  }

  private static String noteOf(CaseRecord.RegimeRecord r) {
    return r.note() != null ? r.note() : "no comparison with nio";
  }
}
