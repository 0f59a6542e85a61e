"""Reads one fsbench results folder (``run.json``, schema version 1) into pandas frames for the notebooks.

    import fsbench_results as results
    run = results.load_run(results.find_run())   # $FSBENCH_RUN, else the newest run under results/
    run.cells     # one row per cell: one backend label's result in one case and mode, statistics flattened
    run.samples   # one row per raw sample, warmups included and marked
    results.overview_frame(run)   # the ratio against nio of each family's representative case

The contract is ``results/run.schema.json`` (explained in ``results/SCHEMA.md``). A document whose schemaVersion is
not the one this module reads, or that breaks the schema in a field the charts read, is refused with the reason: a
changed contract must fail here, loudly, rather than draw charts from fields that mean something else now. Fields
added to schema version 1 after a run was written (or after this checkout) change no chart; they become a note.

Column names keep the schema's spelling (``medianNanos``, ``caseLabel``) so a reader can look each one up there;
nested objects are flattened (``routeKind``, ``routeVia``) and ``vsNio`` becomes ``ratio``, ``pValue``, ``robust``.
Rows keep run.json's order, which is the harness's matrix order (family, case, mode, backend, concurrency).

Run ``/usr/bin/python3 notebooks/fsbench_results.py [RUN_DIR]`` to check a folder and see what it holds.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import Any, Optional

import pandas as pd

SCHEMA_VERSION = 1
RUN_FILE = "run.json"
RUN_ENV = "FSBENCH_RUN"
REPO = Path(__file__).resolve().parent.parent
RESULTS_DIR = REPO / "results"
SCHEMA_FILE = RESULTS_DIR / "run.schema.json"

BASELINE = "nio"
TREE_FAMILIES = ("readdir", "glob", "scan", "cp", "rm")
TREE_CONCURRENCY = "TREE_CONCURRENCY"
# Variants that carry no special payload or target: the overview prefers them, as the harness's REPORT.md does.
PLAIN_VARIANTS = frozenset({"buffer", "default", "-"})

CELL_COLUMNS = [
    "caseIndex", "family", "scenario", "variant", "caseLabel", "mode", "operations", "logicalBytes",
    "label", "backend", "concurrency", "cell", "routeKind", "routeVia",
    "samples", "medianNanos", "p90Nanos", "minNanos", "maxNanos", "meanNanos",
    "operationsPerSecond", "mibPerSecond", "cpuMedianNanos", "allocatedMedianBytes",
    "ratio", "pValue", "robust",
]
SAMPLE_COLUMNS = [
    "caseIndex", "family", "scenario", "variant", "caseLabel", "mode", "label", "backend", "concurrency", "cell",
    "fork", "iteration", "warmup", "wallNanos", "bracketNanos", "cpuNanos", "allocatedBytes",
]


class RunError(Exception):
    """A results folder that cannot be read as an fsbench run; the message says which file and why."""


@dataclasses.dataclass(frozen=True)
class Run:
    """One results folder, read and checked. Frames are in run.json's (matrix) order; treat them as read-only."""

    folder: Path
    document: dict
    cells: pd.DataFrame
    samples: pd.DataFrame
    omitted: pd.DataFrame
    drift: list[str] = dataclasses.field(default_factory=list)  # schema drift the charts do not depend on

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def status(self) -> str:
        return self.document["status"]

    @property
    def complete(self) -> bool:
        return self.document["complete"]

    @property
    def failure(self) -> Optional[dict]:
        return self.document["failure"]

    @property
    def settings(self) -> dict:
        return self.document["settings"]

    @property
    def environment(self) -> dict:
        return self.document["environment"]

    @property
    def families(self) -> list[str]:
        """Families with at least one measured cell, in matrix order."""
        return list(dict.fromkeys(self.cells["family"]))

    @property
    def labels(self) -> list[str]:
        """Backend labels (``nio``, ``native``, ``native-c4``) in the order the run met them."""
        return list(dict.fromkeys(self.cells["label"]))

    def backend_of(self, label: str) -> str:
        return self.cells.loc[self.cells["label"] == label, "backend"].iloc[0]

    def concurrency_backends(self) -> list[str]:
        """Backends that declare TREE_CONCURRENCY or were measured at an explicit concurrency, in run order."""
        declared = {b["id"] for b in self.environment["backends"] if TREE_CONCURRENCY in b["capabilities"]}
        measured = set(self.cells.loc[self.cells["concurrency"] > 0, "backend"])
        order = list(dict.fromkeys(list(self.cells["backend"]) + [b["id"] for b in self.environment["backends"]]))
        return [b for b in order if b in declared | measured]

    def incomplete_reason(self) -> Optional[str]:
        """Why the run is not complete, in one line, or None for a complete run."""
        if self.complete:
            return None
        if self.status == "failed":
            f = self.failure
            return f"run failed at cell {f['cell']}, only the cells finished before it are here; failure: {f['message']}"
        if self.status == "interrupted":
            return "run was interrupted; only the cells finished before it are here"
        return "run is still running, or was killed before it could record its end; its cells may be partial"

    def banner(self) -> str:
        """One line naming the run and how it was measured, for chart subtitles."""
        env, s = self.environment, self.settings
        git = env["git"]
        commit = (git["commit"] or "unknown")[:12] + (" (dirty)" if git["dirty"] else "")
        fs = env["sandbox"]["fileSystemType"] or "unknown filesystem"
        samples = (f"{_count(s['warmups'], 'warmup')} + {_count(s['samples'], 'sample')} x "
                   f"{_count(s['forks'], 'fork')}")
        quick = ", quick matrix" if s["quick"] else ""
        return f"{self.name}: {self.status}, {fs} sandbox, {samples}{quick}, git {commit}"

    def notes(self) -> list[str]:
        """What a reader must know before trusting the charts: incompleteness, missing backends, omitted cells."""
        out = []
        reason = self.incomplete_reason()
        if reason:
            out.append("INCOMPLETE: " + reason)
        measured = set(self.cells["backend"])
        for b in self.environment["backends"]:
            if not b["available"]:
                out.append(f"backend {b['id']} was unavailable: {b['reason']}")
            elif b["id"] not in measured and b["id"] in self.settings["backends"]:
                out.append(f"backend {b['id']} was selected but has no measured cell")
        if BASELINE not in measured and not self.cells.empty:
            out.append("nio was not measured: there are no ratios against nio in this run")
        if not self.omitted.empty:
            n = len(self.omitted)
            out.append(f"{n} cell{'s were' if n != 1 else ' was'} selected but not run (a backend lacks a capability)")
        if self.settings["samples"] * self.settings["forks"] < 4:
            out.append("fewer than 4 samples per cell: no ranking in this run can be robust")
        return out + self.drift

    def summary(self) -> str:
        lines = [self.banner(), f"folder: {self.folder}",
                 f"{len(self.cells)} cells, {len(self.families)} families, labels: {', '.join(self.labels) or 'none'}"]
        lines += ["note: " + n for n in self.notes()]
        return "\n".join(lines)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def find_run(explicit: Optional[str | os.PathLike] = None, results_dir: Path = RESULTS_DIR) -> Path:
    """The folder to read: ``explicit``, else ``$FSBENCH_RUN``, else the run under ``results_dir`` that started last.

    "Newest" is read from each run.json's startedAt (ties broken by folder name), not from file times, which a git
    checkout sets to the moment of the clone.
    """
    chosen = explicit if explicit not in (None, "") else os.environ.get(RUN_ENV) or None
    if chosen is not None:
        path = Path(chosen)
        if path.name == RUN_FILE and path.is_file():
            path = path.parent
        if not path.is_dir():
            raise RunError(f"no such run folder: {path}")
        if not (path / RUN_FILE).is_file():
            raise RunError(f"{path} has no {RUN_FILE}: a results folder holds the run.json that `fsbench run` writes")
        return path.resolve()
    if not results_dir.is_dir():
        raise RunError(f"no results folder at {results_dir}; name a run folder with {RUN_ENV}=DIR")
    candidates = sorted(p for p in results_dir.iterdir() if (p / RUN_FILE).is_file())
    if not candidates:
        raise RunError(f"no run under {results_dir} (a folder holding {RUN_FILE}); name one with {RUN_ENV}=DIR")
    return max(candidates, key=lambda p: (_read_json(p / RUN_FILE).get("startedAt") or "", p.name)).resolve()


