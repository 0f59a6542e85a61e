"""Self-check of fsbench_results on fixtures/tiny-run, a run.json written by hand (2 families, nio, native, native-c1).

Run: /usr/bin/python3 -m unittest discover -s notebooks -p 'test_*.py'   (run-all.sh does, before the notebooks)

The fixture's statistics and vsNio follow results/SCHEMA.md from its samples (median of 4 = mean of the middle two,
p90 = the 4th, exact rank-sum p: 2/70 for fully separated sets), so it reads like a run the harness wrote. Every test
that changes a document works on a copy in a temporary directory it removes; the fixture stays untouched.
"""

import json
import math
import os
import shutil
import tempfile
import unittest
from pathlib import Path
from unittest import mock

import fsbench_results as results

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "tiny-run"


def fixture_document() -> dict:
    return json.loads((FIXTURE / "run.json").read_text(encoding="utf-8"))


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

    def test_one_cell_row_per_backend_label_and_case_in_run_order(self):
        cells = self.tiny.cells
        self.assertEqual(list(cells.columns), results.CELL_COLUMNS)
        self.assertEqual(len(cells), 14)
        self.assertEqual(list(cells["cell"][:5]), [
            "readdir/tree-4/-/sync/nio", "readdir/tree-4/-/sync/native", "readdir/tree-1000/-/sync/nio",
            "readdir/tree-1000/-/sync/native", "readdir/tree-1000/-/sync/native-c1"])
        self.assertEqual(self.tiny.families, ["readdir", "stat"])
        self.assertEqual(self.tiny.labels, ["nio", "native", "native-c1"])

    def test_statistics_and_comparison_are_flattened_as_recorded(self):
        c1 = self.tiny.cells.set_index("cell").loc["readdir/tree-1000/-/sync/native-c1"]
        self.assertEqual(c1["backend"], "native")
        self.assertEqual(c1["concurrency"], 1)
        self.assertEqual(c1["medianNanos"], 5050000.0)
        self.assertEqual(c1["p90Nanos"], 5200000.0)
        self.assertAlmostEqual(c1["ratio"], 12250000 / 5050000)
        self.assertTrue(c1["robust"])
        self.assertEqual(c1["routeKind"], "own")
        self.assertTrue(math.isnan(c1["mibPerSecond"]))

    def test_nio_has_no_comparison_and_robust_is_missing_not_false(self):
        nio = self.tiny.cells[self.tiny.cells["label"] == "nio"]
        self.assertTrue(nio["ratio"].isna().all())
        self.assertTrue(nio["robust"].isna().all())
        self.assertEqual(str(self.tiny.cells["robust"].dtype), "boolean")

    def test_one_sample_row_per_raw_sample_with_warmups_marked(self):
        samples = self.tiny.samples
        self.assertEqual(list(samples.columns), results.SAMPLE_COLUMNS)
        self.assertEqual(len(samples), 14 * 5)
        self.assertEqual(int(samples["warmup"].sum()), 14)
        measured = results.measured(samples)
        self.assertEqual(len(measured), 14 * 4)
        mine = measured[measured["cell"] == "stat/batch-256/default/async/native"]
        self.assertEqual(sorted(mine["wallNanos"]), [3000000, 8000000, 8500000, 9000000])
        self.assertEqual(list(mine["label"].unique()), ["native"])

    def test_run_level_fields_and_notes(self):
        self.assertTrue(self.tiny.complete)
        self.assertEqual(self.tiny.status, "complete")
        self.assertIsNone(self.tiny.incomplete_reason())
        self.assertEqual(self.tiny.concurrency_backends(), ["native"])
        self.assertEqual(list(self.tiny.omitted["cell"]), ["readdir/tree-4/-/sync/native-c4"])
        notes = self.tiny.notes()
        self.assertIn("backend commons-io was unavailable: fixture: left out on purpose", notes)
        self.assertIn("1 cell was selected but not run (a backend lacks a capability)", notes)
        self.assertNotIn("fewer than 4 samples per cell: no ranking in this run can be robust", notes)
        self.assertEqual(self.tiny.banner(),
                         "tiny-run: complete, tmpfs sandbox, 1 warmup + 4 samples x 1 fork, git 0123456789ab")


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
        doc["cases"] = [c for c in doc["cases"] if c["mode"] == "sync" and c["scenario"] in ("tree-4", "single")]
        run = results.load_run(TempRuns(self).write("sync-only", doc))
        rep = results.representative_cases(run)
        self.assertEqual(list(zip(rep["family"], rep["caseLabel"], rep["mode"])),
                         [("readdir", "tree-4", "sync"), ("stat", "single default", "sync")])

    def test_overview_has_default_labels_only_and_keeps_the_recorded_ratio(self):
        frame = results.overview_frame(self.tiny)
        asynchronous = frame[frame["mode"] == "async"]
        self.assertEqual(list(frame["label"]), ["native"] * 4)
        self.assertEqual(list(frame["mode"]), ["sync", "async", "sync", "async"])
        self.assertEqual(list(asynchronous["ratio"]), [9750000 / 9500000, 4050000 / 8250000])
        self.assertEqual(list(asynchronous["robust"]), [False, False])
        self.assertEqual(list(asynchronous["routeKind"]), ["own", "nio-fallback"])
        self.assertEqual(list(asynchronous["nioMedianNanos"]), [9750000.0, 4050000.0])

    def test_overview_says_not_measured_for_a_backend_missing_from_a_family(self):
        doc = fixture_document()
        for case in doc["cases"]:
            if case["family"] == "stat":
                del case["results"]["native"]
        frame = results.overview_frame(results.load_run(TempRuns(self).write("no-native-stat", doc)))
        stat = frame[frame["family"] == "stat"].iloc[0]
        self.assertFalse(stat["measured"])
        self.assertTrue(math.isnan(stat["ratio"]))

    def test_sync_async_pairs_the_modes_of_the_representative_shape(self):
        frame = results.sync_async_frame(self.tiny).set_index(["family", "label"])
        self.assertEqual(frame.loc[("readdir", "native"), "syncMedianNanos"], 2950000.0)
        self.assertEqual(frame.loc[("readdir", "native"), "asyncMedianNanos"], 9500000.0)
        self.assertAlmostEqual(frame.loc[("stat", "nio"), "asyncSpeedup"], 635000 / 4050000)
        self.assertNotIn(("readdir", "native-c1"), frame.index)

    def test_concurrency_frame_holds_tree_families_of_nio_and_the_swept_backend(self):
        frame = results.concurrency_frame(self.tiny)
        self.assertEqual(set(frame["family"]), {"readdir"})
        self.assertEqual(set(frame["label"]), {"nio", "native", "native-c1"})
        self.assertEqual(len(frame), 2 + 3 + 3)


