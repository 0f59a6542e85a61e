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
from test_fsbench_results import FIXTURE, TempRuns, fixture_document


def texts(fig) -> list[str]:
    return [t.get_text() for t in fig.texts] + [t.get_text() for ax in fig.axes for t in ax.texts]


def joined(fig) -> str:
    """All texts as one line: wrapping in a placeholder must not hide a phrase."""
    return " ".join(" ".join(texts(fig)).split())


def bars(ax) -> list:
    """The data bars: rectangles drawn at zorder 2 (the tinted halves are spans, at zorder 0)."""
    return [p for p in ax.patches if isinstance(p, Rectangle) and p.get_zorder() == 2]


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
        self.assertEqual(charts.expected_files(run), ["overview.png", "sync-async.png", "concurrency.png",
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
        path = charts.save(charts.overview(results.load_run(FIXTURE)), self.out / "overview.png")
        data = path.read_bytes()
        self.assertNotIn(b"Software", data)
        self.assertNotIn(b"matplotlib", data.lower())
        self.assertNotIn(b"tIME", data)


class OverviewTest(unittest.TestCase):
    def test_bars_carry_ratio_robustness_and_route(self):
        fig = charts.overview(results.load_run(FIXTURE))
        words = texts(fig)
        self.assertIn("1.03\u00d7 n.r.", words)  # readdir tree-1000 async: faster, not robust
        self.assertIn("0.49\u00d7 n.r. (nio fallback)", words)  # stat batch-256 async: slower, through nio
        self.assertIn("tiny-run: complete, tmpfs sandbox, 1 warmup + 4 samples x 1 fork, git 0123456789ab", words)
        self.assertIn("4.15\u00d7", words)  # readdir tree-1000 sync: faster, robust
        drawn = bars(fig.axes[0])
        self.assertEqual(len(drawn), 4)  # per family a sync and an async bar
        self.assertEqual([b.get_hatch() == "////" for b in drawn], [False, True, False, True])

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
        run = results.load_run(TempRuns(self).write("nio-only", doc))
        overview = joined(charts.overview(run))
        self.assertIn("Only nio was measured", overview)
        self.assertIn("commons-io (unavailable: fixture: left out on purpose)", overview)
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
        fig = charts.overview(results.load_run(TempRuns(self).write("no-native-stat", doc)))
        self.assertIn("native: not measured", texts(fig))


class ConcurrencyTest(unittest.TestCase):
    def test_missing_variants_keep_their_slot_and_robust_bars_are_solid(self):
        fig = charts.concurrency(results.load_run(FIXTURE))
        words = texts(fig)
        # native-c4 never ran; native-c1 ran only tree-1000; async has no tree-4 at all, and keeps its column.
        self.assertEqual(words.count("native-c4 not run"), 4)
        self.assertEqual(words.count("native-c1 not run"), 2)
        self.assertEqual(words.count("native not run"), 1)
        self.assertIn("tree-4\nnio not run", words)
        self.assertIn("tree-4 nio 0.041 ms", joined(fig))
        hatches = {}
        for ax in fig.axes:
            for bar in bars(ax):
                hatches[round(bar.get_y() + bar.get_height(), 6), round(bar.get_y(), 6)] = bar.get_hatch()
        # Robust bars (readdir tree-1000 sync: native 4.15x, native-c1 2.43x) are solid; the others hatched.
        self.assertIsNone(hatches[(round(12250000 / 2950000, 6), 1.0)])
        self.assertIsNone(hatches[(round(12250000 / 5050000, 6), 1.0)])
        self.assertEqual(hatches[(1.0, round(9750000 / 20500000, 6))], "////")
        self.assertEqual(hatches[(round(9750000 / 9500000, 6), 1.0)], "////")

    def test_a_run_without_nio_in_the_tree_families_says_so(self):
        doc = fixture_document()
        for case in doc["cases"]:
            if case["family"] == "readdir":
                del case["results"]["nio"]
                for r in case["results"].values():
                    r["vsNio"] = None
        fig = charts.concurrency(results.load_run(TempRuns(self).write("no-nio-tree", doc)))
        self.assertIn("the sweep has no baseline", joined(fig))


class IncompleteRunTest(unittest.TestCase):
    def test_a_run_that_failed_before_any_cell_still_gets_charts_that_say_why(self):
        doc = fixture_document()
        doc.update(status="failed", complete=False, cases=[], failure={
            "cell": "readdir/tree-4/-/sync/nio", "backend": "nio", "family": "readdir", "caseLabel": "tree-4",
            "mode": "sync", "message": "verification failed"})
        run = results.load_run(TempRuns(self).write("failed", doc))
        self.assertEqual(charts.expected_files(run), ["overview.png", "sync-async.png", "concurrency.png"])
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
    def test_every_measured_sample_is_a_point_and_warmups_are_not(self):
        run = results.load_run(FIXTURE)
        fig = charts.distributions(run, "readdir")
        measured = results.measured(run.samples[run.samples["family"] == "readdir"])
        plotted = sorted(float(y) for _x, y in points(fig))
        self.assertEqual(plotted, sorted(measured["wallNanos"] / 1e6))
        self.assertNotIn(0.15, plotted)  # the native tree-4 warmup, 150000 ns

    def test_a_label_without_a_cell_in_a_case_says_not_run(self):
        fig = charts.distributions(results.load_run(FIXTURE), "readdir")
        # tree-4 has no native-c1 (sync), the async row has no tree-4 at all.
        words = texts(fig)
        self.assertEqual(words.count("native-c1 not run"), 2)
        self.assertEqual(words.count("nio not run"), 1)
        self.assertEqual(words.count("native not run"), 1)

    def test_swarm_spreads_close_points_and_is_deterministic(self):
        values = [1.0, 1.001, 1.002, 5.0]
        offsets = charts._swarm(values, min_gap=0.05, step=0.1, max_slot=3)
        self.assertEqual(offsets, charts._swarm(values, min_gap=0.05, step=0.1, max_slot=3))
        self.assertEqual(len(set(offsets[:3])), 3)
        self.assertEqual(offsets[3], 0.0)
        crowded = charts._swarm([1.0] * 20, min_gap=0.05, step=0.1, max_slot=3)
        self.assertLessEqual(max(abs(o) for o in crowded), 0.3 + 1e-9)


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
        run = results.load_run(TempRuns(self).write("other", doc))
        self.assertEqual(charts.colour(run, "other"), charts.OTHER_COLOURS[0])


if __name__ == "__main__":
    unittest.main()