def load_run(folder: str | os.PathLike, schema_file: Path = SCHEMA_FILE) -> Run:
    """Reads and checks ``folder/run.json``; raises RunError with the reason when it is not a run this module reads."""
    folder = Path(folder)
    path = folder / RUN_FILE
    doc = _read_json(path)
    drift = check_document(doc, path, schema_file)
    cells, samples = _frames(doc, path)
    omitted = pd.DataFrame(doc["omitted"], columns=["cell", "reason"])
    return Run(folder=folder.resolve(), document=doc, cells=cells, samples=samples, omitted=omitted, drift=drift)


# Every field name the loader reads. A field outside this set that the schema requires and a run lacks (a run written
# before the field was added), or one the schema does not know (a run newer than this checkout), cannot change a
# chart: such drift is reported as a note. Anything else that breaks the schema is refused.
READ_FIELDS = frozenset({
    "schemaVersion", "status", "complete", "failure", "cell", "message", "startedAt", "environment", "git",
    "commit", "dirty", "sandbox", "fileSystemType", "backends", "id", "available", "reason", "capabilities",
    "settings", "warmups", "samples", "forks", "quick", "cases", "omitted", "family", "scenario", "variant",
    "caseLabel", "mode", "operations", "logicalBytes", "results", "backend", "concurrency", "route", "kind", "via",
    "statistics", "vsNio", "ratio", "pValue", "robust", "fork", "iteration", "warmup", "wallNanos", "bracketNanos",
    "cpuNanos", "allocatedBytes", "medianNanos", "p90Nanos", "minNanos", "maxNanos", "meanNanos",
    "operationsPerSecond", "mibPerSecond", "cpuMedianNanos", "allocatedMedianBytes",
})


