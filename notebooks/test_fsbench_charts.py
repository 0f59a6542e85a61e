"""Self-check of fsbench_charts on fixtures/tiny-run: every chart is written, reproducibly, and says what it lacks.

Charts are judged by what they contain (texts, hatching, file bytes), never by how they look; every file goes to a
temporary directory the test removes.
"""

import json
import math
import shutil
import struct
import tempfile
import unittest
from pathlib import Path

from matplotlib.collections import PathCollection
from matplotlib.patches import Rectangle

import fsbench_charts as charts
import fsbench_results as results
from test_fsbench_results import (
    FIXTURE,
    SWEEP_FIXTURE,
    inline_document,
    TempRuns,
    fixture_document,
    recount,
    with_floor,
)


def texts(fig) -> list[str]:
    return [t.get_text() for t in fig.texts] + [t.get_text() for ax in fig.axes for t in ax.texts]


def joined(fig) -> str:
    """All texts as one line: wrapping in a placeholder must not hide a phrase."""
    return " ".join(" ".join(texts(fig)).split())


def bars(ax) -> list:
    """The data bars: rectangles drawn at zorder 2 (the tinted halves are spans, at zorder 0)."""
    return [p for p in ax.patches if isinstance(p, Rectangle) and p.get_zorder() == 2]


def lines(fig) -> list:
    """The data lines (one per fork in the warm-up chart): Line2D objects with markers."""
    return [line for ax in fig.axes for line in ax.get_lines() if line.get_marker() not in (None, "None", "")
            and len(line.get_xdata()) > 1]


def points(fig) -> list:
    """Every scattered point, as (x, y)."""
    return [tuple(xy) for ax in fig.axes for c in ax.collections if isinstance(c, PathCollection)
            for xy in c.get_offsets()]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise AssertionError(f"{path} is not a PNG")
    return struct.unpack(">II", data[16:24])


def render_all(run: results.Run, folder: Path) -> list[Path]:
    paths = [charts.save(draw(run), folder / name) for name, draw in charts.CHARTS.items()]
    paths += [charts.save(charts.scaling(run), folder / name) for name in charts.scaling_files(run)]
    paths += [charts.save(charts.distributions(run, f), folder / n) for f, n in charts.distribution_files(run).items()]
    return paths


class ReproducibleFilesTest(unittest.TestCase):
    def setUp(self):
        self.out = Path(tempfile.mkdtemp(prefix="fsbench-nb-charts-"))
        self.addCleanup(shutil.rmtree, self.out)

    def test_every_chart_of_the_fixture_is_written(self):
        run = results.load_run(FIXTURE)
        paths = render_all(run, self.out)
        self.assertEqual([p.name for p in paths], charts.expected_files(run))
        self.assertEqual(charts.expected_files(run), ["overview.png", "overview-first-use.png", "warmup.png",
                                                      "sync-async.png", "concurrency.png",
                                                      "distributions-readdir.png", "distributions-stat.png"])
        for path in paths:
            width, height = png_size(path)
            self.assertGreater(width, 300, path.name)
            self.assertGreater(height, 150, path.name)

    def test_drawing_the_same_run_twice_gives_the_same_bytes(self):
        first, second = self.out / "first", self.out / "second"
        first.mkdir()
        second.mkdir()
        render_all(results.load_run(FIXTURE), first)
        render_all(results.load_run(FIXTURE), second)
        for path in sorted(first.iterdir()):
            self.assertEqual(path.read_bytes(), (second / path.name).read_bytes(), path.name)

    def test_no_software_version_or_date_in_the_file(self):
        run = results.load_run(FIXTURE)
        for name in ("overview.png", "warmup.png"):
            data = charts.save(charts.CHARTS[name](run), self.out / name).read_bytes()
            self.assertNotIn(b"Software", data)
            self.assertNotIn(b"matplotlib", data.lower())
            self.assertNotIn(b"tIME", data)

    def test_charts_are_stored_with_a_palette(self):
        run = results.load_run(FIXTURE)
        data = charts.save(charts.CHARTS["overview.png"](run), self.out / "overview.png").read_bytes()
        # IHDR's colour type, the 10th byte of its data: 3 is indexed colour, Agg's own output is 6 (RGBA).
        self.assertEqual(data[12:16], b"IHDR")
        self.assertEqual(data[25], 3)


