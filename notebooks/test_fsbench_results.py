"""Self-check of fsbench_results on fixtures/tiny-run, a run.json written by hand (schema version 2: 2 families, nio,
native, native-c1 and the A/A control nio-aa, 2 forks per cell, both regimes, one cell without a steady state).

Run: /usr/bin/python3 -m unittest discover -s notebooks -p 'test_*.py'   (run-all.sh does, before the notebooks)

The fixture's samples and fork segments were chosen by hand; its statistics, intervals and verdicts follow
results/SCHEMA.md from them (medians of fork medians, a hierarchical bootstrap, Benjamini-Hochberg over each regime's
comparisons, the verdict rule), so it reads like a run the harness wrote. Every test that changes a document works on
a copy in a temporary directory it removes; the fixture stays untouched.
"""

import gzip
import json
import math
import os
import shutil
import tempfile
import unittest
from pathlib import Path
from unittest import mock

import pandas as pd

import fsbench_results as results

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "tiny-run"
# A size sweep, written by the harness (ScalingReportTest renders dev.fsbench.harness.results.TestRuns.sweep()).
SWEEP_FIXTURE = Path(__file__).resolve().parent / "fixtures" / "tiny-sweep"
# tiny-run converted by `fsbench compact`: run.json of summaries (schema version 3) and samples.jsonl.gz.
COMPACT_FIXTURE = Path(__file__).resolve().parent / "fixtures" / "tiny-run-compact"


def fixture_document() -> dict:
    return json.loads((FIXTURE / "run.json").read_text(encoding="utf-8"))


def inline_document(folder: Path) -> dict:
    """A committed run of either form as one version 2 document, its samples inside: what tests edit and rewrite."""
    doc, _ = results.read_document(folder / "run.json")
    doc["schemaVersion"] = 2
    return doc


def recount(doc: dict) -> dict:
    """Sets doc's verdict counts from its cells, for tests that add or remove results (the loader checks them)."""
    for regime in results.REGIMES:
        counts = {"comparisons": 0, "faster": 0, "slower": 0, "tie": 0, "controls": 0, "controlsNotTie": 0}
        for case in doc["cases"]:
            for r in case["results"].values():
                vs = r["regimes"][regime]["vsNio"]
                if vs is None:
                    continue
                if r["control"]:
                    counts["controls"] += 1
                    counts["controlsNotTie"] += vs["verdict"] != "tie"
                else:
                    counts["comparisons"] += 1
                    counts[vs["verdict"]] += 1
        doc["verdicts"][regime] = counts
    return doc


def with_floor(doc: dict) -> dict:
    """doc with a floor in each sync representative case: nio's samples again under the label ``floor`` (so its
    statistics are nio's), a ``timing``, and every other result's distance to it (nio's 1.0, the others' their
    median over nio's)."""
    for case in doc["cases"]:
        if case["mode"] != "sync" or case["caseLabel"] not in ("tree-1000", "batch-256 default"):
            continue
        nio = case["results"]["nio"]
        floor = json.loads(json.dumps(nio))
        floor.update(backend="floor", cell=nio["cell"].rsplit("/", 1)[0] + "/floor", timing="native-loop",
                     route={"kind": "own", "via": "fsb_floor"})
        for regime in results.REGIMES:
            floor["regimes"][regime]["vsNio"] = None
            base = floor["regimes"][regime]["statistics"]
            for r in case["results"].values():
                own = r["regimes"][regime]["statistics"]
                if own is not None and base is not None:
                    ratio = own["medianNanos"] / base["medianNanos"]
                    r["regimes"][regime]["vsFloor"] = {"floor": {"ratio": ratio, "low": ratio * 0.9,
                                                                 "high": ratio * 1.1}}
        case["results"]["floor"] = floor
    return doc


class TempRuns:
    """Writes run folders into a temporary directory that the test removes."""

    def __init__(self, test: unittest.TestCase):
        self.root = Path(tempfile.mkdtemp(prefix="fsbench-nb-test-"))
        test.addCleanup(shutil.rmtree, self.root)

    def write(self, name: str, doc, raw: bytes = None) -> Path:
        folder = self.root / name
        folder.mkdir(parents=True)
        (folder / "run.json").write_bytes(raw if raw is not None else json.dumps(doc).encode("utf-8"))
        return folder


class LoadFixtureTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tiny = results.load_run(FIXTURE)

    def cell(self, cell: str, regime: str):
        cells = self.tiny.cells
        return cells[(cells["cell"] == cell) & (cells["regime"] == regime)].iloc[0]

    def test_one_row_per_cell_and_regime_in_run_order(self):
        cells = self.tiny.cells
        self.assertEqual(list(cells.columns), results.CELL_COLUMNS)
        self.assertEqual(len(cells), 13 * 2)
        self.assertEqual(list(zip(cells["cell"][:4], cells["regime"][:4])), [
            ("readdir/tree-4/-/sync/nio", "first-use"), ("readdir/tree-4/-/sync/nio", "steady"),
            ("readdir/tree-4/-/sync/native", "first-use"), ("readdir/tree-4/-/sync/native", "steady")])
        self.assertEqual(len(self.tiny.regime("steady")), 13)
        self.assertEqual(self.tiny.families, ["readdir", "stat"])
        self.assertEqual(self.tiny.labels, ["nio", "native", "nio-aa", "native-c1"])

    def test_statistics_and_comparison_are_flattened_as_recorded(self):
        c1 = self.cell("readdir/tree-1000/-/sync/native-c1", "steady")
        self.assertEqual(c1["backend"], "native")
        self.assertEqual(c1["concurrency"], 1)
        self.assertEqual(c1["classification"], "inconsistent")  # one fork warmed up, one was flat
        self.assertEqual(c1["samples"], 4 + 6)
        self.assertEqual(c1["forks"], 2)
        self.assertEqual(c1["forkMedianNanos"], [5050000.0, 5177000.0])
        self.assertEqual(c1["medianNanos"], (5050000 + 5177000) / 2)
        self.assertAlmostEqual(c1["ratio"], 12403750 / 5113500)
        self.assertLess(c1["low"], c1["ratio"])
        self.assertGreater(c1["high"], c1["ratio"])
        self.assertEqual(c1["verdict"], "faster")
        self.assertGreaterEqual(c1["adjustedPValue"], c1["pValue"])
        self.assertEqual(c1["routeKind"], "own")
        self.assertTrue(math.isnan(c1["mibPerSecond"]))
        first = self.cell("readdir/tree-1000/-/sync/native-c1", "first-use")
        self.assertIsNone(first["classification"])
        self.assertEqual(first["samples"], 2 * 2)
        self.assertAlmostEqual(first["ratio"], 34908500 / 9724000)

    def test_the_regimes_differ_where_the_forks_warmed_up(self):
        nio_first = self.cell("readdir/tree-1000/-/sync/nio", "first-use")
        nio_steady = self.cell("readdir/tree-1000/-/sync/nio", "steady")
        self.assertGreater(nio_first["medianNanos"], 2 * nio_steady["medianNanos"])
        self.assertEqual(nio_steady["gcSamples"], 1)  # fork 0's iteration 3 had a GC in its bracket

    def test_a_cell_without_steady_state_has_no_steady_statistics_and_says_why(self):
        steady = self.cell("readdir/tree-1000/-/async/native", "steady")
        self.assertEqual(steady["classification"], "no-steady-state")
        self.assertEqual(steady["note"], "no steady state in 2 of 2 forks")
        self.assertEqual(steady["forksUsed"], 0)
        self.assertTrue(math.isnan(steady["medianNanos"]))
        self.assertTrue(math.isnan(steady["ratio"]))
        self.assertTrue(steady["samples"] is None or str(steady["samples"]) == "<NA>")
        first = self.cell("readdir/tree-1000/-/async/native", "first-use")
        self.assertEqual(first["verdict"], "tie")
        self.assertEqual(str(self.tiny.cells["samples"].dtype), "Int64")

    def test_nio_has_no_comparison_and_the_control_is_marked(self):
        nio = self.tiny.cells[self.tiny.cells["label"] == "nio"]
        self.assertTrue(nio["ratio"].isna().all())
        self.assertTrue(nio["verdict"].isna().all())
        controls = self.tiny.cells[self.tiny.cells["control"]]
        self.assertEqual(set(controls["label"]), {"nio-aa"})
        self.assertEqual(set(controls["backend"]), {"nio-aa"})
        self.assertEqual(list(controls["verdict"]), ["tie"] * 4)

    def test_one_sample_row_per_raw_sample_with_warmups_and_regimes_marked(self):
        samples = self.tiny.samples
        self.assertEqual(list(samples.columns), results.SAMPLE_COLUMNS)
        self.assertEqual(len(samples), 13 * 2 * 7)
        self.assertEqual(int(samples["warmup"].sum()), 13 * 2)
        self.assertEqual(len(results.measured(samples)), 13 * 2 * 6)
        self.assertEqual(int(samples["firstUse"].sum()), 13 * 2 * 2)
        steady = self.tiny.regime("steady")
        self.assertEqual(len(results.steady(samples)), int(steady["samples"].sum()))
        self.assertFalse((samples["warmup"] & (samples["firstUse"] | samples["steady"])).any())
        self.assertEqual(int(samples["gcCount"].sum()), 2)
        self.assertEqual(int(samples.loc[samples["gcCount"] > 0, "gcNanos"].min()), 2000000)
        mine = results.steady(samples[samples["cell"] == "stat/batch-256/default/async/native"])
        self.assertEqual(sorted(set(zip(mine["fork"], mine["iteration"])))[-3:], [(0, 5), (1, 4), (1, 5)])
        self.assertTrue(results.steady(samples[samples["cell"] == "readdir/tree-1000/-/async/native"]).empty)

    def test_one_fork_row_per_fork(self):
        forks = self.tiny.forks
        self.assertEqual(list(forks.columns), results.FORK_COLUMNS)
        self.assertEqual(len(forks), 13 * 2)
        noisy = forks[forks["cell"] == "readdir/tree-1000/-/async/native"]
        self.assertEqual(list(noisy["classification"]), ["no-steady-state"] * 2)
        self.assertEqual(list(noisy["changepoints"]), [[2, 4], [2, 4]])
        self.assertTrue(noisy["steadyFrom"].isna().all())
        slow = forks[(forks["cell"] == "stat/batch-256/default/async/native") & (forks["fork"] == 1)].iloc[0]
        self.assertEqual((slow["classification"], slow["changepoints"], slow["steadyFrom"]), ("slowdown", [4], 4))

    def test_run_level_fields_and_notes(self):
        self.assertTrue(self.tiny.complete)
        self.assertEqual(self.tiny.status, "complete")
        self.assertIsNone(self.tiny.incomplete_reason())
        self.assertEqual(self.tiny.concurrency_backends(), ["native"])
        self.assertEqual(list(self.tiny.omitted["cell"]), ["readdir/tree-4/-/sync/native-c4"])
        self.assertEqual(self.tiny.verdicts["steady"], {"comparisons": 5, "faster": 2, "slower": 2, "tie": 1,
                                                        "controls": 2, "controlsNotTie": 0})
        self.assertEqual(self.tiny.method["firstUseSamples"], 2)
        notes = self.tiny.notes()
        self.assertIn("backend commons-io was unavailable: fixture: left out on purpose", notes)
        self.assertIn("1 cell was selected but not run (a backend lacks a capability)", notes)
        self.assertIn("1 cell has no steady state: the steady charts say so where they would draw it", notes)
        self.assertFalse([n for n in notes if n.startswith("A/A control")])
        self.assertEqual(self.tiny.banner(),
                         "tiny-run: complete, tmpfs sandbox, 1 warmup + 6 samples x 2 forks, git 0123456789ab")

    def test_a_control_that_is_not_tie_is_a_note(self):
        doc = fixture_document()
        # Without a minimum effect, nio-aa's 0.996x with an interval that excludes 1 is a (false) verdict of slower.
        doc["settings"]["method"]["minimumEffect"] = 0.0
        aa = doc["cases"][1]["results"]["nio-aa"]["regimes"]["steady"]["vsNio"]
        aa.update(low=0.99, high=0.999, pValue=0.001, adjustedPValue=0.004, verdict="slower")
        run = results.load_run(TempRuns(self).write("aa-not-tie", recount(doc)))
        self.assertEqual(run.verdicts["steady"]["controlsNotTie"], 1)
        self.assertIn("A/A control, steady: 1 of 2 nio-aa comparisons were not tie, so verdicts of that size may be "
                      "noise", run.notes())

    def test_explicit_samples_and_one_fork_show_in_banner_and_notes(self):
        doc = fixture_document()
        doc["settings"]["samples"] = 6
        run = results.load_run(TempRuns(self).write("explicit", doc))
        self.assertIn("1 warmup + 6 samples x 2 forks", run.banner())
        doc["settings"].update(samples=None, samplesPerFork={"single": 100, "batch-256": 60, "tree-1000": 30})
        run = results.load_run(TempRuns(self).write("per-scenario", doc))
        self.assertIn("1 warmup + 30-100 samples x 2 forks", run.banner())
        doc["settings"]["forks"] = 1
        run = results.load_run(TempRuns(self).write("one-fork", doc))
        self.assertIn("one fork per cell: the intervals cannot see fork-to-fork variation; read verdicts as "
                      "optimistic", run.notes())


class SelectionTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tiny = results.load_run(FIXTURE)

    def test_representative_case_follows_the_report_rule(self):
        rep = results.representative_cases(self.tiny)
        self.assertEqual(list(rep["family"]), ["readdir", "readdir", "stat", "stat"])
        self.assertEqual(list(zip(rep["caseLabel"], rep["mode"])),
                         [("tree-1000", "sync"), ("tree-1000", "async"),
                          ("batch-256 default", "sync"), ("batch-256 default", "async")])

    def test_without_the_preferred_shape_the_first_case_in_matrix_order_is_chosen(self):
        doc = fixture_document()
        doc["cases"] = [c for c in doc["cases"] if c["mode"] == "sync" and c["scenario"] == "tree-4"]
        run = results.load_run(TempRuns(self).write("tree-4-only", recount(doc)))
        rep = results.representative_cases(run)
        self.assertEqual(list(zip(rep["family"], rep["caseLabel"], rep["mode"])), [("readdir", "tree-4", "sync")])

    def test_overview_has_default_labels_and_the_control_where_it_ran(self):
        frame = results.overview_frame(self.tiny)
        self.assertEqual(list(frame.columns), results.OVERVIEW_COLUMNS)
        self.assertEqual(list(zip(frame["family"], frame["mode"], frame["label"])), [
            ("readdir", "sync", "native"), ("readdir", "sync", "nio-aa"), ("readdir", "async", "native"),
            ("stat", "sync", "native"), ("stat", "sync", "nio-aa"), ("stat", "async", "native")])
        self.assertEqual(list(frame["control"]), [False, True, False, False, True, False])
        self.assertEqual(list(frame["verdict"].fillna("-")), ["faster", "tie", "-", "slower", "tie", "slower"])
        self.assertEqual(frame.loc[2, "note"], "no steady state in 2 of 2 forks")
        self.assertEqual(list(frame["routeKind"]), ["own", "own", "own", "nio-fallback", "own", "nio-fallback"])
        first = results.overview_frame(self.tiny, "first-use")
        self.assertAlmostEqual(first.loc[2, "ratio"], 9921250 / 19190000)
        self.assertEqual(first.loc[0, "verdict"], "faster")

    def test_overview_says_not_measured_for_a_backend_missing_from_a_family(self):
        doc = fixture_document()
        for case in doc["cases"]:
            if case["family"] == "stat":
                del case["results"]["native"]
        frame = results.overview_frame(results.load_run(TempRuns(self).write("no-native-stat", recount(doc))))
        stat = frame[(frame["family"] == "stat") & (frame["label"] == "native")].iloc[0]
        self.assertFalse(stat["measured"])
        self.assertTrue(math.isnan(stat["ratio"]))

    def test_sync_async_pairs_the_steady_medians_of_the_representative_shape(self):
        frame = results.sync_async_frame(self.tiny).set_index(["family", "label"])
        self.assertEqual(frame.loc[("readdir", "native"), "syncMedianNanos"], 2994500.0)
        self.assertTrue(math.isnan(frame.loc[("readdir", "native"), "asyncMedianNanos"]))  # no steady state
        self.assertTrue(frame.loc[("readdir", "native"), "asyncMeasured"])
        self.assertAlmostEqual(frame.loc[("stat", "nio"), "asyncSpeedup"], 644500 / 4110750)
        self.assertNotIn(("readdir", "native-c1"), frame.index)
        self.assertNotIn(("readdir", "nio-aa"), frame.index)

    def test_concurrency_frame_holds_tree_families_of_nio_and_the_swept_backend(self):
        frame = results.concurrency_frame(self.tiny)
        self.assertEqual(set(frame["family"]), {"readdir"})
        self.assertEqual(set(frame["label"]), {"nio", "native", "native-c1"})
        self.assertEqual(set(frame["regime"]), {"steady"})
        self.assertEqual(len(frame), 2 + 3 + 2)

    def test_warmup_cases_follow_the_rule_and_fall_back(self):
        chosen = results.warmup_cases(self.tiny)
        self.assertEqual(list(zip(chosen["family"], chosen["caseLabel"], chosen["mode"])),
                         [("readdir", "tree-1000", "sync"), ("stat", "batch-256 default", "sync")])
        doc = fixture_document()
        for case in doc["cases"]:  # readdir is renamed scan: stat comes first, scan fills up; async only where sync lacks
            if case["family"] == "readdir":
                case["family"] = "scan"
                for r in case["results"].values():
                    r["cell"] = "scan/" + r["cell"].split("/", 1)[1]
        doc["cases"] = [c for c in doc["cases"] if not (c["family"] == "stat" and c["mode"] == "sync")]
        chosen = results.warmup_cases(results.load_run(TempRuns(self).write("fallback", recount(doc))))
        self.assertEqual(list(zip(chosen["family"], chosen["caseLabel"], chosen["mode"])),
                         [("stat", "batch-256 default", "async"), ("scan", "tree-1000", "sync")])


