"""Draws fsbench's charts from a loaded run (see fsbench_results) and writes them as reproducible PNGs.

    run = fsbench_results.load_run(fsbench_results.find_run())
    path = fsbench_charts.save(fsbench_charts.overview(run), run.folder / "overview.png")

Re-drawing the same run.json gives byte-identical files: figures are plain ``Figure`` objects (no pyplot state),
sizes and dpi derive only from the data, order is run.json's (matrix) order, the swarm layout has no randomness, and
the PNG carries no software version or date. That is what lets committed charts be regenerated and diffed.

A chart that has nothing to show (a run without nio, without a concurrency backend, or that failed before its first
cell) is still written, as a panel that says why, so a folder never keeps a stale or silently missing chart.

Visual language shared by the charts: one colour per backend (shades of it for explicit concurrency, grey for the
A/A control nio-aa), ratio axes on a log scale centred on 1 with the "slower than nio" side tinted red and the
"faster" side green, error bars for the 95% bootstrap interval of a ratio, and hatched bars for a verdict of tie (no
clear difference: SCHEMA.md's rule). In a run with floors the overview marks, per family, where a backend as fast as
the floor (the native library's own loop of the same calls) would stand: a purple line at nio / floor; the scaling
chart draws each floor's time beside the backends' at every size. Two regimes: ``steady`` (each fork's steady segment,
what overview.png and the sample charts draw) and ``first-use`` (the first measured iterations of each fork, overview-first-use.png).
"""

from __future__ import annotations

import io
import math
import sys
import textwrap
from pathlib import Path
from typing import Callable, Optional

import matplotlib
import pandas as pd
from matplotlib import colors as mcolors
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullFormatter, NullLocator
from PIL import Image

import fsbench_results as results

DPI = 100
WIDTH = 12.0  # inches; every chart but the small-multiple grids
FONT = 9
BACKEND_COLOURS = {"nio": "#4d4d4d", "nio-aa": "#a3a3a3", "commons-io": "#2c7fb8", "native": "#d95f02"}
FLOOR_COLOUR = "#6a3d9a"  # the floor's mark on the overview: the same calls with no JVM in the loop
OTHER_COLOURS = ["#7570b3", "#1b9e77", "#e7298a", "#66a61e", "#a6761d", "#e6ab02"]
WIN, LOSS = "#1a7837", "#b2182b"
WIN_TINT, LOSS_TINT = "#edf8ed", "#fbeaea"
TIE = "#8c8c8c"
VERDICT_COLOURS = {"faster": WIN, "slower": LOSS, "tie": TIE}
TIE_TEXT = "tie: no clear difference (hatched)"
FIRST_USE_SHADE = "#e3ecf7"
FORK_COLOURS = ["#1f77b4", "#e6550d", "#31a354", "#756bb1", "#8c6d31", "#de2d8f", "#17becf", "#636363"]
REGIME_TITLES = {"steady": "steady regime", "first-use": "first use"}
MODE_TITLES = {"sync": "sync: one call after another", "async": "async: at most 8 calls in flight"}

# Figures are plain Figure objects (never pyplot): saving renders with Agg whatever backend the notebook uses.
matplotlib.rcParams.update({"font.size": FONT, "axes.titlesize": FONT + 1, "hatch.linewidth": 0.8})


def save(fig: Figure, path: Path) -> Path:
    """Writes ``fig`` as PNG with nothing in it that changes between identical runs (no version, no timestamp).

    The image is stored with a palette of at most 256 colours: the charts are flat colours, hatching and
    antialiased text, which a palette keeps to the eye, and the files are about a quarter of Agg's true-colour PNG
    (a default run's charts 2.1 MB instead of 8.4), which is what lets a run's folder stay small enough to commit.
    The quantisation (octree, no dithering) is deterministic, so identical figures still give identical bytes.
    """
    path = Path(path)
    rendered = io.BytesIO()
    fig.savefig(rendered, dpi=DPI, format="png", metadata={"Software": None})
    rendered.seek(0)
    with Image.open(rendered) as image:
        palette = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE,
                                                dither=Image.Dither.NONE)
    palette.save(path, format="PNG", optimize=True)
    return path


def show(path: Path):
    """The written file, for a notebook cell to display: what the reader sees is exactly what was saved."""
    from IPython.display import Image

    return Image(filename=str(path))


# ---------------------------------------------------------------------------------------------------------- colours


def colour(run: results.Run, label: str) -> str:
    """A backend's colour; its explicit-concurrency labels are lighter (c1) or darker (c4 and up) shades of it."""
    backend = run.backend_of(label)
    if backend in BACKEND_COLOURS:
        base = BACKEND_COLOURS[backend]
    else:
        unknown = [b for b in dict.fromkeys(run.cells["backend"]) if b not in BACKEND_COLOURS]
        base = OTHER_COLOURS[unknown.index(backend) % len(OTHER_COLOURS)]
    concurrency = int(run.cells.loc[run.cells["label"] == label, "concurrency"].iloc[0])
    if concurrency == 0:
        return base
    rgb = mcolors.to_rgb(base)
    if concurrency == 1:
        return mcolors.to_hex([c + (1 - c) * 0.35 for c in rgb])
    darker = min(0.15 + 0.1 * math.log2(concurrency), 0.55)
    return mcolors.to_hex([c * (1 - darker) for c in rgb])


def _bar_style(colour_: str, verdict) -> dict:
    """Solid for a verdict of faster or slower; light and hatched for tie (or no verdict)."""
    if verdict in ("faster", "slower"):
        return {"facecolor": colour_, "edgecolor": colour_, "linewidth": 0.8}
    return {"facecolor": mcolors.to_hex([c + (1 - c) * 0.7 for c in mcolors.to_rgb(colour_)]),
            "edgecolor": colour_, "hatch": "////", "linewidth": 0.8}


def _verdict_style(verdict, control: bool) -> dict:
    """The overview's bars: coloured by verdict; the A/A control with a dashed black outline."""
    style = _bar_style(VERDICT_COLOURS.get(verdict, TIE), verdict)
    if control:
        style.update(edgecolor="#111111", linestyle="--", linewidth=1.1)
    return style


# ---------------------------------------------------------------------------------------------------------- layout