class IncompleteRunTest(unittest.TestCase):
    def test_a_run_that_failed_before_its_first_cell_loads_empty_with_its_reason(self):
        doc = fixture_document()
        doc.update(status="failed", complete=False, cases=[], omitted=[], finishedAt="2026-01-02T03:05:00Z",
                   failure={"cell": "readdir/tree-4/-/sync/nio", "backend": "nio", "family": "readdir",
                            "caseLabel": "tree-4", "mode": "sync", "message": "verification failed: 3 entries missing"})
        run = results.load_run(TempRuns(self).write("failed", doc))
        self.assertTrue(run.cells.empty)
        self.assertEqual(list(run.cells.columns), results.CELL_COLUMNS)
        self.assertEqual(str(run.cells["medianNanos"].dtype), "float64")
        self.assertTrue(run.samples.empty)
        self.assertEqual(run.families, [])
        self.assertIn("verification failed: 3 entries missing", run.incomplete_reason())
        self.assertTrue(run.notes()[0].startswith("INCOMPLETE: run failed at cell readdir/tree-4/-/sync/nio"))
        self.assertTrue(results.overview_frame(run).empty)
        self.assertTrue(results.sync_async_frame(run).empty)

    def test_interrupted_and_running_runs_are_named_as_such(self):
        for status, words in (("interrupted", "interrupted"), ("running", "still running")):
            doc = fixture_document()
            doc.update(status=status, complete=False, finishedAt=None)
            run = results.load_run(TempRuns(self).write(status, doc))
            self.assertIn(words, run.incomplete_reason())
            self.assertIn(f": {status},", run.banner())