class OverviewTest(unittest.TestCase):
    def test_steady_bars_carry_ratio_interval_verdict_and_route(self):
        fig = charts.overview(results.load_run(FIXTURE))
        words = texts(fig)
        self.assertIn("Against nio, steady regime, per family (representative case, sync and async)", words)
        self.assertIn("4.14\u00d7 [4.02, 4.27] faster", words)  # readdir tree-1000 sync
        self.assertIn("0.49\u00d7 [0.47, 0.50] slower (nio fallback)", words)  # stat batch-256 sync, through nio
        self.assertIn("0.39\u00d7 [0.32, 0.50] slower (nio fallback), inconsistent", words)  # forks disagree
        self.assertIn("1.00\u00d7 [0.96, 1.03] tie", words)  # the A/A control
        self.assertIn("tiny-run: complete, tmpfs sandbox, 1 warmup + 6 samples x 2 forks, git 0123456789ab", words)
        drawn = bars(fig.axes[0])
        self.assertEqual(len(drawn), 5)  # readdir async native has no steady state: no bar
        self.assertEqual([b.get_hatch() == "////" for b in drawn], [False, True, False, True, False])
        self.assertEqual([charts.mcolors.to_hex(b.get_facecolor()) for b in drawn][0::2],
                         [charts.WIN, charts.LOSS, charts.LOSS])
        self.assertEqual([b.get_linestyle() for b in drawn], ["solid", "--", "solid", "--", "solid"])  # controls dashed
        ticks = [t.get_text() for t in fig.axes[0].get_yticklabels()]
        self.assertEqual(ticks, ["native", "nio-aa (A/A)", "native", "native", "nio-aa (A/A)", "native"])

    def test_a_cell_without_steady_state_is_drawn_as_such(self):
        words = texts(charts.overview(results.load_run(FIXTURE)))
        self.assertIn("no steady state", words)
        self.assertIn("no steady state in 2 of 2 forks", words)

    def test_first_use_draws_the_first_use_regime(self):
        fig = charts.overview_first_use(results.load_run(FIXTURE))
        words = texts(fig)
        self.assertIn("Against nio, first use (first 2 measured iterations of each fork), per family "
                      "(representative case)", words)
        self.assertIn("12\u00d7 [11, 13] faster", words)
        self.assertIn("0.52\u00d7 [0.34, 1.04] tie", words)  # the cell without a steady state has a first use
        self.assertEqual(len(bars(fig.axes[0])), 6)
        self.assertNotIn("no steady state", words)

    def test_intervals_are_error_bars(self):
        ax = charts.overview(results.load_run(FIXTURE)).axes[0]
        caps = [c for c in ax.containers if c.__class__.__name__ == "ErrorbarContainer"]
        self.assertEqual(len(caps), 5)

    def test_the_ratio_axis_is_log_and_centred_on_one(self):
        ax = charts.overview(results.load_run(FIXTURE)).axes[0]
        self.assertEqual(ax.get_xscale(), "log")
        low, high = ax.get_xlim()
        self.assertAlmostEqual(math.log(low), -math.log(high))
        self.assertIn("1/2\u00d7", [t.get_text() for t in ax.get_xticklabels()])

    def test_a_run_with_nio_only_says_there_is_nothing_to_compare(self):
        doc = fixture_document()
        for case in doc["cases"]:
            case["results"] = {"nio": case["results"]["nio"]}
        run = results.load_run(TempRuns(self).write("nio-only", recount(doc)))
        overview = joined(charts.overview(run))
        self.assertIn("Only nio was measured", overview)
        self.assertIn("commons-io (unavailable: fixture: left out on purpose)", overview)
        self.assertIn("Only nio was measured", joined(charts.overview_first_use(run)))
        self.assertIn("native declares TREE_CONCURRENCY but no tree-family cell of it was measured",
                      joined(charts.concurrency(run)))
        for backend in doc["environment"]["backends"]:
            backend["capabilities"] = [c for c in backend["capabilities"] if c != "TREE_CONCURRENCY"]
        run = results.load_run(TempRuns(self).write("nio-only-no-sweep", doc))
        self.assertIn("No backend in this run declares TREE_CONCURRENCY", joined(charts.concurrency(run)))

    def test_a_backend_missing_from_a_family_is_named_not_measured(self):
        doc = fixture_document()
        for case in doc["cases"]:
            if case["family"] == "stat":
                del case["results"]["native"]
        fig = charts.overview(results.load_run(TempRuns(self).write("no-native-stat", recount(doc))))
        self.assertEqual(texts(fig).count("not measured"), 2)


    def test_the_floor_is_marked_where_a_backend_as_fast_would_stand(self):
        run = results.load_run(TempRuns(self).write("floor", with_floor(fixture_document())))
        fig = charts.overview(run)
        marks = [c for c in fig.axes[0].collections
                 if charts.mcolors.to_hex(c.get_color()[0]) == charts.FLOOR_COLOUR]
        self.assertEqual(len(marks), 2, "one mark per sync case with a floor (readdir, stat)")
        self.assertEqual([seg[0][0] for m in marks for seg in m.get_segments()], [1.0, 1.0], "at nio / floor")
        legend = [t.get_text() for legend in fig.legends for t in legend.get_texts()]
        self.assertTrue(any(t.startswith("floor: nio / floor") for t in legend), legend)
        self.assertEqual(len(bars(fig.axes[0])), 5, "the floor is no bar of its own")

    def test_a_run_without_floors_has_no_floor_mark(self):
        fig = charts.overview(results.load_run(FIXTURE))
        self.assertFalse(any(c for c in fig.axes[0].collections
                             if charts.mcolors.to_hex(c.get_color()[0]) == charts.FLOOR_COLOUR))