class _Sheet:
    """A figure with a header (title, run banner, notes, legend) of known height above a grid of axes."""

    def __init__(self, run: results.Run, title: str, *, body: float, width: float = WIDTH, nrows: int = 1,
                 ncols: int = 1, left: float = 1.0, right: float = 0.3, bottom: float = 0.6, legend_rows: int = 1,
                 hspace: float = 0.25, wspace: float = 0.2, sharey: bool = False, sharex: bool = False,
                 height_ratios: Optional[list[float]] = None):
        # About 12 characters of 9-point DejaVu per inch; a note gets two lines at most (the notebook prints it whole).
        chars = int((width - 0.4) * 12)
        notes = [(line, n.startswith("INCOMPLETE")) for n in run.notes()
                 for line in textwrap.wrap(_shorten(n, 2 * chars - 10), chars)]
        self.header = 0.45 + 0.2 + 0.19 * len(notes) + 0.27 * legend_rows + 0.15
        height = self.header + body + bottom
        self.fig = Figure(figsize=(width, height), dpi=DPI)
        self.axes = self.fig.subplots(nrows, ncols, squeeze=False, sharey=sharey, sharex=sharex,
                                      gridspec_kw={"height_ratios": height_ratios} if height_ratios else None)
        self.fig.subplots_adjust(left=left / width, right=1 - right / width, top=1 - self.header / height,
                                 bottom=bottom / height, hspace=hspace, wspace=wspace)
        self.height, self.width = height, width
        y = 0.32
        self.fig.text(0.2 / width, self._y(y), title, fontsize=FONT + 4, fontweight="bold", va="baseline")
        y += 0.22
        self.fig.text(0.2 / width, self._y(y), run.banner(), fontsize=FONT, color="#333333", va="baseline")
        for note, bad in notes:
            y += 0.19
            self.fig.text(0.2 / width, self._y(y), note, fontsize=FONT, va="baseline",
                          color=LOSS if bad else "#555555", fontweight="bold" if bad else "normal")
        self.legend_top = y + 0.12

    def _y(self, inches_from_top: float) -> float:
        return 1 - inches_from_top / self.height

    def legend(self, handles: list, ncol: Optional[int] = None) -> None:
        if handles:
            self.fig.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.2 / self.width, self._y(self.legend_top)),
                            ncol=ncol or len(handles), frameon=False, fontsize=FONT, handlelength=1.6,
                            columnspacing=1.4, borderaxespad=0, borderpad=0)


def _shorten(text: str, width: int) -> str:
    return textwrap.shorten(" ".join(text.split()), width=width, placeholder=" ...")


def placeholder(run: results.Run, title: str, message: str) -> Figure:
    """A chart that has nothing to draw says why, in the file the reader would open."""
    lines = textwrap.wrap(message, 120)
    sheet = _Sheet(run, title, body=0.3 + 0.22 * len(lines), legend_rows=0, bottom=0.2)
    ax = sheet.axes[0][0]
    ax.set_axis_off()
    ax.text(0.0, 1.0, "\n".join(lines), transform=ax.transAxes, va="top", ha="left", fontsize=FONT + 1,
            color="#333333")
    return sheet.fig


def _verdict_handles(run: results.Run, with_control: bool) -> list:
    m = run.method
    handles = [Patch(**_verdict_style("faster", False), label="faster than nio (verdict)"),
               Patch(**_verdict_style("slower", False), label="slower than nio (verdict)"),
               Patch(**_verdict_style("tie", False), label=TIE_TEXT),
               Line2D([], [], color="#222222", linewidth=0.9, marker="|", markersize=6,
                      label=f"{m['confidence']:.0%} bootstrap interval of the ratio")]
    if with_control:
        handles.append(Patch(**_verdict_style("tie", True), label="nio-aa: A/A control, nio against itself (dashed)"))
    return handles


def _verdict_rule(run: results.Run) -> str:
    m = run.method
    return (f"verdict faster/slower: BH-adjusted p < {m['falseDiscoveryRate']:g}, interval excludes 1 and ratio "
            f"\u2265 {1 + m['minimumEffect']:g} or \u2264 1/{1 + m['minimumEffect']:g}; else tie")


# ---------------------------------------------------------------------------------------------------- ratio axis


def _ratio_limit(ratios, margin: float) -> float:
    """Half-width of a log ratio axis centred on 1, as a power of 2: at least 2x, and ``margin`` times the widest
    ratio so the label past the longest bar stays inside."""
    finite = [r for r in ratios if isinstance(r, float) and math.isfinite(r) and r > 0]
    widest = max([max(r, 1 / r) for r in finite], default=1.0)
    return 2 ** math.ceil(math.log2(max(2.0, widest * margin)))


def _ratio_ticks(limit: float) -> list[float]:
    k = int(round(math.log2(limit)))
    step = max(1, math.ceil(k / 4))
    return [2.0 ** e for e in range(-k, k + 1) if e % step == 0]


def _format_ratio(value: float) -> str:
    if value >= 10:
        return f"{value:.0f}\u00d7"
    if value >= 0.1:
        return f"{value:.2f}\u00d7"
    return f"{value:.3f}\u00d7"


def _tick_ratio(value: float, _pos=None) -> str:
    # 1/64x reads at a glance where 0.015625x does not; ticks are powers of 2, so the fraction is exact.
    return f"{value:g}\u00d7" if value >= 1 else f"1/{1 / value:g}\u00d7"


def _tint_ratio_axis(ax, limit: float, vertical: bool, captions: bool = True) -> None:
    """Red below 1 (slower than nio), green above, a solid line at 1, ticks at powers of 2."""
    span = ax.axhspan if vertical else ax.axvspan
    span(1 / limit, 1, color=LOSS_TINT, zorder=0, linewidth=0)
    span(1, limit, color=WIN_TINT, zorder=0, linewidth=0)
    (ax.axhline if vertical else ax.axvline)(1, color="#222222", linewidth=1.0, zorder=1)
    axis = ax.yaxis if vertical else ax.xaxis
    (ax.set_yscale if vertical else ax.set_xscale)("log", base=2)
    (ax.set_ylim if vertical else ax.set_xlim)(1 / limit, limit)
    axis.set_major_locator(FixedLocator(_ratio_ticks(limit)))
    axis.set_major_formatter(FuncFormatter(_tick_ratio))
    axis.set_minor_locator(NullLocator())
    if captions:
        kw = {"transform": ax.transAxes, "fontsize": FONT - 1, "fontweight": "bold"}
        if vertical:
            ax.text(0.005, 0.995, "\u25b2 faster than nio", color=WIN, va="top", ha="left", **kw)
            ax.text(0.005, 0.005, "\u25bc slower than nio", color=LOSS, va="bottom", ha="left", **kw)
        else:
            # Three points above the axes whatever their height: a fraction of a 100-inch overview lands in the legend.
            above = {"xycoords": "axes fraction", "xytext": (0, 3), "textcoords": "offset points", "va": "bottom",
                     "fontsize": FONT - 1, "fontweight": "bold"}
            ax.annotate("faster than nio \u25b6", (0.995, 1.0), color=WIN, ha="right", **above)
            ax.annotate("\u25c0 slower than nio", (0.005, 1.0), color=LOSS, ha="left", **above)


