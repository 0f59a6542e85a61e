#!/usr/bin/env python3
"""How long the machine's state lasts: the shift two runs' cases share, against the time between cases.

    scripts/case-drift.py RUN_A RUN_B [--regime steady|first-use]

RUN_A and RUN_B are results folders (or their run.json) of the same matrix. For every case measured in both, its
shift is the mean over its backends of log(B / A) of their figures in the regime (floors left out). `fsbench compare`
reports how much of the figures' differences these shifts explain (its drift line); this prints what compare does
not: how the shifts correlate with the shifts of the cases that ran near them, by distance in run order, once for
neighbours of the same family and once for neighbours of different families. If the shifts were a property of the
case (its code, its fixtures), only the same family's neighbours would correlate; if they are the machine's state
while the case ran, neighbours correlate whatever their family, and stop correlating after as long as a state lasts.
DESIGN.md ("Verdicts that survive a second run", Time) cites its output for the runs of 2026-12-01.

Python's standard library only.
"""

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

DISTANCES = ((1, 1), (2, 3), (4, 8), (9, 20), (21, 60))


def shifts(a: Path, b: Path, regime: str) -> list[tuple[str, float]]:
    """(family, shift) per case measured in both runs, in A's run order."""

    def figures(path: Path) -> list[tuple[str, dict[str, float]]]:
        doc = json.loads((path / "run.json" if path.is_dir() else path).read_text(encoding="utf-8"))
        out = []
        for case in doc["cases"]:
            cells = {}
            for r in case["results"].values():
                stats = r["regimes"][regime]["statistics"]
                if r.get("timing") is None and stats and stats.get("medianNanos"):
                    cells[r["cell"]] = stats["medianNanos"]
            out.append((case["family"], cells))
        return out

    after = {cell: nanos for _, cells in figures(b) for cell, nanos in cells.items()}
    out = []
    for family, cells in figures(a):
        logs = [math.log(after[c] / n) for c, n in cells.items() if c in after]
        if logs:
            out.append((family, statistics.mean(logs)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run_a", type=Path)
    parser.add_argument("run_b", type=Path)
    parser.add_argument("--regime", default="steady", choices=("steady", "first-use"))
    args = parser.parse_args()
    cases = shifts(args.run_a, args.run_b, args.regime)
    if len(cases) < 3:
        print(f"only {len(cases)} cases measured in both runs: nothing to correlate", file=sys.stderr)
        return 2
    values = [s for _, s in cases]
    mean, variance = statistics.mean(values), statistics.pvariance(values)
    print(f"{len(cases)} cases, {args.regime}: their shifts log(B / A) have a standard deviation of "
          f"{math.sqrt(variance):.3f}")

    def correlation(pairs: list[tuple[int, int]]) -> str:
        if len(pairs) < 5 or variance == 0:
            return f"{'-':>6} (n={len(pairs)})"
        c = statistics.mean((values[i] - mean) * (values[j] - mean) for i, j in pairs) / variance
        return f"{c:6.2f} (n={len(pairs)})"

    print("cases apart | same family | different families")
    for low, high in DISTANCES:
        same, other = [], []
        for i in range(len(cases)):
            for j in range(i + low, min(i + high, len(cases) - 1) + 1):
                (same if cases[i][0] == cases[j][0] else other).append((i, j))
        print(f"{low:>5}-{high:<5} | {correlation(same)} | {correlation(other)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