def check_document(doc: Any, path: Path, schema_file: Path = SCHEMA_FILE) -> list[str]:
    """schemaVersion first (the clearest message for a run of another version), then the whole JSON Schema.

    Returns notes on drift the charts do not depend on (see READ_FIELDS); raises RunError on anything else.
    """
    if not isinstance(doc, dict) or "schemaVersion" not in doc:
        raise RunError(f"{path} is not an fsbench run: it has no schemaVersion")
    if doc["schemaVersion"] != SCHEMA_VERSION:
        raise RunError(f"{path} has schemaVersion {doc['schemaVersion']!r}; these notebooks read schemaVersion "
                       f"{SCHEMA_VERSION} (results/SCHEMA.md)")
    # Imported here: only validation needs it, and its absence deserves its own message, not an import traceback.
    try:
        import jsonschema
    except ImportError as e:
        raise RunError("python3-jsonschema is missing (apt-get install python3-jsonschema); run.json cannot be "
                       "checked against results/run.schema.json without it") from e
    validator = jsonschema.Draft202012Validator(_read_json(schema_file))
    hard, missing, unknown = [], set(), set()  # missing and unknown hold (where, field)
    for error in validator.iter_errors(doc):
        where = "/" + "/".join(map(str, error.absolute_path))
        if error.validator == "required":
            absent = [f for f in error.validator_value if f not in error.instance]
            if absent and not READ_FIELDS.intersection(absent):
                missing.update((where, f) for f in absent)
                continue
        if error.validator == "additionalProperties":
            extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
            if extra and not READ_FIELDS.intersection(extra):
                unknown.update((where, f) for f in extra)
                continue
        hard.append((where, error.message))
    if hard:
        hard.sort()
        shown = "; ".join(f"at {where}: {message[:200]}" for where, message in hard[:5])
        more = f" (and {len(hard) - 5} more)" if len(hard) > 5 else ""
        raise RunError(f"{path} does not follow {schema_file.name}: {shown}{more}")
    notes = []
    if missing:
        notes.append("run.json lacks fields this checkout's schema requires, none of which the charts read: "
                     + _count_fields(missing))
    if unknown:
        notes.append("run.json has fields this checkout's schema does not know, none of which the charts read: "
                     + _count_fields(unknown))
    return notes


def _count_fields(places: set) -> str:
    counts: dict[str, int] = {}
    for _where, field in places:
        counts[field] = counts.get(field, 0) + 1
    return ", ".join(f"{field} ({n}x)" for field, n in sorted(counts.items()))