def _ratio_text(ratio: float, low: float, high: float, verdict: str, route_kind: Optional[str]) -> str:
    text = f"{_format_ratio(ratio)} [{_format_ratio(low)[:-1]}, {_format_ratio(high)[:-1]}] {verdict}"
    if route_kind == "nio-fallback":
        text += " (nio fallback)"
    return text


def _errorbar(ax, ratio: float, low: float, high: float, at: float, vertical: bool) -> None:
    """The interval as an error bar around the ratio (lengths clipped at 0: a percentile interval may miss it)."""
    err = [[max(ratio - low, 0.0)], [max(high - ratio, 0.0)]]
    kw = {"fmt": "none", "ecolor": "#222222", "elinewidth": 0.9, "capsize": 2.5, "capthick": 0.9, "zorder": 4}
    if vertical:
        ax.errorbar([at], [ratio], yerr=err, **kw)
    else:
        ax.errorbar([ratio], [at], xerr=err, **kw)


def _missing_ratio(row, label: str) -> str:
    """Why a row of the overview has no ratio, in a few words."""
    if not row["measured"]:
        return "not measured"
    if isinstance(row["note"], str) and pd.isna(row["medianNanos"]):
        return row["note"]
    if isinstance(row["nioNote"], str):
        return f"nio: {row['nioNote']}"
    if isinstance(row["note"], str):
        return row["note"]
    return "no nio in this case"


# -------------------------------------------------------------------------------------------------------- overview


def overview(run: results.Run, regime: str = results.STEADY) -> Figure:
    """Family x backend: nio's median over the backend's in ``regime`` in each family's representative case, one bar
    per backend (and A/A control) coloured by its verdict, with the bootstrap interval as an error bar."""
    if regime == results.STEADY:
        title = "Against nio, steady regime, per family (representative case, sync and async)"
    else:
        title = (f"Against nio, first use (first {run.method['firstUseSamples']} measured iterations of each fork), "
                 "per family (representative case)")
    frame = results.overview_frame(run, regime)
    if frame.empty:
        return placeholder(run, title, _no_comparison_reason(run))
    blocks = list(dict.fromkeys(zip(frame["family"], frame["mode"])))  # a family's sync row, then its async row
    row_h, gap = 0.24, 0.16
    heights = [row_h * len(frame[(frame["family"] == f) & (frame["mode"] == m)]) + gap for f, m in blocks]
    sheet = _Sheet(run, title, body=sum(heights), left=2.9, right=3.4, bottom=0.75, legend_rows=2)
    ax = sheet.axes[0][0]
    measured = frame[frame["ratio"].notna()]
    floors = frame["nioVsFloor"].dropna().tolist()
    limit = _ratio_limit(measured["ratio"].tolist() + measured["low"].tolist() + measured["high"].tolist() + floors,
                         margin=1.15)
    _tint_ratio_axis(ax, limit, vertical=False)
    ticks, tick_labels, tick_colours = [], [], []
    side = ax.get_yaxis_transform()  # x in axes fractions, y in data
    top = 0.0
    for i, (family, mode) in enumerate(blocks):
        rows = frame[(frame["family"] == family) & (frame["mode"] == mode)]
        first = rows.iloc[0]
        ax.text(-0.125, top + row_h * len(rows) / 2, f"{family}\n{first['caseLabel']}, {mode}", transform=side,
                ha="right", va="center", fontsize=FONT)
        if i:
            same_family = blocks[i - 1][0] == family
            ax.axhline(top - gap / 2, color="#e4e4e4" if same_family else "#aaaaaa", linewidth=0.6, zorder=1)
        for j, (_, row) in enumerate(rows.iterrows()):
            y = top + row_h * (j + 0.5)
            label = row["label"]
            ticks.append(y)
            tick_labels.append(f"{label} (A/A)" if row["control"] else label)
            tick_colours.append(colour(run, label))
            if pd.isna(row["ratio"]):
                why = _missing_ratio(row, label)
                short = "no steady state" if why.startswith("no steady state") else why
                ax.text(1.04, y, short, va="center", ha="left", fontsize=FONT - 1, color="#777777",
                        style="italic", zorder=3)
                if short != why:
                    ax.text(1.01, y, why, transform=side, va="center", ha="left", fontsize=FONT - 1,
                            color="#777777", style="italic")
                continue
            ratio, verdict = float(row["ratio"]), row["verdict"]
            ax.barh(y, abs(ratio - 1), left=min(ratio, 1.0), height=row_h * 0.78, zorder=2,
                    **_verdict_style(verdict, bool(row["control"])))
            _errorbar(ax, ratio, float(row["low"]), float(row["high"]), y, vertical=False)
            text = _ratio_text(ratio, float(row["low"]), float(row["high"]), verdict, row["routeKind"])
            if regime == results.STEADY and row["classification"] not in ("flat", "warmup"):
                text += f", {row['classification']}"
            ax.text(1.01, y, text, transform=side, va="center", ha="left", fontsize=FONT - 1,
                    color=VERDICT_COLOURS.get(verdict, TIE) if verdict != "tie" else "#555555")
        floor = first["nioVsFloor"]
        if not pd.isna(floor):
            ax.vlines(float(floor), top, top + row_h * len(rows), color=FLOOR_COLOUR, linewidth=2.2, zorder=5)
        top += heights[i]
    ax.set_ylim(top - gap / 2, -gap / 2)
    ax.set_yticks(ticks)
    ax.set_yticklabels(tick_labels, fontsize=FONT - 1)
    for tick, c in zip(ax.get_yticklabels(), tick_colours):
        tick.set_color(c)
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel("nio median / backend median (log scale): right of 1 the backend is faster than nio.   "
                  + _verdict_rule(run), fontsize=FONT - 1)
    ax.annotate("ratio [interval] verdict", (1.01, 1.0), xycoords="axes fraction", xytext=(0, 3),
                textcoords="offset points", ha="left", va="bottom", fontsize=FONT - 1, fontweight="bold",
                color="#333333")
    handles = _verdict_handles(run, bool(frame["control"].any()))
    if floors:
        handles.append(Line2D([], [], color=FLOOR_COLOUR, linewidth=2.2,
                              label="floor: nio / floor, the same calls with no JVM in the loop (sync)"))
    sheet.legend(handles, ncol=3)
    return sheet.fig