class ConcurrencyTest(unittest.TestCase):
    def test_missing_variants_keep_their_slot_and_verdicts_decide_the_hatching(self):
        fig = charts.concurrency(results.load_run(FIXTURE))
        words = texts(fig)
        self.assertIn("Tree concurrency against nio, steady regime: default, c1, c4 (readdir, glob, scan, cp, rm)",
                      words)
        # native-c4 never ran; native-c1 ran only sync tree-1000; async has no tree-4 at all, and keeps its column.
        self.assertEqual(words.count("native-c4 not run"), 4)
        self.assertEqual(words.count("native-c1 not run"), 3)
        self.assertEqual(words.count("native not run"), 1)
        self.assertEqual(words.count("native: no steady state"), 1)  # async tree-1000
        self.assertIn("tree-4\nnio not run", words)
        self.assertIn("tree-4 nio 0.0415 ms", joined(fig))
        hatches = {}
        for ax in fig.axes:
            for bar in bars(ax):
                hatches[round(bar.get_y() + bar.get_height(), 6), round(bar.get_y(), 6)] = bar.get_hatch()
        # Verdicts faster (readdir tree-1000 sync: native 4.14x, native-c1 2.43x) are solid; the tie is hatched.
        self.assertIsNone(hatches[(round(12403750 / 2994500, 6), 1.0)])
        self.assertIsNone(hatches[(round(12403750 / 5113500, 6), 1.0)])
        self.assertEqual(hatches[(1.0, round(41500 / 42500, 6))], "////")

    def test_a_tree_with_several_cases_of_one_scenario_gets_a_column_each(self):
        # A real tree's glob runs several patterns on one scenario (jdk-src all, top, ext): each is its own column.
        doc = fixture_document()
        original = next(c for c in doc["cases"]
                        if (c["family"], c["scenario"], c["mode"]) == ("readdir", "tree-1000", "sync"))
        twin = json.loads(json.dumps(original))
        for case, variant in ((original, "all"), (twin, "top")):
            case["variant"], case["caseLabel"] = variant, f"tree-1000 {variant}"
            for r in case["results"].values():
                r["cell"] = r["cell"].replace("/tree-1000/-/", f"/tree-1000/{variant}/")
        doc["cases"].insert(doc["cases"].index(original) + 1, twin)
        fig = charts.concurrency(results.load_run(TempRuns(self).write("two-patterns", recount(doc))))
        words = texts(fig)
        nio = [t for t in words if t.startswith("tree-1000 ")]
        self.assertEqual(sorted(t.split("\n")[0] for t in nio), ["tree-1000 all", "tree-1000 all", "tree-1000 top",
                                                                 "tree-1000 top"], nio)  # in both modes' panels
        self.assertIn("tree-1000 top nio", joined(fig))
        # The twin's bars are drawn as the original's: native 4.14x faster, twice now in the sync panel.
        sync_bars = [bar for ax in fig.axes for bar in bars(ax)
                     if round(bar.get_y() + bar.get_height(), 6) == round(12403750 / 2994500, 6)]
        self.assertEqual(len(sync_bars), 2)

    def test_a_run_without_nio_in_the_tree_families_says_so(self):
        doc = fixture_document()
        for case in doc["cases"]:
            if case["family"] == "readdir":
                del case["results"]["nio"]
                for r in case["results"].values():
                    for g in r["regimes"].values():
                        g["vsNio"], g["note"] = None, g["note"] or "nio did not run this case"
        fig = charts.concurrency(results.load_run(TempRuns(self).write("no-nio-tree", recount(doc))))
        self.assertIn("the sweep has no baseline", joined(fig))


