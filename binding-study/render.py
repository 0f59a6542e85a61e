#!/usr/bin/env python3
"""Renders a binding-study JMH JSON result into binding-study/README.md, between its markers.

    render.py RESULTS.json README.md      rewrite the blocks between the markers in README.md
    render.py RESULTS.json --stdout       print the blocks instead
    render.py RESULTS.json --smoke        print them from a smoke run (run.sh --smoke: one sample a fork), the
                                          rare calls' settled window shortened to what the forks have

RESULTS.json is JMH's own (-rf json). Its steady-state benchmarks (AverageTime) fill the block between
binding-study:results markers; its rare-call benchmark (RareCallBenchmark, SingleShotTime) the block between
binding-study:rare-calls markers; a result with only one kind leaves the other block as it is. If RESULTS.env sits
beside it (run.sh writes one: key=value lines), each block's first line says on what the figures were measured.
Standard library only.
"""
import json
import math
import os
import sys

BEGIN = "<!-- binding-study:results:begin -->"
END = "<!-- binding-study:results:end -->"
RARE_BEGIN = "<!-- binding-study:rare-calls:begin -->"
RARE_END = "<!-- binding-study:rare-calls:end -->"
PACKAGE = "dev.fsbench.bindingstudy."

SHAPES = [
    ("EmptyCallBenchmark", "empty call: `fsb_abi_version()`"),
    ("PathArgumentBenchmark", "one path, no syscall: `strlen`"),
    ("AccessBenchmark", "one path, one syscall: `fsb_access(path, F_OK)`"),
    ("TwoPathArgumentsBenchmark", "two paths, no syscall: `strcmp`"),
    ("RenameBenchmark", "two paths, one syscall: `fsb_rename(a, b)`, b a link to a"),
    ("ReadFileBenchmark", "4 KiB result: `fsb_read_file`"),
]
ENCODING = "PathEncodingBenchmark"
BINDINGS = [
    ("jna", "JNA"),
    ("jnrFfi", "jnr-ffi"),
    ("ffm", "FFM plain"),
    ("ffmArena", "FFM plain, arena per call"),
    ("ffmReusedCopy", "FFM plain, reused segment, bytes copied"),
    ("ffmReusedSetString", "FFM plain, reused segment, setString"),
    ("ffmCritical", "FFM critical, heap segment"),
]
# The empty call of the same binding: what is left when the dispatch is taken off.
DISPATCH = {"jna": "jna", "jnrFfi": "jnrFfi", "ffmArena": "ffm", "ffmReusedCopy": "ffm", "ffmReusedSetString": "ffm",
            "ffmCritical": "ffmCritical"}
# NIO's call that does the binding rows' work, per shape.
NIO = {"AccessBenchmark": "nioCheckAccess", "RenameBenchmark": "nioAtomicMove", "ReadFileBenchmark": "nioReadAllBytes"}
NAMES = ["ascii", "utf8", "not-utf8"]
CRITICAL_BEGIN = "<!-- binding-study:critical-gc:begin -->"
CRITICAL_END = "<!-- binding-study:critical-gc:end -->"
CRITICAL = "CriticalGcBenchmark"
RARE = "RareCallBenchmark"
# Its rows, in the table's order, with what each times.
RARE_ROWS = [
    ("nio", "NIO `checkAccess`: the nio backend's access"),
    ("nativeBackend", "the `native` (JNA) backend's access"),
    ("ffmBackend", "the `native-ffm` backend's access"),
    ("pathToString", "`toString()` of a path never printed before"),
    ("pathBytes", "`PathBytes.argument` of it: toString and encoding"),
    ("jnaPreEncoded", "JNA `fsb_access`, the bytes made before"),
    ("ffmCriticalPreEncoded", "FFM critical `fsb_access`, heap segment over the bytes made before"),
    ("ffmPlainPreEncoded", "FFM plain `fsb_access`, the bytes already off-heap"),
    ("ffmPlainCopied", "FFM plain `fsb_access`, the bytes copied off-heap first"),
]
# A fork's figure: the median of its samples from this one on (1-based), the settled part of a fork of 100.
RARE_SETTLED_FROM = 51


class Score:
    def __init__(self, mean, error):
        self.mean = mean
        self.error = error  # JMH's half-width of the 99.9% interval; NaN with a single iteration

    def minus(self, other):
        return Score(self.mean - other.mean, math.sqrt(self.error ** 2 + other.error ** 2))