def overview_first_use(run: results.Run) -> Figure:
    """The overview in the first-use regime."""
    return overview(run, results.FIRST_USE)


def _no_comparison_reason(run: results.Run) -> str:
    if run.cells.empty:
        return "This run has no measured cell, so there is nothing to draw. " + (run.incomplete_reason() or "")
    others = [b for b in dict.fromkeys(run.cells["backend"]) if b != results.BASELINE]
    unavailable = [f"{b['id']} (unavailable: {b['reason']})" for b in run.environment["backends"] if not b["available"]]
    if results.BASELINE not in set(run.cells["backend"]):
        return (f"nio was not measured in this run, so there is no ratio against it. Measured: {', '.join(others)}.")
    return ("Only nio was measured in this run, so there is no ratio to draw. Backends known to the run: "
            + ", ".join([b["id"] for b in run.environment["backends"] if b["available"]] + unavailable) + ".")


# --------------------------------------------------------------------------------------------------- distributions


def distributions(run: results.Run, family: str) -> Figure:
    """Every sample of the steady regime of every case of ``family``, per mode and backend label, with each steady
    median (the median of the fork medians) marked; a cell without a steady state says so."""
    title = f"{family}: every sample of the steady regime (wall time; warmups and warm-up segments not shown)"
    cells = run.regime(results.STEADY)
    cells = cells[cells["family"] == family]
    if cells.empty:
        return placeholder(run, title, f"{family} has no measured cell in this run.")
    mine = run.samples[run.samples["family"] == family]
    samples = results.steady(mine)
    modes = [m for m in ("sync", "async") if m in set(cells["mode"])]
    cases = list(dict.fromkeys(cells["caseLabel"]))
    labels = [label for label in run.labels if label in set(cells["label"])]
    sheet = _Sheet(run, title, body=3.0 * len(modes), nrows=len(modes), sharey=True, left=0.9, hspace=0.32,
                   bottom=0.5)
    millis = (samples if not samples.empty else results.measured(mine))["wallNanos"] / 1e6
    low, high = math.log10(max(millis.min(), 1e-4)), math.log10(max(millis.max(), 1e-4))
    pad = max((high - low) * 0.08, 0.05)
    slot = min(0.8 / len(labels), 0.25)
    for ax, mode in zip([row[0] for row in sheet.axes], modes):
        ax.set_yscale("log")
        ax.set_ylim(10 ** (low - pad), 10 ** (high + pad))
        for i, case in enumerate(cases):
            for j, label in enumerate(labels):
                x = i + slot * (j - (len(labels) - 1) / 2)
                cell = cells[(cells["caseLabel"] == case) & (cells["mode"] == mode) & (cells["label"] == label)]
                here = samples[(samples["caseLabel"] == case) & (samples["mode"] == mode) & (samples["label"] == label)]
                if cell.empty or here.empty:
                    why = "not run" if cell.empty else "no steady state"
                    ax.text(x, 10 ** (low - pad * 0.6), f"{label} {why}", rotation=90, ha="center", va="bottom",
                            fontsize=FONT - 2, color="#999999" if cell.empty else LOSS)
                    continue
                values = sorted(here["wallNanos"] / 1e6)
                offsets = _swarm(values, (high - low + 2 * pad) * 0.02, slot / 9, 3)
                ax.scatter([x + o for o in offsets], values, s=20, color=colour(run, label), alpha=0.8,
                           linewidths=0, zorder=3)
                # Under the points and wider than the swarm: the median shows at both ends without hiding a sample.
                ax.hlines(cell["medianNanos"].iloc[0] / 1e6, x - slot * 0.42, x + slot * 0.42, color="black",
                          linewidth=1.6, zorder=2)
            if i:
                ax.axvline(i - 0.5, color="#dddddd", linewidth=0.6, zorder=1)
        ax.set_xlim(-0.5, len(cases) - 0.5)
        ax.set_xticks(range(len(cases)))
        ax.set_xticklabels(cases)
        ax.tick_params(axis="x", length=0)
        ax.set_title(MODE_TITLES[mode], loc="left", fontsize=FONT + 1)
        ax.set_ylabel("ms per sample (log)")
        _log_millis_axis(ax)
        ax.grid(axis="y", which="major", color="#eeeeee", linewidth=0.6, zorder=0)
    handles = [Line2D([], [], marker="o", linestyle="", color=colour(run, label), label=label) for label in labels]
    handles.append(Line2D([], [], color="black", linewidth=1.6, label="steady median (median of the fork medians)"))
    sheet.legend(handles)
    return sheet.fig


def _swarm(sorted_values: list[float], min_gap: float, step: float, max_slot: int) -> list[float]:
    """Horizontal offsets so that points closer than ``min_gap`` (in log10 units) sit side by side, deterministically.

    Points arrive sorted; each takes the slot nearest the centre (0, +1, -1, +2, ...) whose last point is far enough
    below it. When every slot is taken it goes to the slot whose last point is lowest, overlapping as little as can be.
    """
    order = [0] + [s for k in range(1, max_slot + 1) for s in (k, -k)]
    last: dict[int, float] = {}
    offsets = []
    for v in sorted_values:
        lv = math.log10(max(v, 1e-9))
        free = [s for s in order if s not in last or lv - last[s] >= min_gap]
        chosen = free[0] if free else min(order, key=lambda s: (last[s], order.index(s)))
        last[chosen] = lv
        offsets.append(chosen * step)
    return offsets


def _log_millis_axis(ax) -> None:
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _p: f"{v:g}"))
    ax.yaxis.set_minor_locator(LogLocator(base=10, subs=tuple(range(1, 10))))
    ax.yaxis.set_minor_formatter(NullFormatter())


# ------------------------------------------------------------------------------------------------------ sync/async