class WarmupTest(unittest.TestCase):
    def test_one_line_per_fork_of_each_chosen_cell_with_its_segments_marked(self):
        run = results.load_run(FIXTURE)
        fig = charts.warmup(run)
        words = texts(fig)
        self.assertEqual(len(lines(fig)), 2 * 2 * 2)  # readdir tree-1000 and stat batch-256, nio and native, 2 forks
        titles = [ax.get_title(loc="left") for ax in fig.axes]
        self.assertEqual(titles, ["readdir tree-1000, sync: nio", "readdir tree-1000, sync: native",
                                  "stat batch-256 default, sync: nio", "stat batch-256 default, sync: native"])
        self.assertIn("steady: warmup\nfork 0: warmup, steady from 2\nfork 1: warmup, steady from 2", words)
        self.assertIn("steady: flat\nfork 0: flat, steady from 0\nfork 1: flat, steady from 0", words)
        first = fig.axes[0]
        self.assertEqual(first.get_yscale(), "log")
        # steadyFrom 2 is drawn between iterations 1 and 2, once per fork; the first-use window covers 0 and 1.
        vertical = [tuple(line.get_xdata()) for line in first.get_lines() if line.get_linestyle() == "-"
                    and len(line.get_xdata()) == 2 and line.get_xdata()[0] == line.get_xdata()[1]]
        self.assertEqual(vertical, [(1.5, 1.5), (1.5, 1.5)])
        shaded = [p for p in first.patches if charts.mcolors.to_hex(p.get_facecolor()) == charts.FIRST_USE_SHADE]
        self.assertEqual(len(shaded), 1)
        legend = [t.get_text() for t in fig.legends[0].get_texts()]
        self.assertIn("first-use window: the first 2 measured iterations of each fork", legend)

    def test_a_fork_without_steady_state_and_a_cell_a_backend_did_not_run(self):
        doc = fixture_document()
        doc["cases"] = [c for c in doc["cases"] if c["mode"] == "async"]
        run = results.load_run(TempRuns(self).write("async", recount(doc)))
        fig = charts.warmup(run)
        words = texts(fig)
        self.assertIn("steady: no steady state in 2 of 2 forks\nfork 0: no steady state\nfork 1: no steady state",
                      words)
        self.assertIn("steady: inconsistent\nfork 0: flat, steady from 0\nfork 1: slowdown, steady from 4", words)
        dotted = [line.get_xdata()[0] for line in fig.axes[1].get_lines() if line.get_linestyle() == ":"]
        self.assertEqual(dotted, [1.5, 3.5, 1.5, 3.5])  # the changepoints of both forks
        doc["cases"] = [c for c in doc["cases"] if c["family"] == "stat"]
        for case in doc["cases"]:
            del case["results"]["native"]
        case = fixture_document()["cases"][1]  # readdir tree-1000 sync, which has native-c1 but no commons-io
        doc["cases"].append(case)
        run = results.load_run(TempRuns(self).write("mixed", recount(doc)))
        self.assertIn("not run", texts(charts.warmup(run)))