def _read_json(path: Path) -> Any:
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        raise RunError(f"no such file: {path}") from None
    except OSError as e:
        raise RunError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise RunError(f"{path} is not UTF-8 (byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise RunError(f"{path} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None


def _frames(doc: dict, path: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    cell_rows, sample_rows = [], []
    for index, case in enumerate(doc["cases"]):
        shape = {k: case[k] for k in ("family", "scenario", "variant", "caseLabel", "mode")}
        for label, r in case["results"].items():
            expected = r["backend"] if r["concurrency"] == 0 else f"{r['backend']}-c{r['concurrency']}"
            if label != expected:
                # Every pivot below is keyed by the label; a key that disagrees with its record would mislabel a column.
                raise RunError(f"{path}: case {index} ({case['family']} {case['caseLabel']} {case['mode']}) keys "
                               f"backend {r['backend']} at concurrency {r['concurrency']} as {label!r}, not {expected!r}")
            measured = sum(1 for s in r["samples"] if not s["warmup"])
            if measured != r["statistics"]["samples"]:
                raise RunError(f"{path}: cell {r['cell']} has {measured} measured samples but statistics over "
                               f"{r['statistics']['samples']}")
            who = {"caseIndex": index, **shape, "label": label, "backend": r["backend"],
                   "concurrency": r["concurrency"], "cell": r["cell"]}
            vs = r["vsNio"] or {}
            cell_rows.append({**who, "operations": case["operations"], "logicalBytes": case["logicalBytes"],
                              "routeKind": r["route"]["kind"], "routeVia": r["route"]["via"], **r["statistics"],
                              "ratio": vs.get("ratio"), "pValue": vs.get("pValue"), "robust": vs.get("robust")})
            sample_rows.extend({**who, **s} for s in r["samples"])
    cells = pd.DataFrame(cell_rows, columns=CELL_COLUMNS)
    samples = pd.DataFrame(sample_rows, columns=SAMPLE_COLUMNS)
    # Explicit dtypes: an empty run (failed at its first cell) must have the same columns and types as a full one.
    for col in ("caseIndex", "operations", "logicalBytes", "concurrency", "samples"):
        cells[col] = cells[col].astype("int64")
    for col in ("medianNanos", "p90Nanos", "minNanos", "maxNanos", "meanNanos", "operationsPerSecond",
                "mibPerSecond", "cpuMedianNanos", "allocatedMedianBytes", "ratio", "pValue"):
        cells[col] = cells[col].astype("float64")
    cells["robust"] = cells["robust"].astype("boolean")  # <NA> where there is no comparison (nio itself, no nio)
    for col in ("caseIndex", "concurrency", "fork", "iteration", "wallNanos", "bracketNanos", "cpuNanos",
                "allocatedBytes"):
        samples[col] = samples[col].astype("int64")
    samples["warmup"] = samples["warmup"].astype("bool")
    return cells, samples


def measured(samples: pd.DataFrame) -> pd.DataFrame:
    """The samples statistics are computed from (warmups are raw data only)."""
    return samples[~samples["warmup"]]


def default_labels(run: Run) -> list[str]:
    """Labels of backends at their default concurrency (``native``, not ``native-c4``), in run order."""
    defaults = set(run.cells.loc[run.cells["concurrency"] == 0, "label"])
    return [label for label in run.labels if label in defaults]


MODE_ORDER = {"sync": 0, "async": 1}


def _preference(scenario: str, variant: str) -> int:
    # The harness's overview rule (REPORT.md), within one mode: tree-1000, then batch-256, plain variants, then anything.
    plain = variant in PLAIN_VARIANTS
    if scenario == "tree-1000" and plain:
        return 0
    if scenario == "batch-256" and plain:
        return 1
    return 2


def representative_cases(run: Run) -> pd.DataFrame:
    """Each family's overview cases, one per mode it was measured in (sync first), chosen as REPORT.md chooses them.

    Among equally preferred cases the first in matrix order wins, so a quick run and a full run pick the same row.
    """
    cases = run.cells.drop_duplicates("caseIndex")[["caseIndex", "family", "scenario", "variant", "caseLabel", "mode"]]
    cases = cases.assign(rank=[_preference(s, v) for s, v in zip(cases["scenario"], cases["variant"])],
                         modeOrder=cases["mode"].map(MODE_ORDER).fillna(len(MODE_ORDER)))
    best = cases.sort_values(["rank", "caseIndex"], kind="stable").drop_duplicates(["family", "mode"])
    order = {f: i for i, f in enumerate(run.families)}
    best = best.assign(order=best["family"].map(order)).sort_values(["order", "modeOrder"], kind="stable")
    return best.drop(columns=["rank", "order", "modeOrder"]).reset_index(drop=True)


def overview_frame(run: Run) -> pd.DataFrame:
    """Per family and mode, the representative case's ratio against nio for every other backend at its default concurrency.

    Includes rows without a ratio (``ratio`` NaN) so a chart can say "not measured" instead of leaving a silent gap:
    a backend that ran the family in no form of this case, or a case nio did not run.
    """
    rep = representative_cases(run)
    others = [label for label in default_labels(run) if label != BASELINE]
    rows = []
    for _, case in rep.iterrows():
        in_case = run.cells[run.cells["caseIndex"] == case["caseIndex"]].set_index("label")
        nio_median = in_case["medianNanos"].get(BASELINE, float("nan"))
        for label in others:
            row = {"family": case["family"], "caseLabel": case["caseLabel"], "mode": case["mode"], "label": label,
                   "measured": label in in_case.index, "nioMedianNanos": nio_median}
            if label in in_case.index:
                r = in_case.loc[label]
                row.update(medianNanos=r["medianNanos"], ratio=r["ratio"], pValue=r["pValue"], robust=r["robust"],
                           routeKind=r["routeKind"])
            rows.append(row)
    frame = pd.DataFrame(rows, columns=["family", "caseLabel", "mode", "label", "measured", "medianNanos",
                                        "nioMedianNanos", "ratio", "pValue", "robust", "routeKind"])
    frame["ratio"] = frame["ratio"].astype("float64")
    frame["robust"] = frame["robust"].astype("boolean")
    return frame


def sync_async_frame(run: Run) -> pd.DataFrame:
    """Per family (its representative case shape) and default-concurrency label: sync and async medians.

    ``asyncSpeedup`` is the sync median over the async one: above 1 the async form (8 calls in flight) is faster.
    A mode that was not measured leaves its median NaN.
    """
    rep = representative_cases(run).drop_duplicates("family")  # one shape per family: the sync row's, if any
    rows = []
    for _, case in rep.iterrows():
        same_shape = run.cells[(run.cells["family"] == case["family"]) & (run.cells["scenario"] == case["scenario"])
                               & (run.cells["variant"] == case["variant"])]
        for label in default_labels(run):
            mine = same_shape[same_shape["label"] == label].set_index("mode")
            if mine.empty:
                continue
            sync = mine["medianNanos"].get("sync", float("nan"))
            async_ = mine["medianNanos"].get("async", float("nan"))
            rows.append({"family": case["family"], "scenario": case["scenario"], "variant": case["variant"],
                         "caseLabel": case["caseLabel"], "label": label, "syncMedianNanos": sync,
                         "asyncMedianNanos": async_, "asyncSpeedup": sync / async_})
    return pd.DataFrame(rows, columns=["family", "scenario", "variant", "caseLabel", "label", "syncMedianNanos",
                                       "asyncMedianNanos", "asyncSpeedup"])


def concurrency_frame(run: Run) -> pd.DataFrame:
    """Tree-family cells of the backends with explicit concurrency (default, c1, c4, ...) and nio, with ratios."""
    backends = run.concurrency_backends()
    cells = run.cells[run.cells["family"].isin(TREE_FAMILIES) & run.cells["backend"].isin(backends + [BASELINE])]
    return cells.reset_index(drop=True)


def main(argv: list[str]) -> int:
    """Checks a run folder: what it holds goes to stderr, the resolved folder alone to stdout (for run-all.sh)."""
    if len(argv) > 2:
        print("usage: fsbench_results.py [RUN_DIR]", file=sys.stderr)
        return 2
    try:
        run = load_run(find_run(argv[1] if len(argv) == 2 else None))
    except RunError as e:
        print(f"fsbench_results: {e}", file=sys.stderr)
        return 1
    print(run.summary(), file=sys.stderr)
    print(run.folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