def sync_async(run: results.Run, columns: int = 5) -> Figure:
    """Per family (representative case) and backend: sync and async samples side by side, with the ratio of medians."""
    title = "sync against async, steady regime, per family (representative case) and backend"
    frame = results.sync_async_frame(run)
    if frame.empty:
        return placeholder(run, title, "This run has no measured cell, so there is nothing to draw. "
                           + (run.incomplete_reason() or ""))
    families = list(dict.fromkeys(frame["family"]))
    labels = [label for label in run.labels if label in set(frame["label"])]
    ncols = min(columns, len(families))
    nrows = math.ceil(len(families) / ncols)
    panel_w, panel_h = max(0.75 * len(labels) + 0.6, 2.6), 2.3
    # At least 10 inches, so the title and legend fit above a run of one or two families.
    width = max(ncols * panel_w + (ncols - 1) * 0.75 + 1.0, 10.0)
    sheet = _Sheet(run, title, body=nrows * panel_h + (nrows - 1) * 0.75, width=width, nrows=nrows, ncols=ncols,
                   left=0.7, hspace=0.75 / panel_h, wspace=0.75 / panel_w, legend_rows=2)
    samples = results.steady(run.samples)
    flat = [ax for row in sheet.axes for ax in row]
    for ax in flat[len(families):]:
        ax.set_axis_off()
    for ax, family in zip(flat, families):
        rows = frame[frame["family"] == family]
        first = rows.iloc[0]
        mine = samples[(samples["family"] == family) & (samples["scenario"] == first["scenario"])
                       & (samples["variant"] == first["variant"])]
        ax.set_yscale("log")
        values = mine["wallNanos"] / 1e6
        if values.empty:  # no cell of this shape reached a steady state: an arbitrary decade for the labels
            values = pd.Series([0.1, 1.0])
        low, high = math.log10(max(values.min(), 1e-4)), math.log10(max(values.max(), 1e-4))
        pad = max((high - low) * 0.12, 0.08)
        ax.set_ylim(10 ** (low - pad), 10 ** (high + 2.2 * pad))
        for i, label in enumerate(labels):
            for mode, dx, filled in (("sync", -0.19, False), ("async", 0.19, True)):
                points = sorted(mine.loc[(mine["label"] == label) & (mine["mode"] == mode), "wallNanos"] / 1e6)
                if not points:
                    ran = rows.loc[rows["label"] == label, f"{mode}Measured"]
                    ran = not ran.empty and bool(ran.iloc[0])
                    ax.text(i + dx, 10 ** (low - pad * 0.5), "no steady state" if ran else "not run", rotation=90,
                            ha="center", va="bottom", fontsize=FONT - 2, color=LOSS if ran else "#999999")
                    continue
                offsets = _swarm(points, (high - low + 2 * pad) * 0.03, 0.045, 2)
                c = colour(run, label)
                ax.scatter([i + dx + o for o in offsets], points, s=13, zorder=3, linewidths=0.9,
                           facecolors=c if filled else "white", edgecolors=c)
                median = rows.loc[rows["label"] == label, f"{mode}MedianNanos"]
                if not median.empty and not pd.isna(median.iloc[0]):
                    ax.hlines(median.iloc[0] / 1e6, i + dx - 0.14, i + dx + 0.14, color="black", linewidth=1.4,
                              zorder=2)
            speedup = rows.loc[rows["label"] == label, "asyncSpeedup"]
            if not speedup.empty and not pd.isna(speedup.iloc[0]):
                s = float(speedup.iloc[0])
                ax.text(i, 0.985, _format_ratio(s), transform=ax.get_xaxis_transform(), ha="center", va="top",
                        fontsize=FONT - 1, fontweight="bold", color=WIN if s >= 1 else LOSS)
        ax.set_xlim(-0.55, len(labels) - 0.45)
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels([f"{label}\nsync  async" for label in labels], fontsize=FONT - 1)
        ax.tick_params(axis="x", length=0)
        ax.set_title(f"{family}  ({first['caseLabel']})", loc="left", fontsize=FONT + 1)
        _log_millis_axis(ax)
        ax.grid(axis="y", which="major", color="#eeeeee", linewidth=0.6, zorder=0)
    for row in sheet.axes:
        row[0].set_ylabel("ms per sample (log)")
    handles = [Line2D([], [], marker="o", linestyle="", markerfacecolor="white", markeredgecolor="#444444",
                      label="sync sample (hollow)"),
               Line2D([], [], marker="o", linestyle="", color="#444444", label="async sample (filled)"),
               Line2D([], [], color="black", linewidth=1.4, label="steady median"),
               Line2D([], [], linestyle="", label="number on top: sync median / async median; green (above 1):"
                      " async faster, red: async slower")]
    sheet.legend(handles, ncol=3)
    return sheet.fig


# ---------------------------------------------------------------------------------------------------- concurrency


