package dev.fsbench.harness.report;

import java.util.List;
import java.util.Objects;

/**
 * One row of a run's decision table in REPORT.html: for a kind of work in a regime, the backend to
 * use, its ratio against nio with the interval, and the cells the answer rests on. The rule that
 * picks the rows lives apart from the page; {@link HtmlReport} only shows them, and says so when
 * there are none.
 *
 * @param key the kind of work's short name, the row's anchor in the page ({@code
 *     decision-steady-lookups})
 * @param kind the kind of work, as the table names it (e.g. {@code batches of short calls})
 * @param regime the regime the answer holds in, as the table names it ({@code first-use}, {@code
 *     steady})
 * @param backend the backend label to use
 * @param ratio nio's figure over the backend's: above 1 the backend is faster
 * @param low the lower bound of the ratio's interval
 * @param high its upper bound
 * @param why for nio, what kept each other backend out ({@code native slower in 2 of 12 cases});
 *     empty otherwise
 * @param cells the ids of the cells the row comes from ({@code
 *     stat/batch-256/default/sync/native}), each a link to its rows of the page's cell table
 */
public record Decision(
    String key,
    String kind,
    String regime,
    String backend,
    double ratio,
    double low,
    double high,
    String why,
    List<String> cells) {
  public Decision {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(regime, "regime");
    Objects.requireNonNull(backend, "backend");
    Objects.requireNonNull(why, "why");
    cells = List.copyOf(cells);
  }
}