class IncompleteRunTest(unittest.TestCase):
    def test_a_run_that_failed_before_its_first_cell_loads_empty_with_its_reason(self):
        doc = fixture_document()
        doc.update(status="failed", complete=False, cases=[], omitted=[], finishedAt="2026-01-02T03:05:00Z",
                   failure={"cell": "readdir/tree-4/-/sync/nio", "backend": "nio", "family": "readdir",
                            "caseLabel": "tree-4", "mode": "sync", "message": "verification failed: 3 entries missing"})
        run = results.load_run(TempRuns(self).write("failed", recount(doc)))
        self.assertTrue(run.cells.empty)
        self.assertEqual(list(run.cells.columns), results.CELL_COLUMNS)
        self.assertEqual(str(run.cells["medianNanos"].dtype), "float64")
        self.assertTrue(run.samples.empty)
        self.assertTrue(run.forks.empty)
        self.assertEqual(run.families, [])
        self.assertIn("verification failed: 3 entries missing", run.incomplete_reason())
        self.assertTrue(run.notes()[0].startswith("INCOMPLETE: run failed at cell readdir/tree-4/-/sync/nio"))
        self.assertTrue(results.overview_frame(run).empty)
        self.assertTrue(results.sync_async_frame(run).empty)
        self.assertTrue(results.warmup_cases(run).empty)

    def test_interrupted_and_running_runs_are_named_as_such(self):
        for status, words in (("interrupted", "interrupted"), ("running", "still running")):
            doc = fixture_document()
            doc.update(status=status, complete=False, finishedAt=None)
            run = results.load_run(TempRuns(self).write(status, doc))
            self.assertIn(words, run.incomplete_reason())
            self.assertIn(f": {status},", run.banner())