def concurrency(run: results.Run) -> Figure:
    """Tree families: each concurrency-capable backend at its default, c1 and c4 (as run), against nio."""
    title = "Tree concurrency against nio, steady regime: default, c1, c4 (readdir, glob, scan, cp, rm)"
    frame = results.concurrency_frame(run)
    backends = run.concurrency_backends()
    if not backends:
        known = ", ".join(b["id"] + ("" if b["available"] else " (unavailable)") for b in run.environment["backends"])
        return placeholder(run, title, "No backend in this run declares TREE_CONCURRENCY or was measured at an explicit"
                           f" concurrency, so there is no sweep to draw. Backends known to the run: {known}.")
    swept = frame[frame["backend"].isin(backends)]
    if swept.empty:
        return placeholder(run, title, f"{' and '.join(backends)} declare{'s' if len(backends) == 1 else ''}"
                           " TREE_CONCURRENCY but no tree-family cell of it was measured in this run (the tree families"
                           " are " + ", ".join(results.TREE_FAMILIES) + ").")
    if results.BASELINE not in set(frame["backend"]):
        return placeholder(run, title, "nio did not run the tree families in this run, so the sweep has no baseline.")
    families = [f for f in results.TREE_FAMILIES if f in set(swept["family"])]
    modes = [m for m in ("sync", "async") if m in set(swept["mode"])]
    labels = [label for label in run.labels if label in set(swept["label"])]
    expected = _expected_sweep(run, backends, labels)
    limit = _ratio_limit(swept["ratio"].tolist() + swept["low"].tolist() + swept["high"].tolist(), margin=1.25)
    sheet = _Sheet(run, title, body=2.1 * len(families) + 0.45 * (len(families) - 1), nrows=len(families),
                   ncols=len(modes), left=1.0, sharey=True, hspace=0.45 / 2.1, wspace=0.08, bottom=0.5)
    for r, family in enumerate(families):
        for c, mode in enumerate(modes):
            ax = sheet.axes[r][c]
            _tint_ratio_axis(ax, limit, vertical=True, captions=(r == 0 and c == 0))
            here = frame[(frame["family"] == family) & (frame["mode"] == mode)]
            # The family's cases in both modes, so the columns of a row line up and a case one mode lacks shows.
            # A case is its label, not its scenario: one tree can carry several glob patterns (jdk-src all, top, ext).
            cases = list(dict.fromkeys(frame.loc[frame["family"] == family, "caseLabel"]))
            slot = min(0.8 / len(expected), 0.22)
            for i, case in enumerate(cases):
                cells = here[here["caseLabel"] == case].set_index("label")
                for j, label in enumerate(expected):
                    x = i + slot * (j - (len(expected) - 1) / 2)
                    if label not in cells.index or pd.isna(cells.loc[label, "ratio"]):
                        if label not in cells.index:
                            why = f"{label} not run"
                        elif pd.isna(cells.loc[label, "medianNanos"]):
                            why = f"{label}: no steady state"
                        elif results.BASELINE in cells.index and pd.isna(cells.loc[results.BASELINE, "medianNanos"]):
                            why = "nio: no steady state"
                        else:
                            why = "no nio"
                        ax.text(x, 1.06, why, rotation=90, ha="center", va="bottom", fontsize=FONT - 2,
                                color=LOSS if "steady" in why else "#888888")
                        continue
                    cell = cells.loc[label]
                    ratio = float(cell["ratio"])
                    ax.bar(x, abs(ratio - 1), bottom=min(ratio, 1.0), width=slot * 0.82, zorder=2,
                           **_bar_style(_colour_or_grey(run, label), cell["verdict"]))
                    _errorbar(ax, ratio, float(cell["low"]), float(cell["high"]), x, vertical=True)
                    win = ratio >= 1
                    end = max(ratio, float(cell["high"])) if win else min(ratio, float(cell["low"]))
                    ax.text(x, end * (1.06 if win else 1 / 1.06), _format_ratio(ratio), ha="center",
                            va="bottom" if win else "top", fontsize=FONT - 2, color=WIN if win else LOSS, zorder=3)
                nio = cells["medianNanos"].get(results.BASELINE)
                if results.BASELINE not in cells.index:
                    nio_text = "nio not run"
                elif pd.isna(nio):
                    nio_text = "nio: no steady state"
                else:
                    nio_text = f"nio {_format_millis(nio)}"
                ax.text(i, -0.02, f"{case}\n{nio_text}", transform=ax.get_xaxis_transform(), ha="center",
                        va="top", fontsize=FONT - 1)
                if i:
                    ax.axvline(i - 0.5, color="#bbbbbb", linewidth=0.6, zorder=1)
            ax.set_xlim(-0.5, max(len(cases), 1) - 0.5)
            ax.set_xticks([])
            if r == 0:
                ax.set_title(MODE_TITLES[mode], loc="left", fontsize=FONT + 1)
            if c == 0:
                ax.set_ylabel("nio / backend", fontsize=FONT)
            ax.text(0.995, 0.97, family, transform=ax.transAxes, ha="right", va="top", fontsize=FONT + 2,
                    fontweight="bold", color="#222222")
    missing = [label for label in expected if label not in labels]
    handles = [Patch(**_bar_style(_colour_or_grey(run, label), "faster"), label=label) for label in expected]
    handles.append(Patch(**_bar_style("#888888", "tie"), label=TIE_TEXT))
    handles.append(Line2D([], [], color="#222222", linewidth=0.9, marker="_", markersize=6,
                          label=f"{run.method['confidence']:.0%} interval"))
    if missing:
        handles.append(Patch(facecolor="white", edgecolor="white", label="never run: " + ", ".join(missing)))
    sheet.legend(handles)
    return sheet.fig


def _expected_sweep(run: results.Run, backends: list[str], measured_labels: list[str]) -> list[str]:
    """The labels a sweep should have: each backend's default, c1 and c4, plus any other concurrency the run measured.

    Drawing the expected slots, not just the measured ones, makes a missing variant a visible "not run".
    """
    out = []
    for backend in backends:
        mine = [label for label in measured_labels if run.backend_of(label) == backend]
        wanted = [backend, f"{backend}-c1", f"{backend}-c4"]
        out += wanted + [label for label in mine if label not in wanted]
    return out


def _colour_or_grey(run: results.Run, label: str) -> str:
    return colour(run, label) if label in set(run.cells["label"]) else "#bbbbbb"


def _format_millis(nanos: float) -> str:
    ms = nanos / 1e6
    return f"{ms:.3g} ms" if ms < 100 else f"{ms:.0f} ms"


# -------------------------------------------------------------------------------------------------------- warm-up