def number(x):
    return f"{x:.0f}" if abs(x) >= 100 else f"{x:.1f}"


def cell(score, approx=False):
    if score is None:
        return "—"
    if math.isnan(score.error):
        return number(score.mean)
    return f"{number(score.mean)} ± {'≈' if approx else ''}{number(score.error)}"


def load(path):
    with open(path, encoding="utf-8") as f:
        runs = json.load(f)
    if not isinstance(runs, list):
        raise ValueError(f"{path}: not a JMH JSON result (a list of benchmarks)")
    scores = {}  # (class, method, name) -> Score
    settings = set()
    rare = {}  # method -> [[sample ns, ...] per fork]
    rare_settings = set()
    critical = {}  # (group, size) -> {secondary metric: Score}
    critical_settings = set()
    for run in runs:
        benchmark = run["benchmark"]
        if not benchmark.startswith(PACKAGE):
            raise ValueError(f"{path}: {benchmark} is not a benchmark of the binding study")
        cls, method = benchmark[len(PACKAGE):].rsplit(".", 1)
        metric = run["primaryMetric"]
        if metric["scoreUnit"] != "ns/op":
            raise ValueError(f"{path}: {benchmark} is in {metric['scoreUnit']}, the study reports ns/op")
        if cls == CRITICAL:
            # JMH sums an EVENTS counter over every iteration of every fork: the per-iteration values are its rawData.
            critical[(method, int(run["params"]["size"]))] = {
                name: (Score(float(m["score"]), float("nan") if m["scoreError"] in (None, "NaN")
                             else float(m["scoreError"])),
                       [v for fork in m.get("rawData", []) for v in fork])
                for name, m in run["secondaryMetrics"].items()}
            critical_settings.add((run["forks"], run["measurementIterations"], run["measurementTime"],
                                   run["jdkVersion"]))
            continue
        if cls == RARE:
            if run["mode"] != "ss":
                raise ValueError(f"{path}: {benchmark} ran in mode {run['mode']}, not single shots (ss)")
            forks = metric["rawData"]
            if any(len(f) < RARE_SETTLED_FROM for f in forks):
                raise ValueError(f"{path}: {benchmark} has forks of fewer than {RARE_SETTLED_FROM} samples")
            rare[method] = forks
            rare_settings.add((run["forks"], run["warmupIterations"], run["measurementIterations"],
                               run["jdkVersion"]))
            continue
        error = metric["scoreError"]
        error = float("nan") if error in (None, "NaN") else float(error)
        name = run.get("params", {}).get("name", "ascii")
        scores[(cls, method, name)] = Score(float(metric["score"]), error)
        settings.add((run["forks"], run["measurementIterations"], run["measurementTime"], run["jdkVersion"]))
    return scores, settings, rare, rare_settings, critical, critical_settings


def median(values):
    ordered = sorted(values)
    n = len(ordered)
    return ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2


def us(ns):
    return f"{ns / 1000:.2f}"


def rare_figure(forks):
    """The median over forks of each fork's median of its settled samples, and those fork medians."""
    per_fork = [median(f[RARE_SETTLED_FROM - 1:]) for f in forks]
    return median(per_fork), per_fork


def rare_block(results, rare, rare_settings):
    out = [RARE_BEGIN, ""]
    runs = "; ".join(f"{f} forks × {w} warmups and {i} single shots, JDK {j}"
                     for f, w, i, j in sorted(rare_settings))
    out.append(provenance(results, runs))
    out.append(f"µs per call: each fork's median of its samples {RARE_SETTLED_FROM} to the last, then the median "
               "of those over the forks, with their range; and each fork's first sample (the binding's first "
               "call: loading and linking), median over the forks.")
    out.append("")
    rows = []
    figures = {}
    for method, label in RARE_ROWS + [(m, f"`{m}`") for m in sorted(rare) if m not in dict(RARE_ROWS)]:
        if method not in rare:
            continue
        figure, per_fork = rare_figure(rare[method])
        figures[method] = figure
        first = median([f[0] for f in rare[method]])
        rows.append([f"`{method}`", label, us(figure), f"{us(min(per_fork))} – {us(max(per_fork))}", us(first)])
    out += table(["row", "what it times", "µs, settled", "fork range", "µs, first call"],
                 ["---", "---", "---:", "---:", "---:"], rows)
    parts = []
    for backend, call in (("nativeBackend", "jnaPreEncoded"), ("ffmBackend", "ffmCriticalPreEncoded")):
        need = [backend, call, "pathToString", "pathBytes", "nio"]
        if all(m in figures for m in need):
            f = figures
            parts.append([f"`{backend}`", us(f[backend]), us(f["pathToString"]),
                          us(f["pathBytes"] - f["pathToString"]), us(f[call]),
                          us(f[backend] - f["pathBytes"] - f[call]), us(f["nio"]),
                          f"{f[backend] / f['nio']:.2f}x"])
    if parts:
        out.append("")
        out.append("**What a backend's rare call is made of** (µs, differences of the settled figures above; "
                   "the rest is the backend's own Java around the call):")
        out.append("")
        out += table(["backend", "whole call", "toString", "encoding", "downcall with its syscall", "the rest",
                      "NIO's whole call", "backend over NIO"], ["---"] + ["---:"] * 7, parts)
    out += ["", RARE_END]
    return "\n".join(out)


