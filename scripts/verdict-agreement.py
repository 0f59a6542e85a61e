#!/usr/bin/env python3
"""How often two runs can agree on their verdicts, and whether more forks would make them agree more often.

    scripts/verdict-agreement.py RUN_A RUN_B [--regime steady|first-use] [--forks 2,3,4,5,6,8] [--runs 40]

RUN_A and RUN_B are results folders (or their run.json) of the same matrix, made the same way. Three parts:

1. The rule, recomputed. Every comparison against nio is decided again from its fork medians the way the harness
   decides it (Cases.withVerdicts: a moderated t over the log fork medians with the prior of its regime and mode,
   Benjamini-Hochberg over the run at 1%, the interval off 1 and the effect at least 5%), and checked against the
   verdicts run.json holds, so that the rest of the script is known to model the harness and not a guess of it.
2. The measured agreement: the share of comparisons decided in both runs that got the same verdict, and the
   verdicts in one run only (a cell with a figure in one run only counts against the agreement in `fsbench
   compare`, not here).
3. A model of a pair of runs. Each comparison gets the mean of the two runs' log ratios as its true effect and the
   mean of their pooled fork variances as its fork-to-fork variance; runs with K forks a side are drawn from that,
   decided by the same rule, and paired. With K = the forks the runs had, the model should give about the measured
   agreement; the other K say what more forks would buy. DESIGN.md ("Verdicts that survive a second run") cites
   its output.

Needs numpy and scipy (Debian: python3-numpy python3-scipy).
"""

import argparse
import json
import math
from pathlib import Path

import numpy as np
from scipy import stats

RATE = 0.01  # FalseDiscovery.RATE
MINIMUM_EFFECT = 0.05  # Verdict.MINIMUM_EFFECT
PRIOR_DF = 4  # ModeratedT.PRIOR_DF
BASELINE = "nio"


def load(path: Path) -> dict:
    doc = json.loads((path / "run.json" if path.is_dir() else path).read_text(encoding="utf-8"))
    cells = {}
    for case in doc["cases"]:
        for backend, result in case["results"].items():
            cells[(case["family"], case["caseLabel"], case["mode"], backend)] = result
    return cells


def logs(medians) -> np.ndarray:
    """Natural logs of fork medians, floored at 1 ns as ModeratedT.logMedians does."""
    return np.log(np.maximum(1.0, np.asarray(medians, dtype=float)))


def comparisons(cells: dict, regime: str) -> list:
    """(key, mode, ratio, nio log fork medians, candidate log fork medians, stored verdict), in run order."""
    out = []
    for key, result in cells.items():
        versus = result["regimes"][regime].get("vsNio")
        if key[3] == BASELINE or versus is None:
            continue
        nio = cells[key[:3] + (BASELINE,)]["regimes"][regime]["statistics"]["forkMedianNanos"]
        own = result["regimes"][regime]["statistics"]["forkMedianNanos"]
        out.append((key, key[2], versus["ratio"], logs(nio), logs(own), versus["verdict"]))
    return out