class IncompleteRunTest(unittest.TestCase):
    def test_a_run_that_failed_before_any_cell_still_gets_charts_that_say_why(self):
        doc = fixture_document()
        doc.update(status="failed", complete=False, cases=[], failure={
            "cell": "readdir/tree-4/-/sync/nio", "backend": "nio", "family": "readdir", "caseLabel": "tree-4",
            "mode": "sync", "message": "verification failed"})
        run = results.load_run(TempRuns(self).write("failed", recount(doc)))
        self.assertEqual(charts.expected_files(run), ["overview.png", "overview-first-use.png", "warmup.png",
                                                      "sync-async.png", "concurrency.png"])
        for name, draw in charts.CHARTS.items():
            self.assertIn("INCOMPLETE: run failed at cell readdir/tree-4/-/sync/nio", joined(draw(run)), name)

    def test_a_partial_run_marks_every_chart_incomplete(self):
        doc = fixture_document()
        doc.update(status="interrupted", complete=False, finishedAt=None)
        run = results.load_run(TempRuns(self).write("interrupted", doc))
        for name, draw in charts.CHARTS.items():
            self.assertIn("INCOMPLETE: run was interrupted; only the cells finished before it are here",
                          texts(draw(run)), name)
        self.assertIn("INCOMPLETE: run was interrupted; only the cells finished before it are here",
                      texts(charts.distributions(run, "stat")))


class DistributionsTest(unittest.TestCase):
    def test_every_steady_sample_is_a_point_and_others_are_not(self):
        run = results.load_run(FIXTURE)
        fig = charts.distributions(run, "readdir")
        steady = results.steady(run.samples[run.samples["family"] == "readdir"])
        plotted = sorted(float(y) for _x, y in points(fig))
        self.assertEqual(plotted, sorted(steady["wallNanos"] / 1e6))
        self.assertNotIn(0.164, plotted)  # nio tree-4's warmup of fork 0, 164000 ns
        self.assertLess(max(plotted), 20)  # tree-1000's first-use iterations (over 30 ms) are not steady
        self.assertIn("steady regime", texts(fig)[0])

    def test_a_label_without_a_cell_says_not_run_and_one_without_steady_state_says_so(self):
        fig = charts.distributions(results.load_run(FIXTURE), "readdir")
        # tree-4 has no native-c1 and no nio-aa (sync); the async row has no tree-4 at all.
        words = texts(fig)
        self.assertEqual(words.count("native-c1 not run"), 3)
        self.assertEqual(words.count("nio-aa not run"), 3)
        self.assertEqual(words.count("nio not run"), 1)
        self.assertEqual(words.count("native not run"), 1)
        self.assertEqual(words.count("native no steady state"), 1)

    def test_swarm_spreads_close_points_and_is_deterministic(self):
        values = [1.0, 1.001, 1.002, 5.0]
        offsets = charts._swarm(values, min_gap=0.05, step=0.1, max_slot=3)
        self.assertEqual(offsets, charts._swarm(values, min_gap=0.05, step=0.1, max_slot=3))
        self.assertEqual(len(set(offsets[:3])), 3)
        self.assertEqual(offsets[3], 0.0)
        crowded = charts._swarm([1.0] * 20, min_gap=0.05, step=0.1, max_slot=3)
        self.assertLessEqual(max(abs(o) for o in crowded), 0.3 + 1e-9)