def environment(results):
    env = os.path.splitext(results)[0] + ".env"
    if not os.path.exists(env):
        return {}
    out = {}
    with open(env, encoding="utf-8") as f:
        for line in f:
            if "=" in line:
                key, value = line.rstrip("\n").split("=", 1)
                out[key] = value
    return out


def provenance(results, runs):
    """A block's first line: which result, measured how (runs), on what (the .env beside it)."""
    what = ", ".join(f"{k} {v}" for k, v in environment(results).items())
    return (f"Measured by `binding-study/run.sh` into `results/{os.path.basename(results)}` ({runs})"
            + (f"; {what}." if what else "."))


def table(header, align, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def shape_rows(scores):
    classes = [c for c, _ in SHAPES]
    known = dict(SHAPES)
    extra = sorted({c for c, _, _ in scores if c not in classes and c != ENCODING})
    rows = []
    for cls in classes + extra:
        for name in NAMES + sorted({n for c, _, n in scores if c == cls and n not in NAMES}):
            methods = {m: s for (c, m, n), s in scores.items() if c == cls and n == name}
            if not methods:
                continue
            label = known.get(cls, f"`{cls}`") + ("" if name == "ascii" else f" ({name})")
            others = "; ".join(f"{m} {cell(s)}" for m, s in sorted(methods.items())
                               if m not in dict(BINDINGS))
            rows.append([label] + [cell(methods.get(m)) for m, _ in BINDINGS] + [others or "—"])
    return rows


def part_rows(scores):
    def get(cls, method):
        return scores.get((cls, method, "ascii"))

    def diff(a, b):
        return a.minus(b) if a is not None and b is not None else None

    rows = []
    for method, label in BINDINGS:
        if method == "ffm":
            continue
        empty = get("EmptyCallBenchmark", DISPATCH[method])
        strlen = get("PathArgumentBenchmark", method)
        strcmp = get("TwoPathArgumentsBenchmark", method)
        access = get("AccessBenchmark", method)
        rename = get("RenameBenchmark", method)
        read = get("ReadFileBenchmark", method)
        rows.append([label, cell(empty), cell(diff(strlen, empty), True), cell(diff(strcmp, strlen), True),
                     cell(diff(access, strlen), True), cell(diff(rename, strcmp), True)]
                    + [cell(diff(row, get(cls, NIO[cls])), True)
                       for cls, row in (("AccessBenchmark", access), ("RenameBenchmark", rename),
                                        ("ReadFileBenchmark", read))])
    return rows


def encoding_rows(scores):
    methods = sorted({m for c, m, _ in scores if c == ENCODING})
    return [[f"`{m}`"] + [cell(scores.get((ENCODING, m, n))) for n in NAMES] for m in methods]


def critical_block(results, critical, critical_settings):
    out = [CRITICAL_BEGIN, ""]
    runs = "; ".join(f"{f} forks × {i} iterations of {t}, JDK {j}" for f, i, t, j in sorted(critical_settings))
    out.append(provenance(results, runs))
    out.append("The read's and the allocation's mean time ± JMH's 99.9% half-width; the safepoints of an "
               "iteration (the median iteration); the mean time to reach one and the share that took over "
               "100 µs, over every iteration; the slowest reach of the median iteration, and of all.")
    out.append("")
    rows = []
    for size in sorted({s for _, s in critical}):
        for group in ("critical", "plain"):
            m = critical.get((group, size))
            if m is None:
                continue
            allocate = m.get("allocateBeside" + group.capitalize())
            reached = sum(m["safepoints"][1])
            mean_wait = sum(m["reachMicros"][1]) / reached if reached else float("nan")
            share = 100 * sum(m["slowReaches"][1]) / reached if reached else float("nan")
            slowest = m["slowestReachMicros"][1]
            rows.append([f"{size:,}", group, cell(m[group][0]), cell(allocate[0] if allocate else None),
                         f"{median(m['safepoints'][1]):.0f}", f"{mean_wait:.0f}", f"{share:.0f}%",
                         f"{median(slowest):,.0f} / {max(slowest):,.0f}"])
    out += table(["file bytes", "read", "read ns", "64 KiB allocation ns beside it", "safepoints a second",
                  "mean µs to reach", "over 100 µs", "slowest µs: median iteration / all"],
                 ["---:", "---", "---:", "---:", "---:", "---:", "---:", "---:"], rows)
    out += ["", CRITICAL_END]
    return "\n".join(out)


def blocks(results):
    """The blocks the result has data for: {(begin marker, end marker): text}."""
    scores, settings, rare, rare_settings, critical, critical_settings = load(results)
    out = {}
    if critical:
        out[(CRITICAL_BEGIN, CRITICAL_END)] = critical_block(results, critical, critical_settings)
    if scores:
        out[(BEGIN, END)] = block(results, scores, settings)
    if rare:
        out[(RARE_BEGIN, RARE_END)] = rare_block(results, rare, rare_settings)
    if not out:
        raise ValueError("no benchmark in it")
    return out


def block(results, scores, settings):
    out = [BEGIN, ""]
    runs = "; ".join(f"{f} forks × {i} iterations of {t}, JDK {j}" for f, i, t, j in sorted(settings))
    out.append(provenance(results, runs))
    out.append("Mean ns per call ± the half-width of JMH's 99.9% interval; differences of two rows carry "
               "≈ the root of the sum of their squared half-widths.")
    out.append("")
    out.append("**The calls** (ns/op; the path is the `ascii` fixture's unless a row names another):")
    out.append("")
    out += table(["shape"] + [label for _, label in BINDINGS] + ["NIO, and the rows of one shape only"],
                 ["---"] + ["---:"] * len(BINDINGS) + ["---"], shape_rows(scores))
    out.append("")
    out.append("**What each part costs** (ns, differences of the rows above; the dispatch is the empty call "
               "of the same kind of handle):")
    out.append("")
    out += table(["binding", "dispatch", "1st path (strlen − empty)", "2nd path (strcmp − strlen)",
                  "access(2) (access − strlen)", "rename(2) (rename − strcmp)", "access above NIO checkAccess",
                  "rename above NIO move", "read 4 KiB above NIO readAllBytes"],
                 ["---"] + ["---:"] * 8, part_rows(scores))
    encodings = encoding_rows(scores)
    if encodings:
        out.append("")
        out.append("**The path's encoding** (ns/op, no call; for `not-utf8` only `pathBytesArgument`, "
                   "`pathBytesFromUri` and `unixPathField` give the right bytes):")
        out.append("")
        out += table(["encoding"] + NAMES, ["---"] + ["---:"] * len(NAMES), encodings)
    out += ["", END]
    return "\n".join(out)


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    results, target = argv[1], argv[2]
    global RARE_SETTLED_FROM
    if target == "--smoke":  # every benchmark ran once: check the shape, not the numbers
        RARE_SETTLED_FROM = 1
    try:
        rendered = blocks(results)
    except (OSError, ValueError, KeyError, TypeError) as e:  # json.JSONDecodeError is a ValueError
        sys.exit(f"render.py: {results}: cannot render: {e!r}")
    if target in ("--stdout", "--smoke"):
        print("\n\n".join(rendered.values()))
        return
    with open(target, encoding="utf-8") as f:
        text = f.read()
    for (begin, end_marker), block_text in rendered.items():
        start, end = text.find(begin), text.find(end_marker)
        if start < 0 or end < start:
            sys.exit(f"{target}: no {begin} ... {end_marker} block to replace")
        text = text[:start] + block_text + text[end + len(end_marker):]
    with open(target, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{target}: the tables of {results}")


if __name__ == "__main__":
    main(sys.argv)
