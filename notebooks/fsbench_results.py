"""Reads one fsbench results folder (``run.json``, schema version 3 or 2) into pandas frames for the notebooks.

    import fsbench_results as results
    run = results.load_run(results.find_run())   # $FSBENCH_RUN, else the newest run under results/
    run.cells     # one row per cell and regime (first-use, steady): statistics and comparison flattened
    run.samples   # one row per raw sample, warmups included and marked, with the regimes each one counts in
    run.forks     # one row per fork of a cell: classification, changepoints, steady segment, medians
    results.overview_frame(run, "steady")   # the ratio against nio of each family's representative case
    run.floor_labels  # the floors run beside the backends (``floor``, ``floor-find``): references, never compared

The contract is ``results/run.schema.json`` (explained in ``results/SCHEMA.md``). Version 3 keeps the raw samples in
``samples.jsonl.gz`` beside run.json (one gzipped JSON line per fork of a cell, a column per measure); version 2 kept
them inside run.json. Both read into the same document and frames (``read_document``). A document whose schemaVersion
is not one this module reads, or that breaks the schema in a field the charts read, is refused with the reason: a
changed contract must fail here, loudly, rather than draw charts from fields that mean something else now. Fields
added to schema version 2 after a run was written (or after this checkout) change no chart; they become a note.
Beyond the schema it checks what the schema cannot say: each result is keyed by its own label, each fork's record
matches its samples, each regime's statistics count (and take their medians from) exactly the samples the regime
uses, each verdict follows SCHEMA.md's rule, and the run's verdict counts are the sum of its verdicts.

Column names keep the schema's spelling (``medianNanos``, ``caseLabel``) so a reader can look each one up there;
nested objects are flattened (``routeKind``, ``routeVia``), a regime's ``vsNio`` becomes ``ratio``, ``low``, ``high``,
``pValue``, ``adjustedPValue``, ``verdict``; its distance to the ``floor`` of its case (``vsFloor.floor``, in runs with
floors) becomes ``floorRatio``, ``floorLow``, ``floorHigh``, and a floor's own rows carry its ``timing``. Rows keep run.json's order, which is the harness's matrix order (family,
case, mode, backend, concurrency), a cell's first-use row before its steady row.

Run ``/usr/bin/python3 notebooks/fsbench_results.py [RUN_DIR]`` to check a folder and see what it holds.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import math
import os
import re
import sys
from pathlib import Path
from typing import Any, Optional

import pandas as pd

SCHEMA_VERSION = 3  # written now; version 2 (samples inside run.json) is read too
SCHEMA_VERSIONS = (2, 3)
RUN_FILE = "run.json"
SAMPLE_FORMAT = "fsbench-samples-1"
SAMPLE_COLUMNS_STORED = ("wallNanos", "bracketNanos", "cpuNanos", "allocatedBytes", "gcCount", "gcNanos", "jitNanos")
RUN_ENV = "FSBENCH_RUN"
REPO = Path(__file__).resolve().parent.parent
RESULTS_DIR = REPO / "results"
SCHEMA_FILE = RESULTS_DIR / "run.schema.json"

BASELINE = "nio"
CONTROL = "nio-aa"  # the A/A control: nio measured again in forks of its own
FLOOR = "floor"  # the native library's own loop of the sample's calls: the floor the overview marks
FIRST_USE, STEADY = "first-use", "steady"
REGIMES = (FIRST_USE, STEADY)
VERDICTS = ("faster", "slower", "tie")
TREE_FAMILIES = ("readdir", "glob", "scan", "cp", "rm")
TREE_CONCURRENCY = "TREE_CONCURRENCY"
# Variants that carry no special payload or target: the overview prefers them, as the harness's REPORT.md does.
PLAIN_VARIANTS = frozenset({"buffer", "default", "-"})

STATISTICS = ["samples", "forks", "medianNanos", "forkMedianNanos", "p90Nanos", "minNanos", "maxNanos", "meanNanos",
              "operationsPerSecond", "mibPerSecond", "cpuMedianNanos", "allocatedMedianBytes", "gcSamples"]
COMPARISON = ["ratio", "low", "high", "pValue", "bootstrapPValue", "adjustedPValue", "verdict"]
# A result's distance to its case's ``floor`` (its median over the floor's, with the interval): NaN without a floor.
FLOOR_DISTANCE = ["floorRatio", "floorLow", "floorHigh"]
WHO = ["caseIndex", "family", "scenario", "variant", "caseLabel", "mode", "label", "backend", "concurrency", "control",
       "cell"]
CELL_COLUMNS = [
    "caseIndex", "family", "scenario", "variant", "caseLabel", "mode", "operations", "logicalBytes",
    "label", "backend", "concurrency", "control", "cell", "routeKind", "routeVia",
    "regime", "classification", "forksUsed", "note", *STATISTICS, *COMPARISON, "timing", *FLOOR_DISTANCE,
]
# firstUse / steady: the sample is one the first-use / steady statistics use.
SAMPLE_COLUMNS = [
    *WHO, "fork", "iteration", "warmup", "wallNanos", "bracketNanos", "cpuNanos", "allocatedBytes",
    "gcCount", "gcNanos", "jitNanos", "firstUse", "steady",
]
FORK_COLUMNS = [
    *WHO, "fork", "measured", "classification", "changepoints", "steadyFrom", "firstUseMedianNanos",
    "steadyMedianNanos",
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
    forks: pd.DataFrame
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
    def method(self) -> dict:
        return self.document["settings"]["method"]

    @property
    def verdicts(self) -> dict:
        """Per regime: comparisons, faster, slower, tie, controls, controlsNotTie (as run.json records them)."""
        return self.document["verdicts"]

    @property
    def trees(self) -> dict:
        """The shape of every tree scenario the run measured, by scenario (empty for a run from before shapes)."""
        return self.document.get("trees", {})

    def regime(self, regime: str) -> pd.DataFrame:
        """The cell rows of one regime (``first-use`` or ``steady``), one per cell, in run order."""
        return self.cells[self.cells["regime"] == regime]

    @property
    def families(self) -> list[str]:
        """Families with at least one measured cell, in matrix order."""
        return list(dict.fromkeys(self.cells["family"]))

    @property
    def floor_labels(self) -> list[str]:
        """Labels of the floors (results with a ``timing``), in the order the run met them; empty without floors."""
        return list(dict.fromkeys(self.cells.loc[self.cells["timing"].notna(), "label"]))

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
        samples = (f"{_count(s['warmups'], 'warmup')} + {_samples_per_fork(s)} x "
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
        if self.settings["forks"] < 2 and not self.cells.empty:
            out.append("one fork per cell: the intervals cannot see fork-to-fork variation; read verdicts as "
                       "optimistic")
        for regime in REGIMES:
            v = self.verdicts[regime]
            if v["controlsNotTie"]:
                out.append(f"A/A control, {regime}: {v['controlsNotTie']} of {v['controls']} nio-aa comparisons "
                           "were not tie, so verdicts of that size may be noise")
        steady = self.regime(STEADY)
        lacking = steady[steady["medianNanos"].isna()]
        if not lacking.empty:
            n = len(lacking)
            out.append(f"{n} cell{'s have' if n != 1 else ' has'} no steady state: the steady charts say so where "
                       "they would draw it")
        return out + self.drift

    def summary(self) -> str:
        lines = [self.banner(), f"folder: {self.folder}",
                 f"{len(self.regime(STEADY))} cells, {len(self.families)} families, labels: {', '.join(self.labels) or 'none'}"]
        lines += ["note: " + n for n in self.notes()]
        return "\n".join(lines)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _samples_per_fork(settings: dict) -> str:
    """``10 samples`` for an explicit --samples, else the range of the per-scenario defaults (``30-100 samples``)."""
    if settings["samples"] is not None:
        return _count(settings["samples"], "sample")
    per = sorted(set(settings["samplesPerFork"].values()))
    if not per:
        return "default samples"
    return _count(per[0], "sample") if len(per) == 1 else f"{per[0]}-{per[-1]} samples"


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
    doc, drift = read_document(path, schema_file)
    cells, samples, forks = _frames(doc, path)
    omitted = pd.DataFrame(doc["omitted"], columns=["cell", "reason"])
    return Run(folder=folder.resolve(), document=doc, cells=cells, samples=samples, forks=forks, omitted=omitted,
               drift=drift)


def read_document(path: Path, schema_file: Path = SCHEMA_FILE) -> tuple[dict, list[str]]:
    """run.json checked against the schema as stored, with the samples of a version 3 run put back into each result
    as version 2 held them (``samples``: one object per iteration), so that both forms read alike. Returns the
    document and the notes on drift."""
    doc = _read_json(path)
    drift = check_document(doc, path, schema_file)
    if doc["schemaVersion"] >= 3:
        _attach_samples(doc, path)
    return doc, drift


def _attach_samples(doc: dict, path: Path) -> None:
    """Reads the file ``sampleFile`` names and gives every result its samples; every result must have some, and a
    complete run must account for every line and sample the file holds."""
    named = doc.pop("sampleFile")
    if named["format"] != SAMPLE_FORMAT:
        raise RunError(f"{path} names samples of format {named['format']!r}; this module reads {SAMPLE_FORMAT}")
    file = path.parent / named["name"]
    by_cell: dict[str, list[dict]] = {}
    count = 0
    try:
        with gzip.open(file, "rt", encoding="utf-8") as f:
            for number, text in enumerate(f, 1):
                try:
                    line = json.loads(text)
                    columns = [line[c] for c in SAMPLE_COLUMNS_STORED]
                    cell, fork, warmups = line["cell"], line["fork"], line["warmups"]
                except (json.JSONDecodeError, KeyError, TypeError) as e:
                    raise RunError(f"{file} line {number} is not a sample line: {e}") from None
                if len(line) != len(SAMPLE_COLUMNS_STORED) + 3 or len({len(c) for c in columns}) != 1:
                    raise RunError(f"{file} line {number}: unknown fields or columns of unequal length")
                samples = by_cell.setdefault(cell, [])
                for i, values in enumerate(zip(*columns)):
                    warmup = i < warmups
                    sample = {"fork": fork, "iteration": i if warmup else i - warmups, "warmup": warmup}
                    sample.update(zip(SAMPLE_COLUMNS_STORED, values))
                    samples.append(sample)
                    count += 1
    except FileNotFoundError:
        raise RunError(f"{path} names {named['name']}, which is missing") from None
    except (OSError, EOFError) as e:
        raise RunError(f"cannot read {file}: {e}") from None
    for case in doc["cases"]:
        for r in case["results"].values():
            if r["cell"] not in by_cell:
                raise RunError(f"{file} holds no samples of {r['cell']}")
            r["samples"] = by_cell.pop(r["cell"])
    if doc["complete"] and (by_cell or count != named["samples"]):
        raise RunError(f"{file} does not match {path}: {count} samples where it says {named['samples']}"
                       + (f", and samples of cells it does not list ({next(iter(by_cell))})" if by_cell else ""))


# Every field name the loader reads. A field outside this set that the schema requires and a run lacks (a run written
# before the field was added), or one the schema does not know (a run newer than this checkout), cannot change a
# chart: such drift is reported as a note. Anything else that breaks the schema is refused.
READ_FIELDS = frozenset({
    "schemaVersion", "status", "complete", "failure", "cell", "message", "startedAt", "environment", "git",
    "commit", "dirty", "sandbox", "fileSystemType", "backends", "id", "available", "reason", "capabilities",
    "settings", "warmups", "samples", "samplesPerFork", "forks", "method", "firstUseSamples", "minimumEffect",
    "falseDiscoveryRate", "quick", "verdicts", "comparisons", "faster", "slower", "tie", "controls",
    "controlsNotTie", "first-use", "steady", "cases", "omitted", "family", "scenario", "variant", "caseLabel", "mode",
    "operations", "logicalBytes", "results", "backend", "concurrency", "control", "route", "kind", "via", "regimes",
    "statistics", "classification", "forksUsed", "note", "vsNio", "ratio", "low", "high", "pValue", "bootstrapPValue",
    "adjustedPValue",
    "verdict", "fork", "measured", "changepoints", "steadyFrom", "firstUseMedianNanos", "steadyMedianNanos",
    "iteration", "warmup", "wallNanos", "bracketNanos", "cpuNanos", "allocatedBytes", "gcCount", "gcNanos",
    "jitNanos", "medianNanos", "forkMedianNanos", "p90Nanos", "minNanos", "maxNanos", "meanNanos",
    "operationsPerSecond", "mibPerSecond", "cpuMedianNanos", "allocatedMedianBytes", "gcSamples",
    "trees", "entries", "timing", "vsFloor", "target", "sampleFile", "name", "format", "lines",
})


def check_document(doc: Any, path: Path, schema_file: Path = SCHEMA_FILE) -> list[str]:
    """schemaVersion first (the clearest message for a run of another version), then the whole JSON Schema.

    Returns notes on drift the charts do not depend on (see READ_FIELDS); raises RunError on anything else.
    """
    if not isinstance(doc, dict) or "schemaVersion" not in doc:
        raise RunError(f"{path} is not an fsbench run: it has no schemaVersion")
    if doc["schemaVersion"] not in SCHEMA_VERSIONS:
        raise RunError(f"{path} has schemaVersion {doc['schemaVersion']!r}; these notebooks read schemaVersions "
                       f"{' and '.join(map(str, SCHEMA_VERSIONS))} (results/SCHEMA.md), so draw it with the checkout "
                       "that wrote it")
    # Imported here: only validation needs it, and its absence deserves its own message, not an import traceback.
    try:
        import jsonschema
    except ImportError as e:
        raise RunError("python3-jsonschema is missing (apt-get install python3-jsonschema); run.json cannot be "
                       "checked against results/run.schema.json without it") from e
    validator = jsonschema.Draft202012Validator(_read_json(schema_file))
    hard, missing, unknown = [], set(), set()  # missing and unknown hold (where, field)
    for error in validator.iter_errors(doc):
        error = _closest(error)
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


def _closest(error):
    """For a ``oneOf`` (null or an object), the error of the branch that came closest: the deepest one, and not the
    "is not of type null" of the other branch, so the message names the field that is wrong."""
    while error.context:
        error = max(error.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
    return error


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


def _median(values: list) -> float:
    """SCHEMA.md's median: the middle value, or the mean of the two middle ones for an even count."""
    xs = sorted(values)
    n = len(xs)
    return float(xs[n // 2]) if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def _same(a: float, b: float) -> bool:
    """Equal up to what a JSON round trip of a double can change (the harness and this module compute alike)."""
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6)


def _fork_samples(r: dict, window: int, where: str) -> dict[int, list[dict]]:
    """Per fork record, its measured samples in iteration order, after checking forks[] against samples[]."""
    measured: dict[int, list[dict]] = {}
    for s in r["samples"]:
        if not s["warmup"]:
            measured.setdefault(s["fork"], []).append(s)
    ids = [f["fork"] for f in r["forks"]]
    if len(set(ids)) != len(ids) or set(ids) != set(measured):
        raise RunError(f"{where} has fork records {ids} but measured samples in forks {sorted(measured)}")
    out = {}
    for f in r["forks"]:
        mine = sorted(measured[f["fork"]], key=lambda s: s["iteration"])
        if [s["iteration"] for s in mine] != list(range(len(mine))):
            raise RunError(f"{where}: fork {f['fork']}'s measured iterations are not numbered 0..{len(mine) - 1}")
        if f["measured"] != len(mine):
            raise RunError(f"{where}: fork {f['fork']} says {f['measured']} measured iterations but has {len(mine)}")
        cps = f["changepoints"]
        if cps != sorted(set(cps)) or any(not 0 < c < len(mine) for c in cps):
            raise RunError(f"{where}: fork {f['fork']}'s changepoints {cps} are not ascending indexes inside its "
                           f"{len(mine)} measured iterations")
        start = f["steadyFrom"]
        last = cps[-1] if cps else 0
        if start is not None and not last <= start < len(mine):
            raise RunError(f"{where}: fork {f['fork']}'s steadyFrom {start} is not inside its last segment "
                           f"(iterations {last} to {len(mine) - 1})")
        walls = [s["wallNanos"] for s in mine]
        if not _same(f["firstUseMedianNanos"], _median(walls[:window])):
            raise RunError(f"{where}: fork {f['fork']}'s firstUseMedianNanos {f['firstUseMedianNanos']} is not the "
                           f"median of its first {window} measured samples")
        if start is not None and not _same(f["steadyMedianNanos"], _median(walls[start:])):
            raise RunError(f"{where}: fork {f['fork']}'s steadyMedianNanos {f['steadyMedianNanos']} is not the "
                           f"median of its samples from iteration {start} on")
        out[f["fork"]] = mine
    return out


def _regime_groups(r: dict, per_fork: dict[int, list[dict]], regime: str, window: int) -> list[list[dict]]:
    """Per fork the regime uses, its samples: the first-use window, or the steady segment of forks that have one."""
    if regime == FIRST_USE:
        return [per_fork[f["fork"]][:window] for f in r["forks"]]
    return [per_fork[f["fork"]][f["steadyFrom"]:] for f in r["forks"] if f["steadyFrom"] is not None]


def _check_regime(r: dict, regime: str, groups: list[list[dict]], where: str) -> None:
    g = r["regimes"][regime]
    st = g["statistics"]
    here = f"{where} {regime}"
    if regime == STEADY:
        classes = list(dict.fromkeys(f["classification"] for f in r["forks"]))
        allowed = classes if len(classes) == 1 else ["inconsistent"] + (["no-steady-state"] if st is None else [])
        if g["classification"] not in allowed:
            raise RunError(f"{here} is classified {g['classification']!r} but its forks are {', '.join(classes)} "
                           f"(expected {' or '.join(map(repr, allowed))})")
    if st is None:
        if regime == FIRST_USE:
            raise RunError(f"{here} has no statistics, but every fork has first-use samples")
        if g["note"] is None:
            raise RunError(f"{here} has no statistics and no note saying why")
        if g["forksUsed"] != 0 or g["vsNio"] is not None:
            raise RunError(f"{here} has no statistics but forksUsed {g['forksUsed']} or a comparison against nio")
        return
    if not groups:
        raise RunError(f"{here} has statistics but no fork reached a steady state")
    n = sum(len(x) for x in groups)
    if st["samples"] != n:
        raise RunError(f"{here} uses {n} measured samples (from its forks) but statistics over {st['samples']}")
    if not (g["forksUsed"] == st["forks"] == len(st["forkMedianNanos"]) == len(groups)):
        raise RunError(f"{here}: {len(groups)} forks qualify, but forksUsed {g['forksUsed']}, statistics.forks "
                       f"{st['forks']}, {len(st['forkMedianNanos'])} fork medians")
    medians = [_median([s["wallNanos"] for s in x]) for x in groups]
    if not all(_same(a, b) for a, b in zip(st["forkMedianNanos"], medians)):
        raise RunError(f"{here}: forkMedianNanos {st['forkMedianNanos']} are not the medians {medians} of the "
                       "samples the regime uses")
    if not _same(st["medianNanos"], _median(medians)):
        raise RunError(f"{here}: medianNanos {st['medianNanos']} is not the median of the fork medians")
    marked = sum(1 for x in groups for s in x if s["gcCount"] > 0)
    if st["gcSamples"] != marked:
        raise RunError(f"{here}: gcSamples {st['gcSamples']} but {marked} of its samples had a GC in the bracket")


def _lone_steady_fork(r: dict, nio: dict, regime: str, method: dict) -> bool:
    """Whether a steady comparison has no verdict by the rule of settled forks a side (method.steadyVerdictForks,
    absent before the rule): a side of several forks with fewer settled ones than the rule asks, as the harness's
    Cases.loneSteadyFork decides."""
    need = method.get("steadyVerdictForks")
    if regime != "steady" or need is None:
        return False
    return any(len(side["forks"]) > 1 and side["regimes"]["steady"]["statistics"]["forks"] < need
               for side in (r, nio))


def _check_comparison(r: dict, nio: Optional[dict], regime: str, method: dict, where: str) -> None:
    g = r["regimes"][regime]
    vs = g["vsNio"]
    here = f"{where} {regime}"
    if nio is r or nio is None:
        if vs is not None:
            raise RunError(f"{here} has a comparison against nio, but " + ("it is nio" if nio is r else "nio did not "
                                                                              "run this case"))
        return
    base = nio["regimes"][regime]["statistics"]
    if vs is None:
        if g["statistics"] is not None and base is not None and not _lone_steady_fork(r, nio, regime, method):
            raise RunError(f"{here}: both it and nio have statistics, but there is no comparison")
        if g["note"] is None:
            raise RunError(f"{here} has no comparison against nio and no note saying why")
        return
    if g["statistics"] is None or base is None:
        raise RunError(f"{here} compares against nio although a side has no statistics in this regime")
    if not _same(vs["ratio"], base["medianNanos"] / g["statistics"]["medianNanos"]):
        raise RunError(f"{here}: ratio {vs['ratio']} is not nio's medianNanos over this one's")
    if vs["low"] > vs["high"]:
        raise RunError(f"{here}: the interval [{vs['low']}, {vs['high']}] is upside down")
    if vs["adjustedPValue"] < vs["pValue"] - 1e-12:
        raise RunError(f"{here}: adjustedPValue {vs['adjustedPValue']} is below pValue {vs['pValue']}, which "
                       "Benjamini-Hochberg cannot give")
    effect = 1 + method["minimumEffect"]
    clear = (vs["adjustedPValue"] < method["falseDiscoveryRate"] and (vs["low"] > 1 or vs["high"] < 1)
             and (vs["ratio"] >= effect or vs["ratio"] <= 1 / effect))
    expected = ("faster" if vs["ratio"] > 1 else "slower") if clear else "tie"
    if vs["verdict"] != expected:
        raise RunError(f"{here}: verdict {vs['verdict']!r}, but ratio {vs['ratio']:.4g} [{vs['low']:.4g}, "
                       f"{vs['high']:.4g}] at adjusted p {vs['adjustedPValue']:.4g} makes it {expected!r}")


def _frames(doc: dict, path: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    method = doc["settings"]["method"]
    window = method["firstUseSamples"]  # the first-use regime: this many measured samples of each fork
    counted = {regime: dict.fromkeys(doc["verdicts"][regime], 0) for regime in REGIMES}
    cell_rows, sample_rows, fork_rows = [], [], []
    for index, case in enumerate(doc["cases"]):
        shape = {k: case[k] for k in ("family", "scenario", "variant", "caseLabel", "mode")}
        nio = case["results"].get(BASELINE)
        for label, r in case["results"].items():
            expected = r["backend"] if r["concurrency"] == 0 else f"{r['backend']}-c{r['concurrency']}"
            if label != expected:
                # Every pivot below is keyed by the label; a key that disagrees with its record would mislabel a column.
                raise RunError(f"{path}: case {index} ({case['family']} {case['caseLabel']} {case['mode']}) keys "
                               f"backend {r['backend']} at concurrency {r['concurrency']} as {label!r}, not {expected!r}")
            where = f"{path}: cell {r['cell']}"
            if r["control"] != (r["backend"] == CONTROL):
                raise RunError(f"{where} has control {str(r['control']).lower()}; only {CONTROL} is a control")
            timing = r.get("timing")  # optional: present on a floor's result only
            if timing is not None and any(r["regimes"][g]["vsNio"] is not None for g in REGIMES):
                raise RunError(f"{where} is a floor ({timing}) compared with nio: a floor is a reference, never "
                               "compared")
            per_fork = _fork_samples(r, window, where)
            who = {"caseIndex": index, **shape, "label": label, "backend": r["backend"],
                   "concurrency": r["concurrency"], "control": r["control"], "cell": r["cell"]}
            steady_from = {}
            for regime in REGIMES:
                groups = _regime_groups(r, per_fork, regime, window)
                _check_regime(r, regime, groups, where)
                if timing is None:  # a floor is compared with nothing (checked above)
                    _check_comparison(r, nio, regime, method, where)
                g = r["regimes"][regime]
                vs = g["vsNio"]
                if vs is not None:
                    tally = counted[regime]
                    if r["control"]:
                        tally["controls"] += 1
                        tally["controlsNotTie"] += vs["verdict"] != "tie"
                    else:
                        tally["comparisons"] += 1
                        tally[vs["verdict"]] += 1
                if regime == STEADY and g["statistics"] is not None:
                    steady_from = {f["fork"]: f["steadyFrom"] for f in r["forks"] if f["steadyFrom"] is not None}
                floor = (g.get("vsFloor") or {}).get(FLOOR)  # optional: in cases with a floor only
                distance = {} if floor is None else {"floorRatio": floor["ratio"], "floorLow": floor["low"],
                                                     "floorHigh": floor["high"]}
                cell_rows.append({**who, "operations": case["operations"], "logicalBytes": case["logicalBytes"],
                                  "routeKind": r["route"]["kind"], "routeVia": r["route"]["via"], "regime": regime,
                                  "classification": g["classification"], "forksUsed": g["forksUsed"],
                                  "note": g["note"], **(g["statistics"] or {}), **(vs or {}), "timing": timing,
                                  **distance})
            for s in r["samples"]:
                start = steady_from.get(s["fork"])
                sample_rows.append({**who, **s, "firstUse": not s["warmup"] and s["iteration"] < window,
                                    "steady": not s["warmup"] and start is not None and s["iteration"] >= start})
            fork_rows.extend({**who, **f} for f in r["forks"])
    for regime in REGIMES:
        recorded = doc["verdicts"][regime]
        wrong = [f"{k} {recorded[k]} (the cells say {counted[regime][k]})" for k in recorded
                 if recorded[k] != counted[regime][k]]
        if wrong:
            raise RunError(f"{path}: verdicts.{regime} does not add up: " + ", ".join(wrong))
    cells = pd.DataFrame(cell_rows, columns=CELL_COLUMNS)
    samples = pd.DataFrame(sample_rows, columns=SAMPLE_COLUMNS)
    forks = pd.DataFrame(fork_rows, columns=FORK_COLUMNS)
    # Explicit dtypes: an empty run (failed at its first cell) must have the same columns and types as a full one,
    # and a regime without statistics leaves its counts <NA>, not a float.
    for col in ("caseIndex", "operations", "logicalBytes", "concurrency", "forksUsed"):
        cells[col] = cells[col].astype("int64")
    for col in ("samples", "forks", "gcSamples"):
        cells[col] = cells[col].astype("Int64")
    for col in ("medianNanos", "p90Nanos", "minNanos", "maxNanos", "meanNanos", "operationsPerSecond",
                "mibPerSecond", "cpuMedianNanos", "allocatedMedianBytes", "ratio", "low", "high", "pValue",
                "adjustedPValue", *FLOOR_DISTANCE):
        cells[col] = cells[col].astype("float64")
    cells["control"] = cells["control"].astype("bool")
    for col in ("caseIndex", "concurrency", "fork", "iteration", "wallNanos", "bracketNanos", "cpuNanos",
                "allocatedBytes", "gcCount", "gcNanos", "jitNanos"):
        samples[col] = samples[col].astype("int64")
    for col in ("warmup", "control", "firstUse", "steady"):
        samples[col] = samples[col].astype("bool")
    for col in ("caseIndex", "concurrency", "fork", "measured"):
        forks[col] = forks[col].astype("int64")
    forks["steadyFrom"] = forks["steadyFrom"].astype("Int64")
    forks["control"] = forks["control"].astype("bool")
    for col in ("firstUseMedianNanos", "steadyMedianNanos"):
        forks[col] = forks[col].astype("float64")
    return cells, samples, forks


def measured(samples: pd.DataFrame) -> pd.DataFrame:
    """The samples statistics are computed from (warmups are raw data only)."""
    return samples[~samples["warmup"]]


def steady(samples: pd.DataFrame) -> pd.DataFrame:
    """The samples the steady statistics use (each fork's steady segment, in cells that have a steady state)."""
    return samples[samples["steady"]]


def regime_samples(samples: pd.DataFrame, regime: str) -> pd.DataFrame:
    """The samples the statistics of ``regime`` use."""
    return samples[samples["steady" if regime == STEADY else "firstUse"]]


def default_labels(run: Run, controls: bool = True) -> list[str]:
    """Labels of backends at their default concurrency (``native``, not ``native-c4``), in run order; the A/A control
    ``nio-aa`` last, or left out with ``controls=False``. Floors are references, not backends: never among them."""
    defaults = set(run.cells.loc[run.cells["concurrency"] == 0, "label"])
    control = set(run.cells.loc[run.cells["control"], "label"])
    floors = set(run.floor_labels)
    return ([label for label in run.labels if label in defaults and label not in control | floors]
            + ([label for label in run.labels if label in control] if controls else []))


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


OVERVIEW_COLUMNS = ["family", "caseLabel", "mode", "label", "control", "measured", "medianNanos", "nioMedianNanos",
                    "ratio", "low", "high", "adjustedPValue", "verdict", "classification", "note", "nioNote",
                    "routeKind", "nioVsFloor"]


def overview_frame(run: Run, regime: str = STEADY) -> pd.DataFrame:
    """Per family and mode, the representative case's ratio against nio in ``regime`` for every other backend at its
    default concurrency, the A/A control included where it ran (``control`` true, after the backends).

    Includes rows without a ratio (``ratio`` NaN) so a chart can say why instead of leaving a silent gap: a backend
    that ran the family in no form of this case (``measured`` false), a side without statistics in this regime
    (``note`` or ``nioNote`` says why, e.g. no steady state), or a case nio did not run.

    ``nioVsFloor``, the same in every row of a case, is nio's median over the case's ``floor``'s: where a backend as
    fast as the floor would stand on the ratio axis (NaN in a case without a floor figure in this regime).
    """
    rep = representative_cases(run)
    others = [label for label in default_labels(run) if label != BASELINE]
    cells = run.regime(regime)
    rows = []
    for _, case in rep.iterrows():
        in_case = cells[cells["caseIndex"] == case["caseIndex"]].set_index("label")
        nio = in_case.loc[BASELINE] if BASELINE in in_case.index else None
        for label in others:
            row = {"family": case["family"], "caseLabel": case["caseLabel"], "mode": case["mode"], "label": label,
                   "control": label in set(run.cells.loc[run.cells["control"], "label"]),
                   "measured": label in in_case.index,
                   "nioMedianNanos": float("nan") if nio is None else nio["medianNanos"],
                   "nioNote": None if nio is None else nio["note"],
                   "nioVsFloor": float("nan") if nio is None else nio["floorRatio"]}
            if row["control"] and not row["measured"]:
                continue  # controls run in some cases only (settings.method.controlCases): no "not measured" for them
            if label in in_case.index:
                r = in_case.loc[label]
                row.update({k: r[k] for k in ("medianNanos", "ratio", "low", "high", "adjustedPValue", "verdict",
                                              "classification", "note", "routeKind")})
            rows.append(row)
    frame = pd.DataFrame(rows, columns=OVERVIEW_COLUMNS)
    for col in ("medianNanos", "nioMedianNanos", "ratio", "low", "high", "adjustedPValue", "nioVsFloor"):
        frame[col] = frame[col].astype("float64")
    frame["control"] = frame["control"].astype("bool")
    frame["measured"] = frame["measured"].astype("bool")
    return frame


def sync_async_frame(run: Run) -> pd.DataFrame:
    """Per family (its representative case shape) and backend label at its default concurrency (the A/A control left
    out): the steady sync and async medians.

    ``asyncSpeedup`` is the sync median over the async one: above 1 the async form (8 calls in flight) is faster.
    A mode that was not measured (``syncMeasured``/``asyncMeasured`` false), or has no steady state, leaves its
    median NaN.
    """
    rep = representative_cases(run).drop_duplicates("family")  # one shape per family: the sync row's, if any
    cells = run.regime(STEADY)
    rows = []
    for _, case in rep.iterrows():
        same_shape = cells[(cells["family"] == case["family"]) & (cells["scenario"] == case["scenario"])
                           & (cells["variant"] == case["variant"])]
        for label in default_labels(run, controls=False):
            mine = same_shape[same_shape["label"] == label].set_index("mode")
            if mine.empty:
                continue
            sync = mine["medianNanos"].get("sync", float("nan"))
            async_ = mine["medianNanos"].get("async", float("nan"))
            rows.append({"family": case["family"], "scenario": case["scenario"], "variant": case["variant"],
                         "caseLabel": case["caseLabel"], "label": label, "syncMeasured": "sync" in mine.index,
                         "asyncMeasured": "async" in mine.index, "syncMedianNanos": sync,
                         "asyncMedianNanos": async_, "asyncSpeedup": sync / async_})
    return pd.DataFrame(rows, columns=["family", "scenario", "variant", "caseLabel", "label", "syncMeasured",
                                       "asyncMeasured", "syncMedianNanos", "asyncMedianNanos", "asyncSpeedup"])


def concurrency_frame(run: Run, regime: str = STEADY) -> pd.DataFrame:
    """Tree-family cells (rows of ``regime``) of the backends with explicit concurrency (default, c1, c4, ...) and
    nio, with their ratios."""
    backends = run.concurrency_backends()
    cells = run.regime(regime)
    cells = cells[cells["family"].isin(TREE_FAMILIES) & cells["backend"].isin(backends + [BASELINE])]
    return cells.reset_index(drop=True)


# The warm-up chart's cells: per family (in this order) its representative case in sync mode, as REPORT.md picks it:
# readdir tree-1000, stat batch-256 default, readlink batch-256, writeFile batch-256 buffer. Families in between
# cost (readdir), metadata (stat), a cheap call (readlink) and a payload (writeFile).
WARMUP_FAMILIES = ("readdir", "stat", "readlink", "writeFile")
WARMUP_CASES = 4


def warmup_cases(run: Run) -> pd.DataFrame:
    """The cases the warm-up chart draws, at most ``WARMUP_CASES``.

    The rule: each family of WARMUP_FAMILIES the run measured, in that order, at its representative case, sync mode
    if the run measured it (else async). A run lacking some of them fills up with its other families, in matrix
    order, chosen the same way, so every run gets a warm-up chart of the families it has.
    """
    rep = representative_cases(run)
    if rep.empty:
        return rep
    per_family = rep.drop_duplicates("family")  # the sync row where there is one: representative_cases sorts sync first
    order = [f for f in WARMUP_FAMILIES if f in set(per_family["family"])]
    order += [f for f in per_family["family"] if f not in order]
    chosen = per_family.set_index("family").loc[order[:WARMUP_CASES]].reset_index()
    return chosen[rep.columns]


# ----------------------------------------------------------------------------------------------------- size sweep

SYNTHETIC = re.compile(r"tree-(\d+)(k?)")
SWEEP_MIN_SIZES = 3  # a family with fewer synthetic sizes is no sweep (a standard run has tree-4 and tree-1000)
NATIVE = "native"


def synthetic_files(scenario: str) -> Optional[int]:
    """The files of a synthetic tree scenario (``tree-4000``: 4000, ``tree-156k``: 156000), None for another one."""
    m = SYNTHETIC.fullmatch(scenario)
    if not m:
        return None
    return int(m.group(1)) * (1000 if m.group(2) else 1)


def entries_of(run: Run, scenario: str) -> int:
    """A tree scenario's entries: run.json's shape, else its files (a run from before the shapes)."""
    shape = run.trees.get(scenario)
    return shape["entries"] if shape else (synthetic_files(scenario) or 0)


def target_of(run: Run) -> str:
    """The backend the run's report studies (``settings.target``, ``--target``); native for a run that names none."""
    return run.settings.get("target") or NATIVE


SCALING_COLUMNS = ["family", "mode", "scenario", "entries", "label", "timing", "medianNanos", "forkMinNanos",
                   "forkMaxNanos", "ratio", "low", "high", "verdict", "note", "floorRatio", "floorLow", "floorHigh"]


def scaling_frame(run: Run, regime: str = STEADY) -> pd.DataFrame:
    """The size sweep in ``regime``: per tree family, mode, synthetic size and backend label at its default
    concurrency (the A/A control left out), its entries, median and the range of its fork medians, its comparison
    against nio and its distance to the size's ``floor``. The floors' own rows are there too, marked by their
    ``timing`` (no comparison: a floor is a reference). Only families and modes with at least SWEEP_MIN_SIZES sizes
    that both nio and the run's target (``target_of``) ran count; rows keep run order within a size, sizes ascend by
    entries.
    """
    target = target_of(run)
    cells = run.regime(regime)
    cells = cells[cells["scenario"].map(lambda s: synthetic_files(s) is not None) & (cells["concurrency"] == 0)
                  & ~cells["control"]]
    rows = []
    for (family, mode), group in cells.groupby(["family", "mode"], sort=False):
        both = [s for s in dict.fromkeys(group["scenario"])
                if {BASELINE, target} <= set(group.loc[group["scenario"] == s, "label"])]
        if len(both) < SWEEP_MIN_SIZES:
            continue
        for scenario in sorted(both, key=lambda s: entries_of(run, s)):
            for _, r in group[group["scenario"] == scenario].iterrows():
                medians = r["forkMedianNanos"] if isinstance(r["forkMedianNanos"], list) else []
                rows.append({"family": family, "mode": mode, "scenario": scenario,
                             "entries": entries_of(run, scenario), "label": r["label"], "timing": r["timing"],
                             "medianNanos": r["medianNanos"],
                             "forkMinNanos": min(medians) if medians else float("nan"),
                             "forkMaxNanos": max(medians) if medians else float("nan"),
                             "ratio": r["ratio"], "low": r["low"], "high": r["high"], "verdict": r["verdict"],
                             "note": r["note"], "floorRatio": r["floorRatio"], "floorLow": r["floorLow"],
                             "floorHigh": r["floorHigh"]})
    frame = pd.DataFrame(rows, columns=SCALING_COLUMNS)
    for col in ("medianNanos", "forkMinNanos", "forkMaxNanos", "ratio", "low", "high") + tuple(FLOOR_DISTANCE):
        frame[col] = frame[col].astype("float64")
    frame["entries"] = frame["entries"].astype("int64")
    return frame


CROSSOVER_COLUMNS = ["family", "mode", "sizes", "from", "entries", "ratio", "low", "high", "floorRatio", "floorLow",
                     "floorHigh", "verdicts"]


def crossover_table(run: Run) -> pd.DataFrame:
    """Per family and mode of the sweep, where the run's target (native unless ``--target`` named another) starts to
    win, steady regime (REPORT.md's rule, in dev.fsbench.harness.report.Crossover): the smallest size from which its
    verdict against nio is faster there and at every larger size that has a comparison (a size without one is passed
    over). ``from`` is None (and the figures NaN) when it is not faster at the largest decided size. ``floorRatio``,
    ``floorLow``, ``floorHigh`` are its distance to the ``floor`` there (NaN without one). ``verdicts`` lists each
    size's verdict, smallest first, as ``"4 tie, 16 faster"``.
    """
    frame = scaling_frame(run, STEADY)
    target = target_of(run)
    rows = []
    for (family, mode), group in frame.groupby(["family", "mode"], sort=False):
        mine = group[group["label"] == target].reset_index(drop=True)
        chosen = None
        for i in range(len(mine) - 1, -1, -1):
            verdict = mine.loc[i, "verdict"]
            if not isinstance(verdict, str):
                continue
            if verdict != "faster":
                break
            chosen = mine.loc[i]
        verdicts = ", ".join(f"{synthetic_files(s)} {v if isinstance(v, str) else 'no steady comparison'}"
                             for s, v in zip(mine["scenario"], mine["verdict"]))
        rows.append({"family": family, "mode": mode, "sizes": len(mine),
                     "from": None if chosen is None else chosen["scenario"],
                     "entries": None if chosen is None else int(chosen["entries"]),
                     "ratio": float("nan") if chosen is None else chosen["ratio"],
                     "low": float("nan") if chosen is None else chosen["low"],
                     "high": float("nan") if chosen is None else chosen["high"],
                     **{k: float("nan") if chosen is None else chosen[k] for k in FLOOR_DISTANCE},
                     "verdicts": verdicts})
    return pd.DataFrame(rows, columns=CROSSOVER_COLUMNS)


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