class CompactFormTest(unittest.TestCase):
    """A run converted to the compact form reads as the very run it was: every frame, every figure."""

    def test_the_converted_fixture_reads_as_the_original(self):
        old, new = results.load_run(FIXTURE), results.load_run(COMPACT_FIXTURE)
        self.assertEqual(old.document["schemaVersion"], 2)
        self.assertEqual(new.document["schemaVersion"], 3)
        pd.testing.assert_frame_equal(old.cells, new.cells)
        pd.testing.assert_frame_equal(old.samples, new.samples)
        pd.testing.assert_frame_equal(old.forks, new.forks)
        pd.testing.assert_frame_equal(old.omitted, new.omitted)
        self.assertFalse(new.samples.empty)
        for regime in results.REGIMES:
            pd.testing.assert_frame_equal(results.overview_frame(old, regime), results.overview_frame(new, regime))

    def copy(self) -> Path:
        folder = Path(tempfile.mkdtemp(prefix="fsbench-compact-"))
        self.addCleanup(shutil.rmtree, folder)
        shutil.copytree(COMPACT_FIXTURE, folder / "run")
        return folder / "run"

    def refused(self, folder: Path) -> str:
        with self.assertRaises(results.RunError) as caught:
            results.load_run(folder)
        return str(caught.exception)

    def test_a_missing_samples_file_is_named(self):
        folder = self.copy()
        (folder / "samples.jsonl.gz").unlink()
        self.assertIn("names samples.jsonl.gz, which is missing", self.refused(folder))

    def test_samples_missing_a_cell_are_refused(self):
        folder = self.copy()
        with gzip.open(folder / "samples.jsonl.gz", "rt", encoding="utf-8") as f:
            lines = f.read().splitlines()
        dropped = json.loads(lines[0])["cell"]
        with gzip.open(folder / "samples.jsonl.gz", "wt", encoding="utf-8") as f:
            f.write("\n".join(line for line in lines if json.loads(line)["cell"] != dropped) + "\n")
        self.assertIn(f"holds no samples of {dropped}", self.refused(folder))

    def test_a_truncated_samples_file_is_refused(self):
        folder = self.copy()
        raw = (folder / "samples.jsonl.gz").read_bytes()
        (folder / "samples.jsonl.gz").write_bytes(raw[: len(raw) // 2])
        self.assertIn("cannot read", self.refused(folder))

    def test_an_inline_sample_in_a_version_3_document_breaks_the_schema(self):
        folder = self.copy()
        doc = json.loads((folder / "run.json").read_text(encoding="utf-8"))
        next(iter(doc["cases"][0]["results"].values()))["samples"] = []
        (folder / "run.json").write_text(json.dumps(doc), encoding="utf-8")
        self.assertIn("does not follow", self.refused(folder))


class RefusedDocumentTest(unittest.TestCase):
    def load(self, doc=None, raw=None) -> str:
        folder = TempRuns(self).write("bad", doc, raw)
        with self.assertRaises(results.RunError) as caught:
            results.load_run(folder)
        return str(caught.exception)

    def result(self, doc, case: int, label: str) -> dict:
        return doc["cases"][case]["results"][label]

    def test_schema_version_1_is_refused_by_name(self):
        doc = fixture_document()
        doc["schemaVersion"] = 1
        message = self.load(doc)
        self.assertIn("bad/run.json has schemaVersion 1", message)
        self.assertIn("read schemaVersions 2 and 3", message)

    def test_a_v1_document_is_refused_before_its_shape_is_judged(self):
        # v1's shape (statistics and vsNio on the result, no regimes): the version is the whole message.
        doc = fixture_document()
        doc["schemaVersion"] = 1
        for case in doc["cases"]:
            for r in case["results"].values():
                r["statistics"] = r.pop("regimes")["steady"]["statistics"]
                r["vsNio"] = None
        self.assertNotIn("does not follow", self.load(doc))
        doc["schemaVersion"] = 4
        self.assertIn("has schemaVersion 4", self.load(doc))

    def test_a_document_without_schema_version_is_not_a_run(self):
        self.assertIn("has no schemaVersion", self.load({"cases": []}))
        self.assertIn("has no schemaVersion", self.load([1, 2]))

    def test_a_schema_violation_names_the_place(self):
        doc = fixture_document()
        self.result(doc, 0, "nio")["regimes"]["steady"]["statistics"]["medianNanos"] = "fast"
        message = self.load(doc)
        self.assertIn("does not follow run.schema.json", message)
        self.assertIn("/cases/0/results/nio/regimes/steady/statistics/medianNanos", message)

    def test_fields_the_charts_read_must_be_there(self):
        doc = fixture_document()
        del self.result(doc, 1, "native")["regimes"]
        self.assertIn("at /cases/1/results/native: 'regimes' is a required property", self.load(doc))
        doc = fixture_document()
        del doc["verdicts"]
        self.assertIn("'verdicts' is a required property", self.load(doc))
        doc = fixture_document()
        del self.result(doc, 0, "nio")["samples"][3]["gcCount"]
        self.assertIn("'gcCount' is a required property", self.load(doc))

    def test_a_field_the_charts_read_in_an_unknown_shape_is_refused(self):
        doc = fixture_document()
        self.result(doc, 0, "nio")["route"]["kind"] = "borrowed"
        self.assertIn("at /cases/0/results/nio/route/kind", self.load(doc))
        doc = fixture_document()
        self.result(doc, 1, "native")["regimes"]["steady"]["vsNio"]["verdict"] = "robust"
        self.assertIn("/cases/1/results/native/regimes/steady/vsNio", self.load(doc))
        doc = fixture_document()
        self.result(doc, 1, "native")["regimes"]["first-use"]["classification"] = "flat"
        self.assertIn("/cases/1/results/native/regimes/first-use", self.load(doc))
        doc = fixture_document()
        self.result(doc, 1, "native")["forks"][0]["changepoints"] = [3]  # a flat fork has none
        self.assertIn("/cases/1/results/native/forks/0", self.load(doc))

    def test_a_result_keyed_under_another_label_is_refused(self):
        doc = fixture_document()
        results_ = doc["cases"][1]["results"]
        results_["native-c4"] = results_.pop("native-c1")
        self.assertIn("as 'native-c4', not 'native-c1'", self.load(doc))

    def test_only_the_aa_label_is_a_control(self):
        doc = fixture_document()
        self.result(doc, 1, "nio-aa")["control"] = False
        self.assertIn("cell readdir/tree-1000/-/sync/nio-aa has control false; only nio-aa is a control",
                      self.load(doc))
        doc = fixture_document()
        self.result(doc, 1, "native")["control"] = True
        self.assertIn("has control true", self.load(doc))

    def test_statistics_over_another_number_of_samples_are_refused(self):
        doc = fixture_document()
        self.result(doc, 0, "nio")["regimes"]["steady"]["statistics"]["samples"] = 11
        self.assertIn("readdir/tree-4/-/sync/nio steady uses 12 measured samples (from its forks) but statistics "
                      "over 11", self.load(doc))
        doc = fixture_document()
        self.result(doc, 0, "native")["regimes"]["first-use"]["statistics"]["samples"] = 6
        self.assertIn("first-use uses 4 measured samples", self.load(doc))

    def test_a_fork_record_that_disagrees_with_its_samples_is_refused(self):
        doc = fixture_document()
        self.result(doc, 0, "nio")["samples"].pop()
        self.assertIn("fork 1 says 6 measured iterations but has 5", self.load(doc))
        doc = fixture_document()
        self.result(doc, 0, "nio")["forks"].pop()
        self.assertIn("has fork records [0] but measured samples in forks [0, 1]", self.load(doc))
        doc = fixture_document()
        fork = self.result(doc, 0, "native")["forks"][0]
        fork["steadyFrom"] = 1
        self.assertIn("fork 0's steadyFrom 1 is not inside its last segment (iterations 2 to 5)", self.load(doc))
        doc = fixture_document()
        self.result(doc, 0, "native")["forks"][1]["changepoints"] = [2, 6]
        self.assertIn("changepoints [2, 6] are not ascending indexes inside its 6 measured iterations",
                      self.load(doc))
        doc = fixture_document()
        self.result(doc, 0, "native")["forks"][1]["steadyMedianNanos"] += 1000
        self.assertIn("fork 1's steadyMedianNanos", self.load(doc))

    def test_a_median_that_is_not_the_median_of_the_fork_medians_is_refused(self):
        doc = fixture_document()
        self.result(doc, 0, "nio")["regimes"]["steady"]["statistics"]["medianNanos"] = 41000.0
        self.assertIn("medianNanos 41000.0 is not the median of the fork medians", self.load(doc))
        doc = fixture_document()
        self.result(doc, 0, "nio")["regimes"]["steady"]["statistics"]["forkMedianNanos"] = [41500.0, 41500.0]
        self.assertIn("forkMedianNanos [41500.0, 41500.0] are not the medians", self.load(doc))

    def test_steady_statistics_without_a_steady_state_are_refused(self):
        doc = fixture_document()
        steady = self.result(doc, 2, "native")["regimes"]["steady"]
        steady["statistics"] = self.result(doc, 2, "native")["regimes"]["first-use"]["statistics"]
        steady["forksUsed"] = 2
        self.assertIn("has statistics but no fork reached a steady state", self.load(doc))
        doc = fixture_document()
        self.result(doc, 2, "native")["regimes"]["steady"]["note"] = None
        self.assertIn("readdir/tree-1000/-/async/native steady has no statistics and no note saying why",
                      self.load(doc))

    def test_a_steady_comparison_left_out_by_the_settled_forks_rule_loads_and_otherwise_is_refused(self):
        # The harness gives a steady comparison no verdict when a side of several forks has fewer settled ones than
        # method.steadyVerdictForks asks; here every cell has 2 settled forks of 2, so a rule of 3 leaves them all out.
        doc = fixture_document()
        steady = self.result(doc, 0, "native")["regimes"]["steady"]
        steady["vsNio"] = None
        steady["note"] = "no verdict: the steady figure is this cell's on 2 of its 2 forks, and a verdict needs 3"
        recount(doc)
        self.assertIn("native steady: both it and nio have statistics, but there is no comparison", self.load(doc))
        doc["settings"]["method"]["steadyVerdictForks"] = 2
        self.assertIn("native steady: both it and nio have statistics, but there is no comparison", self.load(doc))
        doc["settings"]["method"]["steadyVerdictForks"] = 3
        run = results.load_run(TempRuns(self).write("rule", doc))
        frame = run.cells[(run.cells["caseIndex"] == 0) & (run.cells["label"] == "native")]
        self.assertTrue(frame.loc[frame["regime"] == "steady", "ratio"].isna().all())
        self.assertEqual(run.verdicts["steady"]["comparisons"], fixture_document()["verdicts"]["steady"]["comparisons"] - 1)

    def test_a_classification_the_forks_do_not_support_is_refused(self):
        doc = fixture_document()
        self.result(doc, 1, "native-c1")["regimes"]["steady"]["classification"] = "flat"
        self.assertIn("is classified 'flat' but its forks are warmup, flat (expected 'inconsistent')", self.load(doc))

    def test_a_verdict_against_the_rule_is_refused(self):
        doc = fixture_document()
        self.result(doc, 0, "native")["regimes"]["steady"]["vsNio"]["verdict"] = "slower"
        recount(doc)
        self.assertIn("verdict 'slower', but ratio 0.9765", self.load(doc))
        doc = fixture_document()
        vs = self.result(doc, 1, "native")["regimes"]["steady"]["vsNio"]
        vs["adjustedPValue"] = 0.2  # faster by a mile, but not significant after adjustment: a tie
        self.assertIn("makes it 'tie'", self.load(doc))
        doc = fixture_document()
        self.result(doc, 1, "native")["regimes"]["steady"]["vsNio"]["ratio"] = 4.0
        self.assertIn("ratio 4.0 is not nio's medianNanos over this one's", self.load(doc))

    def test_verdict_counts_that_do_not_add_up_are_refused(self):
        doc = fixture_document()
        doc["verdicts"]["steady"]["faster"] = 3
        self.assertIn("verdicts.steady does not add up: faster 3 (the cells say 2)", self.load(doc))
        doc = fixture_document()
        doc["verdicts"]["first-use"]["controlsNotTie"] = 1
        self.assertIn("verdicts.first-use does not add up: controlsNotTie 1 (the cells say 0)", self.load(doc))

    def test_a_comparison_for_nio_itself_is_refused(self):
        doc = fixture_document()
        nio = self.result(doc, 1, "nio")["regimes"]["steady"]
        nio["vsNio"] = dict(self.result(doc, 1, "nio-aa")["regimes"]["steady"]["vsNio"], ratio=1.0)
        self.assertIn("has a comparison against nio, but it is nio", self.load(doc))

    def test_broken_json_names_line_and_column(self):
        self.assertIn("is not valid JSON", self.load(raw=b'{"schemaVersion": 2,\n  "status": }'))
        self.assertIn("line 2", self.load(raw=b'{"schemaVersion": 2,\n  "status": }'))

    def test_empty_and_non_utf8_files_are_refused(self):
        self.assertIn("is not valid JSON", self.load(raw=b""))
        self.assertIn("is not UTF-8", self.load(raw=b'{"x": "\xff"}'))

    def test_missing_folder_and_missing_run_json(self):
        runs = TempRuns(self)
        with self.assertRaisesRegex(results.RunError, "no such file"):
            results.load_run(runs.root / "nowhere")
        (runs.root / "empty").mkdir()
        with self.assertRaisesRegex(results.RunError, "has no run.json"):
            results.find_run(runs.root / "empty")

    def test_an_unreadable_run_json_is_a_clear_error(self):
        # A directory in its place: unreadable even for root, which permission bits would not stop (CI runs as root).
        folder = TempRuns(self).root / "unreadable"
        (folder / "run.json").mkdir(parents=True)
        with self.assertRaisesRegex(results.RunError, "cannot read .*run.json: Is a directory"):
            results.load_run(folder)


class SchemaDriftTest(unittest.TestCase):
    """Schema version 2 may grow fields; a run written before or after a field was added still draws, with a note."""

    def test_a_run_older_than_the_schema_loads_and_says_what_it_lacks(self):
        doc = fixture_document()
        for case in doc["cases"]:
            for r in case["results"].values():
                del r["cpuClock"], r["runNanos"]
        run = results.load_run(TempRuns(self).write("older", doc))
        self.assertEqual(len(run.regime("steady")), 13)
        self.assertIn("run.json lacks fields this checkout's schema requires, none of which the charts read: "
                      "cpuClock (13x), runNanos (13x)", run.notes())

    def test_a_run_newer_than_the_schema_loads_and_names_the_fields_it_does_not_know(self):
        doc = fixture_document()
        doc["cases"][0]["results"]["nio"]["newField"] = 1
        doc["environment"]["newSection"] = {}
        run = results.load_run(TempRuns(self).write("newer", doc))
        self.assertIn("run.json has fields this checkout's schema does not know, none of which the charts read: "
                      "newField (1x), newSection (1x)", run.notes())

    def test_the_fixture_has_no_drift(self):
        self.assertEqual(results.load_run(FIXTURE).drift, [])


class FloorTest(unittest.TestCase):
    def setUp(self):
        self.run = results.load_run(TempRuns(self).write("floor", with_floor(fixture_document())))

    def test_a_floor_is_read_with_its_timing_and_every_result_with_its_distance(self):
        self.assertEqual(self.run.floor_labels, ["floor"])
        self.assertEqual(self.run.drift, [], "the floor's fields are in the schema")
        cells = self.run.regime("steady").set_index("cell")
        self.assertEqual(cells.loc["stat/batch-256/default/sync/floor", "timing"], "native-loop")
        self.assertTrue(pd.isna(cells.loc["stat/batch-256/default/sync/nio", "timing"]))
        self.assertAlmostEqual(cells.loc["stat/batch-256/default/sync/nio", "floorRatio"], 1.0)
        self.assertTrue(math.isnan(cells.loc["stat/batch-256/default/async/nio", "floorRatio"]), "no floor")
        self.assertEqual(self.run.verdicts, fixture_document()["verdicts"], "a floor adds no comparison")

    def test_a_floor_is_no_backend_of_the_charts(self):
        self.assertNotIn("floor", results.default_labels(self.run))
        frame = results.overview_frame(self.run)
        self.assertNotIn("floor", set(frame["label"]))
        sync = frame[(frame["family"] == "stat") & (frame["mode"] == "sync")]
        self.assertEqual(list(sync["nioVsFloor"]), [1.0] * len(sync), "nio / floor, in every row of the case")
        self.assertTrue(frame.loc[frame["mode"] == "async", "nioVsFloor"].isna().all())

    def test_a_floor_compared_with_nio_is_refused(self):
        doc = with_floor(fixture_document())
        case = next(c for c in doc["cases"] if "floor" in c["results"])
        case["results"]["floor"]["regimes"]["steady"]["vsNio"] = case["results"]["native"]["regimes"]["steady"]["vsNio"]
        with self.assertRaisesRegex(results.RunError, "floor"):
            results.load_run(TempRuns(self).write("floor-vs-nio", doc))


class FindRunTest(unittest.TestCase):
    def setUp(self):
        self.runs = TempRuns(self)
        env = mock.patch.dict(os.environ)
        env.start()
        self.addCleanup(env.stop)
        os.environ.pop(results.RUN_ENV, None)

    def write(self, name, started):
        doc = fixture_document()
        doc["startedAt"] = started
        return self.runs.write(f"results/{name}", doc)

    def test_newest_is_the_latest_start_not_the_last_name(self):
        self.write("2026-01-03-linux-amd64", "2026-01-03T00:00:00Z")
        newest = self.write("2026-01-02-linux-amd64-tmpfs", "2026-01-04T00:00:00Z")
        (self.runs.root / "results" / "not-a-run").mkdir()
        self.assertEqual(results.find_run(results_dir=self.runs.root / "results"), newest.resolve())

    def test_equal_starts_fall_back_to_the_folder_name(self):
        self.write("b", "2026-01-03T00:00:00Z")
        a = self.write("a", "2026-01-03T00:00:00Z")
        self.assertEqual(results.find_run(results_dir=self.runs.root / "results").name, "b")
        self.assertNotEqual(results.find_run(results_dir=self.runs.root / "results"), a.resolve())

    def test_the_environment_variable_wins_and_may_name_run_json_itself(self):
        self.write("newest", "2030-01-01T00:00:00Z")
        os.environ[results.RUN_ENV] = str(FIXTURE / "run.json")
        self.assertEqual(results.find_run(results_dir=self.runs.root / "results"), FIXTURE)
        self.assertEqual(results.find_run(FIXTURE, results_dir=self.runs.root / "results"), FIXTURE)

    def test_no_run_anywhere_says_how_to_name_one(self):
        (self.runs.root / "results").mkdir()
        with self.assertRaisesRegex(results.RunError, "FSBENCH_RUN=DIR"):
            results.find_run(results_dir=self.runs.root / "results")
        os.environ[results.RUN_ENV] = str(self.runs.root / "missing")
        with self.assertRaisesRegex(results.RunError, "no such run folder"):
            results.find_run()


class FixtureTest(unittest.TestCase):
    def test_the_fixture_is_a_valid_run_under_the_repository_schema(self):
        # load_run validates; this names the failure if the schema moved away from the fixture.
        results.check_document(fixture_document(), FIXTURE / "run.json")

    def test_the_fixture_is_unchanged_by_loading(self):
        before = (FIXTURE / "run.json").read_bytes()
        results.load_run(FIXTURE)
        self.assertEqual((FIXTURE / "run.json").read_bytes(), before)


class SweepFixtureTest(unittest.TestCase):
    def test_the_harness_written_sweep_reads_with_its_tree_shapes(self):
        run = results.load_run(SWEEP_FIXTURE)
        self.assertEqual(run.drift, [])
        self.assertEqual(list(run.trees), ["tree-4", "tree-16", "tree-64", "tree-256"])
        self.assertEqual([results.entries_of(run, s) for s in run.trees], [7, 19, 71, 279])
        self.assertEqual(run.trees["tree-64"]["files"], 64)
        self.assertEqual(run.settings["suites"], ["sweep"])
        frame = results.scaling_frame(run)
        self.assertEqual(len(frame), 2 * 4 * 4, "2 families, 4 sizes, 3 backends and the floor")
        self.assertEqual(set(frame.loc[frame["timing"].notna(), "label"]), {"floor"})
        self.assertTrue(frame.loc[frame["label"] == "floor", "ratio"].isna().all(), "a floor has no comparison")
        self.assertTrue(frame.loc[frame["label"] == "native", "floorRatio"].notna().all())
        self.assertTrue((frame["forkMinNanos"] <= frame["medianNanos"]).all())
        self.assertTrue((frame["medianNanos"] <= frame["forkMaxNanos"]).all())

    def test_a_run_without_shapes_takes_a_sizes_entries_from_its_name(self):
        run = results.load_run(FIXTURE)
        self.assertEqual(run.trees, {})
        self.assertEqual(results.entries_of(run, "tree-1000"), 1000)
        self.assertEqual(results.synthetic_files("tree-156k"), 156000)
        self.assertIsNone(results.synthetic_files("jdk-src"))
        self.assertTrue(results.scaling_frame(run).empty, "two sizes are no sweep")


if __name__ == "__main__":
    unittest.main()