class SyncAsyncTest(unittest.TestCase):
    def test_steady_samples_and_a_mode_without_steady_state(self):
        run = results.load_run(FIXTURE)
        fig = charts.sync_async(run)
        words = texts(fig)
        self.assertIn("sync against async, steady regime, per family (representative case) and backend", words)
        self.assertEqual(words.count("no steady state"), 1)  # readdir native async
        plotted = sorted(float(y) for _x, y in points(fig))
        shapes = run.samples[((run.samples["family"] == "readdir") & (run.samples["scenario"] == "tree-1000"))
                             | ((run.samples["family"] == "stat") & (run.samples["scenario"] == "batch-256"))]
        shapes = results.steady(shapes[~shapes["control"] & (shapes["concurrency"] == 0)])
        self.assertEqual(plotted, sorted(shapes["wallNanos"] / 1e6))


class ScalingTest(unittest.TestCase):
    """The sweep fixture is the harness's own TestRuns.sweep() (ScalingReportTest keeps them equal), so the crossovers
    asserted here are the ones REPORT.md prints for it."""

    def test_the_crossover_table_agrees_with_the_report(self):
        table = results.crossover_table(results.load_run(SWEEP_FIXTURE)).set_index("family")
        self.assertEqual(list(table.index), ["readdir", "rm"])
        readdir, rm = table.loc["readdir"], table.loc["rm"]
        self.assertEqual(readdir["from"], "tree-64")
        self.assertEqual(readdir["entries"], 71)
        self.assertAlmostEqual(readdir["ratio"], 2.0, places=6)
        self.assertEqual(f"[{readdir['low']:.2f}, {readdir['high']:.2f}]", "[1.92, 2.08]")
        self.assertEqual(readdir["verdicts"], "4 slower, 16 tie, 64 faster, 256 faster")
        self.assertEqual(rm["from"], "tree-256", "faster at tree-4 and tree-16, but slower at tree-64")
        self.assertEqual(rm["verdicts"], "4 faster, 16 faster, 64 slower, 256 faster")

    def test_every_backend_is_a_line_over_the_entries_with_the_crossover_marked(self):
        run = results.load_run(SWEEP_FIXTURE)
        fig = charts.scaling(run)
        words = joined(fig)
        self.assertIn("native faster from tree-64 (71 entries) on: 2.00\u00d7 [1.92, 2.08]", words)
        self.assertIn("native faster from tree-256 (279 entries) on: 1.40\u00d7", words)
        time_panels = [ax for ax in fig.axes if ax.get_yscale() == "log" and ax.get_xscale() == "log"
                       and ax.get_ylabel().startswith("steady median")]
        self.assertEqual(len(time_panels), 2, "readdir and rm, sync")
        drawn = [line for line in time_panels[0].get_lines() if line.get_marker() == "o"]
        self.assertEqual(len(drawn), 3, "nio, commons-io and native over four sizes")
        self.assertEqual(sorted(int(x) for x in drawn[0].get_xdata()), [7, 19, 71, 279])

    def test_the_floor_is_drawn_at_every_size_beside_the_backends(self):
        run = results.load_run(SWEEP_FIXTURE)
        fig = charts.scaling(run)
        time_panels = [ax for ax in fig.axes if ax.get_ylabel().startswith("steady median")]
        for panel, family in zip(time_panels, ["readdir", "rm"]):
            floors = [line for line in panel.get_lines() if line.get_marker() == "s"]
            self.assertEqual(len(floors), 1, family)
            self.assertEqual(charts.mcolors.to_hex(floors[0].get_color()), charts.FLOOR_COLOUR)
            self.assertEqual(floors[0].get_linestyle(), "--", "the library's own loop")
            self.assertEqual([int(x) for x in floors[0].get_xdata()], [7, 19, 71, 279])
            steady = run.regime(results.STEADY)
            expected = steady[(steady["family"] == family) & (steady["label"] == "floor")]["medianNanos"] / 1e6
            self.assertEqual(sorted(floors[0].get_ydata()), sorted(expected))
        legend = [t.get_text() for legend in fig.legends for t in legend.get_texts()]
        self.assertIn("floor: the same calls with no JVM in the loop (sync)", legend)
        words = joined(fig)
        self.assertIn("native faster from tree-64 (71 entries) on: 2.00\u00d7 [1.92, 2.08]; 1.67\u00d7 the floor's "
                      "time there", words)

    def test_a_sweep_without_floors_draws_none(self):
        doc = inline_document(SWEEP_FIXTURE)
        for case in doc["cases"]:
            case["results"] = {k: r for k, r in case["results"].items() if "timing" not in r}
            for r in case["results"].values():
                for g in r["regimes"].values():
                    g.pop("vsFloor", None)
        del doc["settings"]["floors"], doc["environment"]["floors"], doc["settings"]["method"]["floorCases"]
        run = results.load_run(TempRuns(self).write("sweep-no-floor", recount(doc)))
        self.assertEqual(run.floor_labels, [])
        fig = charts.scaling(run)
        self.assertFalse([line for ax in fig.axes for line in ax.get_lines() if line.get_marker() == "s"])
        self.assertTrue(results.crossover_table(run)["floorRatio"].isna().all())

    def test_a_run_without_a_sweep_has_no_scaling_chart_and_the_chart_would_say_why(self):
        run = results.load_run(FIXTURE)
        self.assertEqual(charts.scaling_files(run), [])
        self.assertNotIn("scaling.png", charts.expected_files(run))
        words = joined(charts.scaling(run))
        self.assertIn("This run holds no size sweep", words)
        self.assertIn("fsbench run --sweep", words)

    def test_every_chart_draws_the_sweep_and_reproducibly(self):
        out = Path(tempfile.mkdtemp(prefix="fsbench-nb-sweep-"))
        self.addCleanup(shutil.rmtree, out)
        run = results.load_run(SWEEP_FIXTURE)
        first = render_all(run, out)
        self.assertEqual([p.name for p in first], charts.expected_files(run))
        self.assertIn("scaling.png", charts.expected_files(run))
        data = {p.name: p.read_bytes() for p in first}
        second = render_all(results.load_run(SWEEP_FIXTURE), out)
        for p in second:
            self.assertEqual(data[p.name], p.read_bytes(), p.name)


class ColourTest(unittest.TestCase):
    def test_concurrency_shades_of_one_backend(self):
        run = results.load_run(FIXTURE)
        base, c1 = charts.colour(run, "native"), charts.colour(run, "native-c1")
        self.assertEqual(base, charts.BACKEND_COLOURS["native"])
        self.assertGreater(sum(int(c1[i:i + 2], 16) for i in (1, 3, 5)), sum(int(base[i:i + 2], 16) for i in (1, 3, 5)))

    def test_an_unknown_backend_gets_a_stable_colour(self):
        doc = fixture_document()
        for case in doc["cases"]:
            r = json.loads(json.dumps(case["results"]["native"]))
            r["backend"] = "other"
            r["cell"] = r["cell"].rsplit("/", 1)[0] + "/other"
            case["results"]["other"] = r
        run = results.load_run(TempRuns(self).write("other", recount(doc)))
        self.assertEqual(charts.colour(run, "other"), charts.OTHER_COLOURS[0])
        self.assertEqual(charts.colour(run, "nio-aa"), charts.BACKEND_COLOURS["nio-aa"])


if __name__ == "__main__":
    unittest.main()
