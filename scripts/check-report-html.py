#!/usr/bin/env python3
"""Opens a run's REPORT.html in headless Chromium and checks what a reader would see.

    scripts/check-report-html.py RUN_DIR [HTML]

HTML defaults to RUN_DIR/REPORT.html. The checks:

- the file stands alone: no script, style, image or link that it would fetch (no src, no stylesheet link, no
  url(...), no @import);
- the page's title is "fsbench results: " and the run folder's name;
- the decision table has one row per decision of the page's embedded data;
- the table of every cell has one row per cell and regime, the cells counted from RUN_DIR/run.json here, apart from
  anything the harness computed (a result of a case is a cell; there are two regimes);
- the page's own script says it drew everything (data-status="ok" on #render-status), and Chromium's console shows
  no line at all: the page logs nothing when it works, so any console line (an error, an uncaught exception) fails.

Only Debian's chromium and python3's standard library: no driver, no network (the flags below keep Chromium
from reaching for one). Exits 0 when every check passes, 1 otherwise, each failure said on stderr.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0", "--dump-dom"]
DATA_BLOCK = re.compile(r'<script type="application/json" id="fsbench-data">(.*?)</script>', re.S)
FETCHES = re.compile(r'''\ssrc\s*=|<link\b|url\(|@import''', re.I)
TIMEOUT_SECONDS = 180


def cell_rows_from_run_json(run_dir: Path) -> tuple[int, int]:
    """(cells, rows): every result of every case in run.json is a cell, shown once per regime."""
    with open(run_dir / "run.json", encoding="utf-8") as f:
        doc = json.load(f)
    cells = sum(len(case["results"]) for case in doc["cases"])
    return cells, 2 * cells


class Dom(HTMLParser):
    """The parts of the dumped DOM the checks read: the title, the rows of two tables, the status element."""

    def __init__(self):
        super().__init__()
        self.title = None  # the document's: the first <title>, in <head> (SVG's <title> are tooltips)
        self.rows = {"cell-rows": 0, "decision-rows": 0}
        self.status = {}
        self._in_title = False
        self._tbody = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "title" and self.title is None:
            self._in_title = True
            self.title = ""
        elif tag == "tbody" and attrs.get("id") in self.rows:
            self._tbody = attrs["id"]
        elif tag == "tr" and self._tbody:
            self.rows[self._tbody] += 1
        elif attrs.get("id") == "render-status":
            self.status = attrs

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False
        elif tag == "tbody":
            self._tbody = None

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def open_in_chromium(html: Path) -> tuple[str, list[str]]:
    """The DOM after the page's script ran, and Chromium's console lines."""
    with tempfile.TemporaryDirectory(prefix="fsbench-chromium-") as profile:
        done = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", html.resolve().as_uri()],
                              capture_output=True, text=True, timeout=TIMEOUT_SECONDS, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise RuntimeError(f"chromium exited {done.returncode}: {done.stderr[-2000:]}")
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    return done.stdout, console


def check(run_dir: Path, html: Path) -> list[str]:
    failures = []
    text = html.read_text(encoding="utf-8")
    if FETCHES.search(text):
        failures.append(f"the page refers to something outside it: {FETCHES.search(text).group(0)!r}")
    block = DATA_BLOCK.search(text)
    if not block:
        return failures + ["no embedded data block (#fsbench-data)"]
    data = json.loads(block.group(1))
    cells, rows = cell_rows_from_run_json(run_dir)
    if len(data["cells"]) != cells:
        failures.append(f"the page's data has {len(data['cells'])} cells, run.json {cells}")
    dom_text, console = open_in_chromium(html)
    dom = Dom()
    dom.feed(dom_text)
    title = "fsbench results: " + run_dir.resolve().name
    if dom.title != title:
        failures.append(f"title {dom.title!r}, expected {title!r}")
    if dom.rows["decision-rows"] != len(data["decisions"]):
        failures.append(f"{dom.rows['decision-rows']} decision rows, the data has {len(data['decisions'])}")
    if dom.rows["cell-rows"] != rows:
        failures.append(f"{dom.rows['cell-rows']} cell rows, run.json has {cells} cells x 2 regimes = {rows}")
    if dom.status.get("data-status") != "ok":
        failures.append(f"the page's script did not finish: data-status={dom.status.get('data-status')!r}")
    failures += [f"console: {line}" for line in console]
    if not failures:
        print(f"{html}: {html.stat().st_size:,} bytes, title {title!r}, {dom.rows['decision-rows']} decision rows,"
              f" {dom.rows['cell-rows']} cell rows (run.json: {cells} cells x 2 regimes), script ok, console clean")
    return failures


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    run_dir = Path(argv[1])
    html = Path(argv[2]) if len(argv) == 3 else run_dir / "REPORT.html"
    failures = check(run_dir, html)
    for failure in failures:
        print(f"{html}: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