def benjamini_hochberg(p: np.ndarray) -> np.ndarray:
    order = np.argsort(p, kind="stable")
    adjusted = np.empty(len(p))
    running = 1.0
    for rank in range(len(p), 0, -1):
        i = order[rank - 1]
        running = min(running, p[i] * len(p) / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


def decide(modes, ratios, nio, own):
    """The harness's verdicts (1 faster, -1 slower, 0 tie) for lists of log fork medians."""
    n = len(ratios)
    df_own = np.array([len(x) + len(y) - 2 for x, y in zip(nio, own)], dtype=float)
    pooled = np.array(
        [
            (((x - x.mean()) ** 2).sum() + ((y - y.mean()) ** 2).sum()) / d if d > 0 else np.nan
            for x, y, d in zip(nio, own, df_own)
        ]
    )
    prior = {}
    for mode in set(modes):
        scaled = [
            v / (stats.chi2.ppf(0.5, d) / d)
            for m, v, d in zip(modes, pooled, df_own)
            if m == mode and d > 0 and not math.isnan(v)
        ]
        prior[mode] = max(1e-8, float(np.median(scaled))) if scaled else 0.0
    low, high, p = np.empty(n), np.empty(n), np.empty(n)
    for i in range(n):
        d0 = PRIOR_DF if prior[modes[i]] > 0 else 0
        df = d0 + df_own[i]
        own_variance = pooled[i] if df_own[i] > 0 else 0.0
        moderated = (d0 * prior[modes[i]] + df_own[i] * own_variance) / df
        se = math.sqrt(moderated * (1 / len(nio[i]) + 1 / len(own[i])))
        half = stats.t.ppf(0.975, df) * se
        low[i], high[i] = ratios[i] * math.exp(-half), ratios[i] * math.exp(half)
        difference = nio[i].mean() - own[i].mean()
        p[i] = min(1.0, 2 * stats.t.sf(abs(difference / se), df)) if se > 0 else float(difference == 0)
    q = benjamini_hochberg(p)
    ratios = np.asarray(ratios)
    faster = (q < RATE) & (low > 1) & (ratios >= 1 + MINIMUM_EFFECT)
    slower = (q < RATE) & (high < 1) & (ratios <= 1 / (1 + MINIMUM_EFFECT))
    return np.where(faster, 1, np.where(slower, -1, 0))


LABEL = {"faster": 1, "slower": -1, "tie": 0}


def recomputed(comps) -> np.ndarray:
    return decide([c[1] for c in comps], [c[2] for c in comps], [c[3] for c in comps], [c[4] for c in comps])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_a", type=Path)
    parser.add_argument("run_b", type=Path)
    parser.add_argument("--regime", default="steady", choices=("steady", "first-use"))
    parser.add_argument("--forks", default="2,3,4,5,6,8")
    parser.add_argument("--runs", type=int, default=40, help="model pairs per fork count")
    parser.add_argument("--seed", type=int, default=20261205)
    args = parser.parse_args()

    runs = []
    for path in (args.run_a, args.run_b):
        comps = comparisons(load(path), args.regime)
        mine = recomputed(comps)
        stored = np.array([LABEL[c[5]] for c in comps])
        print(
            f"{path}: {len(comps)} comparisons, {int((mine != 0).sum())} verdicts;"
            f" recomputed as the harness does: {int((mine == stored).sum())} of {len(comps)} the same"
        )
        runs.append({c[0]: c for c in comps})
    a, b = runs
    both = [k for k in a if k in b]
    same = sum(a[k][5] == b[k][5] for k in both)
    print(
        f"measured ({args.regime}): {same} of {len(both)} decided in both runs agree ({same / len(both):.1%});"
        f" {len(a) + len(b) - 2 * len(both)} decided in one run only"
    )

    modes = [a[k][1] for k in both]
    effect = np.array([(math.log(a[k][2]) + math.log(b[k][2])) / 2 for k in both])

    def pooled(c):
        x, y = c[3], c[4]
        d = len(x) + len(y) - 2
        return (((x - x.mean()) ** 2).sum() + ((y - y.mean()) ** 2).sum()) / d if d > 0 else np.nan

    sd = np.sqrt(np.nan_to_num(np.nanmean([[pooled(a[k]) for k in both], [pooled(b[k]) for k in both]], axis=0)))
    rng = np.random.default_rng(args.seed)

    def model_run(forks: int) -> np.ndarray:
        nio = rng.standard_normal((len(both), forks)) * sd[:, None]
        own = rng.standard_normal((len(both), forks)) * sd[:, None] - effect[:, None]
        ratios = np.exp(np.median(nio, axis=1) - np.median(own, axis=1))
        return decide(modes, list(ratios), list(nio), list(own))

    print(f"model: {len(both)} comparisons, {args.runs} pairs of runs per fork count")
    for forks in (int(f) for f in args.forks.split(",")):
        pairs = [(model_run(forks), model_run(forks)) for _ in range(args.runs)]
        agree = [float(np.mean(x == y)) for x, y in pairs]
        share = [float(np.mean(x != 0)) for x, _ in pairs]
        print(
            f"  {forks} forks: agreement {np.mean(agree):.1%} (sd {np.std(agree):.1%}),"
            f" verdicts {np.mean(share):.0%} of comparisons"
        )


if __name__ == "__main__":
    main()