def warmup(run: results.Run) -> Figure:
    """Time per measured iteration, each fork a line, for the cells results.warmup_cases picks (one row per case, one
    column per backend): the first-use window shaded, each fork's changepoints (dotted) and steadyFrom (solid) marked,
    and its steady median as a dashed line over its steady segment."""
    title = "Warm-up: time per measured iteration, one line per fork (representative cells)"
    chosen = results.warmup_cases(run)
    if chosen.empty:
        return placeholder(run, title, "This run has no measured cell, so there is nothing to draw. "
                           + (run.incomplete_reason() or ""))
    cells = run.regime(results.STEADY)
    cells = cells[cells["caseIndex"].isin(chosen["caseIndex"])]
    labels = [label for label in results.default_labels(run, controls=False) if label in set(cells["label"])]
    window = run.method["firstUseSamples"]
    nrows, ncols = len(chosen), len(labels)
    panel_w, panel_h = 3.7, 2.2
    width = max(ncols * panel_w + (ncols - 1) * 0.35 + 1.3, 10.0)
    sheet = _Sheet(run, title, body=nrows * panel_h + (nrows - 1) * 0.55, width=width, nrows=nrows, ncols=ncols,
                   left=1.0, hspace=0.55 / panel_h, wspace=0.35 / panel_w, legend_rows=2, bottom=0.55)
    forks = run.forks
    samples = results.measured(run.samples)
    for r, (_, case) in enumerate(chosen.iterrows()):
        for c, label in enumerate(labels):
            ax = sheet.axes[r][c]
            ax.set_title(f"{case['family']} {case['caseLabel']}, {case['mode']}: {label}", loc="left",
                         fontsize=FONT, color=colour(run, label))
            cell = cells[(cells["caseIndex"] == case["caseIndex"]) & (cells["label"] == label)]
            if cell.empty:
                ax.text(0.5, 0.5, "not run", transform=ax.transAxes, ha="center", va="center", fontsize=FONT,
                        color="#999999", style="italic")
                ax.set_xticks([])
                ax.set_yticks([])
                continue
            cell = cell.iloc[0]
            mine = samples[samples["cell"] == cell["cell"]]
            records = forks[forks["cell"] == cell["cell"]]
            longest = int(records["measured"].max())
            ax.axvspan(-0.5, min(window, longest) - 0.5, color=FIRST_USE_SHADE, zorder=0, linewidth=0)
            ax.set_yscale("log")
            lines = []
            for k, (_, f) in enumerate(records.iterrows()):
                fc = FORK_COLOURS[k % len(FORK_COLOURS)]
                points = mine[mine["fork"] == f["fork"]].sort_values("iteration")
                ax.plot(points["iteration"], points["wallNanos"] / 1e6, color=fc, linewidth=1.0, marker="o",
                        markersize=2.2, zorder=3)
                start = None if pd.isna(f["steadyFrom"]) else int(f["steadyFrom"])
                for cp in f["changepoints"]:
                    if cp != start:
                        ax.axvline(cp - 0.5, color=fc, linestyle=":", linewidth=1.1, zorder=2)
                if start is not None:
                    if start > 0:
                        ax.axvline(start - 0.5, color=fc, linestyle="-", linewidth=1.3, zorder=2)
                    ax.hlines(f["steadyMedianNanos"] / 1e6, start - 0.5, int(f["measured"]) - 0.5, color=fc,
                              linestyle="--", linewidth=0.9, zorder=2)
                    lines.append(f"fork {f['fork']}: {f['classification']}, steady from {start}")
                else:
                    lines.append(f"fork {f['fork']}: no steady state")
            steady_text = (f"steady: {cell['classification']}" if not pd.isna(cell["medianNanos"])
                           else f"steady: {cell['note'] or 'no steady state'}")
            ax.text(0.99, 0.97, "\n".join([steady_text] + lines), transform=ax.transAxes, ha="right", va="top",
                    fontsize=FONT - 2, color="#333333", zorder=5,
                    bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8, "pad": 1.5})
            ax.set_xlim(-0.5, longest - 0.5)
            _log_millis_axis(ax)
            ax.grid(axis="y", which="major", color="#eeeeee", linewidth=0.6, zorder=0)
            if r == nrows - 1:
                ax.set_xlabel("measured iteration", fontsize=FONT - 1)
        sheet.axes[r][0].set_ylabel("ms per iteration (log)", fontsize=FONT - 1)
    handles = [Patch(facecolor=FIRST_USE_SHADE, edgecolor="none",
                     label=f"first-use window: the first {window} measured iterations of each fork"),
               Line2D([], [], color="#444444", linestyle=":", linewidth=1.1, label="changepoint: a new segment starts"),
               Line2D([], [], color="#444444", linestyle="-", linewidth=1.3, label="steadyFrom: the steady segment starts"),
               Line2D([], [], color="#444444", linestyle="--", linewidth=0.9, label="the fork's steady median"),
               Line2D([], [], color=FORK_COLOURS[0], marker="o", markersize=2.2, linewidth=1.0,
                      label="one line (and colour) per fork")]
    sheet.legend(handles, ncol=3)
    return sheet.fig


# --------------------------------------------------------------------------------------------------------- scaling