class RefusedDocumentTest(unittest.TestCase):
    def load(self, doc=None, raw=None) -> str:
        folder = TempRuns(self).write("bad", doc, raw)
        with self.assertRaises(results.RunError) as caught:
            results.load_run(folder)
        return str(caught.exception)

    def test_another_schema_version_is_refused_by_name(self):
        doc = fixture_document()
        doc["schemaVersion"] = 2
        message = self.load(doc)
        self.assertIn("schemaVersion 2", message)
        self.assertIn("read schemaVersion 1", message)

    def test_a_document_without_schema_version_is_not_a_run(self):
        self.assertIn("has no schemaVersion", self.load({"cases": []}))
        self.assertIn("has no schemaVersion", self.load([1, 2]))

    def test_a_schema_violation_names_the_place(self):
        doc = fixture_document()
        doc["cases"][0]["results"]["nio"]["statistics"]["medianNanos"] = "fast"
        message = self.load(doc)
        self.assertIn("does not follow run.schema.json", message)
        self.assertIn("/cases/0/results/nio/statistics/medianNanos", message)

    def test_a_field_the_charts_read_must_be_there(self):
        doc = fixture_document()
        del doc["cases"][2]["results"]["native"]["vsNio"]
        message = self.load(doc)
        self.assertIn("at /cases/2/results/native: 'vsNio' is a required property", message)

    def test_a_field_the_charts_read_in_an_unknown_shape_is_refused(self):
        doc = fixture_document()
        doc["cases"][0]["results"]["nio"]["route"]["kind"] = "borrowed"
        self.assertIn("at /cases/0/results/nio/route/kind", self.load(doc))

    def test_a_result_keyed_under_another_label_is_refused(self):
        doc = fixture_document()
        results_ = doc["cases"][1]["results"]
        results_["native-c4"] = results_.pop("native-c1")
        self.assertIn("as 'native-c4', not 'native-c1'", self.load(doc))

    def test_statistics_over_another_number_of_samples_are_refused(self):
        doc = fixture_document()
        doc["cases"][0]["results"]["nio"]["samples"].pop()
        self.assertIn("has 3 measured samples but statistics over 4", self.load(doc))

    def test_broken_json_names_line_and_column(self):
        self.assertIn("is not valid JSON", self.load(raw=b'{"schemaVersion": 1,\n  "status": }'))
        self.assertIn("line 2", self.load(raw=b'{"schemaVersion": 1,\n  "status": }'))

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
    """Schema version 1 grows fields; a run written before or after a field was added still draws, with a note."""

    def test_a_run_older_than_the_schema_loads_and_says_what_it_lacks(self):
        doc = fixture_document()
        for case in doc["cases"]:
            for r in case["results"].values():
                del r["cpuClock"], r["runNanos"]
        run = results.load_run(TempRuns(self).write("older", doc))
        self.assertEqual(len(run.cells), 14)
        self.assertIn("run.json lacks fields this checkout's schema requires, none of which the charts read: "
                      "cpuClock (14x), runNanos (14x)", run.notes())

    def test_a_run_newer_than_the_schema_loads_and_names_the_fields_it_does_not_know(self):
        doc = fixture_document()
        doc["cases"][0]["results"]["nio"]["newField"] = 1
        doc["environment"]["newSection"] = {}
        run = results.load_run(TempRuns(self).write("newer", doc))
        self.assertIn("run.json has fields this checkout's schema does not know, none of which the charts read: "
                      "newField (1x), newSection (1x)", run.notes())

    def test_the_fixture_has_no_drift(self):
        self.assertEqual(results.load_run(FIXTURE).drift, [])


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


if __name__ == "__main__":
    unittest.main()