def scaling(run: results.Run) -> Figure:
    """The size sweep, steady regime: per tree family and mode, time against entries (log-log) for every backend at
    its default concurrency, the range of its fork medians as an error bar, and the floors where the run has them
    (purple, hollow squares: the library's own loop dashed, a system tool timed as a process dotted); under it each
    backend's ratio against nio with its 95% interval; the crossover (results.crossover_table) is marked where the
    run's target (native unless --target named another) starts to win."""
    title = "Scaling: time against entries of the synthetic tree, per tree family, steady regime (log-log)"
    target = results.target_of(run)
    frame = results.scaling_frame(run, results.STEADY)
    if frame.empty:
        return placeholder(run, title, "This run holds no size sweep: a tree family needs at least "
                           f"{results.SWEEP_MIN_SIZES} sizes of the synthetic tree measured by nio and {target} "
                           "(fsbench run --sweep measures tree-4 to tree-16000).")
    table = results.crossover_table(run)
    blocks = list(dict.fromkeys(zip(frame["family"], frame["mode"])))
    labels = [label for label in results.default_labels(run, controls=False) if label in set(frame["label"])]
    floors = [label for label in run.floor_labels if label in set(frame["label"])]
    others = [label for label in labels if label != results.BASELINE]
    ratios = frame[frame["ratio"].notna()]
    limit = _ratio_limit(ratios["ratio"].tolist() + ratios["low"].tolist() + ratios["high"].tolist(), margin=1.2)
    ncols = min(len(blocks), 2)
    nrows = math.ceil(len(blocks) / ncols)
    sheet = _Sheet(run, title, body=nrows * 4.2 + (nrows - 1) * 0.6, nrows=2 * nrows, ncols=ncols, left=0.9,
                   hspace=0.35, wspace=0.22, bottom=0.6, legend_rows=2, height_ratios=[2.2, 1.0] * nrows)
    for i, (family, mode) in enumerate(blocks):
        top, bottom = sheet.axes[2 * (i // ncols)][i % ncols], sheet.axes[2 * (i // ncols) + 1][i % ncols]
        here = frame[(frame["family"] == family) & (frame["mode"] == mode)]
        sizes = here.drop_duplicates("scenario")[["scenario", "entries"]]
        for label in labels:
            mine = here[(here["label"] == label) & here["medianNanos"].notna()]
            if mine.empty:
                continue
            ms = mine["medianNanos"] / 1e6
            err = [(ms - mine["forkMinNanos"] / 1e6).clip(lower=0), (mine["forkMaxNanos"] / 1e6 - ms).clip(lower=0)]
            top.errorbar(mine["entries"], ms, yerr=err, color=colour(run, label), marker="o", markersize=4,
                         linewidth=1.3, capsize=2.5, elinewidth=0.9, zorder=3, label=label)
        for label in floors:
            mine = here[(here["label"] == label) & here["medianNanos"].notna()]
            if not mine.empty:
                top.plot(mine["entries"], mine["medianNanos"] / 1e6, color=FLOOR_COLOUR, marker="s",
                         markerfacecolor="white", markersize=4, linewidth=1.3, zorder=3, label=label,
                         linestyle=_floor_style(mine["timing"].iloc[0]))
        top.set_xscale("log")
        top.set_yscale("log")
        _log_millis_axis(top)
        top.grid(which="major", color="#eeeeee", linewidth=0.6, zorder=0)
        top.set_title(f"{family}, {MODE_TITLES[mode]}", loc="left", fontsize=FONT + 1)
        top.set_ylabel("steady median, ms (log)", fontsize=FONT - 1)
        lacking = here[here["medianNanos"].isna() & here["label"].isin(labels + floors)]
        if not lacking.empty:
            top.text(0.99, 0.02, "no steady state: " + ", ".join(f"{r['label']} at {r['scenario']}"
                                                                  for _, r in lacking.iterrows()),
                     transform=top.transAxes, ha="right", va="bottom", fontsize=FONT - 2, color=LOSS)
        _tint_ratio_axis(bottom, limit, vertical=True, captions=(i == 0))
        bottom.set_xscale("log")
        width = len(others)
        for j, label in enumerate(others):
            mine = here[(here["label"] == label) & here["ratio"].notna()]
            for _, r in mine.iterrows():
                x = r["entries"] * 1.06 ** (j - (width - 1) / 2)  # side by side on the log axis
                filled = r["verdict"] in ("faster", "slower")
                bottom.errorbar([x], [r["ratio"]], yerr=[[max(r["ratio"] - r["low"], 0)], [max(r["high"] - r["ratio"], 0)]],
                                fmt="o", color=colour(run, label), markerfacecolor=colour(run, label) if filled else "white",
                                markersize=4.5, capsize=2, elinewidth=0.9, zorder=4)
        bottom.set_ylabel("nio / backend", fontsize=FONT - 1)
        row = table[(table["family"] == family) & (table["mode"] == mode)]
        if not row.empty and isinstance(row.iloc[0]["from"], str):
            c = row.iloc[0]
            for ax in (top, bottom):
                ax.axvline(c["entries"], color=WIN, linestyle="--", linewidth=1.1, zorder=2)
            floor = ("" if pd.isna(c["floorRatio"])
                     else f"; {_format_ratio(c['floorRatio'])} the floor's time there")
            top.text(0.01, 0.97, f"{target} faster from {c['from']} ({int(c['entries']):,} entries) on: "
                     f"{_format_ratio(c['ratio'])} [{_format_ratio(c['low'])[:-1]}, {_format_ratio(c['high'])[:-1]}]"
                     + floor,
                     transform=top.transAxes, ha="left", va="top", fontsize=FONT - 1, color=WIN, fontweight="bold")
        else:
            top.text(0.01, 0.97, f"{target} not faster at the largest size decided: no crossover in this sweep",
                     transform=top.transAxes, ha="left", va="top", fontsize=FONT - 1, color="#555555")
        for ax in (top, bottom):
            ax.set_xticks(list(sizes["entries"]))
            ax.set_xticklabels([f"{e:,}" for e in sizes["entries"]] if ax is bottom else [], fontsize=FONT - 2)
            ax.xaxis.set_minor_locator(NullLocator())
            ax.set_xlim(sizes["entries"].min() / 1.5, sizes["entries"].max() * 1.5)
        bottom.set_xlabel("entries of the tree (files and directories, log)", fontsize=FONT - 1)
    for k in range(len(blocks), nrows * ncols):  # an odd number of panels leaves one slot empty
        sheet.axes[2 * (k // ncols)][k % ncols].set_axis_off()
        sheet.axes[2 * (k // ncols) + 1][k % ncols].set_axis_off()
    handles = [Line2D([], [], color=colour(run, label), marker="o", markersize=4, label=label) for label in labels]
    timings = dict(zip(frame["label"], frame["timing"]))
    handles += [Line2D([], [], color=FLOOR_COLOUR, marker="s", markerfacecolor="white", markersize=4,
                       linestyle=_floor_style(timings[label]),
                       label=f"{label}: " + ("the same calls with no JVM in the loop" if timings[label] == "native-loop"
                                             else "a system tool, timed as a whole process") + " (sync)")
                for label in floors]
    handles += [Line2D([], [], color="#444444", marker="|", linestyle="", markersize=8,
                       label="time: range of the fork medians; ratio: its 95% bootstrap interval"),
                Line2D([], [], color="#444444", marker="o", markerfacecolor="white", linestyle="", label="ratio: tie"),
                Line2D([], [], color=WIN, linestyle="--", label=f"crossover: {target} faster from here on")]
    sheet.legend(handles, ncol=4)
    return sheet.fig


def _floor_style(timing: str) -> str:
    """A floor's line on the scaling chart: dashed for the library's own loop, dotted for a process timing."""
    return "--" if timing == "native-loop" else ":"


# ------------------------------------------------------------------------------------------------------- all charts


CHARTS: dict[str, Callable[[results.Run], Figure]] = {
    "overview.png": overview,
    "overview-first-use.png": overview_first_use,
    "warmup.png": warmup,
    "sync-async.png": sync_async,
    "concurrency.png": concurrency,
}

SCALING_FILE = "scaling.png"


def scaling_files(run: results.Run) -> list[str]:
    """``scaling.png`` for a run that holds a size sweep, else nothing: the chart exists for sweeps only, so the
    committed runs of the standard matrix carry no chart that could only say they hold none."""
    return [] if results.scaling_frame(run).empty else [SCALING_FILE]


def distribution_files(run: results.Run) -> dict[str, str]:
    """File name per family, e.g. ``distributions-readFile.png``, in matrix order."""
    return {family: f"distributions-{family}.png" for family in run.families}


def expected_files(run: results.Run) -> list[str]:
    """Every chart the notebooks write for ``run``: run-all.sh checks that each one was (re)written."""
    return list(CHARTS) + scaling_files(run) + list(distribution_files(run).values())


def main(argv: list[str]) -> int:
    """``fsbench_charts.py expected RUN_DIR``: the chart file names the notebooks must write, one a line."""
    if len(argv) != 3 or argv[1] != "expected":
        print("usage: fsbench_charts.py expected RUN_DIR", file=sys.stderr)
        return 2
    try:
        run = results.load_run(argv[2])
    except results.RunError as e:
        print(f"fsbench_charts: {e}", file=sys.stderr)
        return 1
    print("\n".join(expected_files(run)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
