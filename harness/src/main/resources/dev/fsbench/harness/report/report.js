// Draws REPORT.html from the JSON block #fsbench-data (HtmlData.java describes its shape): the decision
// table, the overview chart, the table of every cell and the per-family charts, all as plain DOM and SVG.
// Nothing is fetched. When everything is drawn, #render-status says so in data-status="ok"; an error
// puts "error: ..." there instead, for the headless check (scripts/check-report-html.py) to read.
(function () {
  "use strict";

  var SVG = "http://www.w3.org/2000/svg";
  var REGIMES = ["steady", "first-use"];
  var VERDICT = { faster: "#1b7f3b", slower: "#c62828", tie: "#8a8a8a" };
  var FLOOR = "#7b3294";
  var PALETTE = ["#4c72b0", "#dd8452", "#55a868", "#8172b3", "#937860", "#da8bc3", "#ccb974", "#64b5cd"];
  var FORKS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
  var status = document.getElementById("render-status");

  function fail(message) {
    status.dataset.status = "error: " + message;
    status.textContent = "The page's script failed: " + message;
  }

  window.addEventListener("error", function (e) {
    fail(e.message);
  });

  // ---------------------------------------------------------------------------------------------- helpers

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    setAll(node, attrs);
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function sv(tag, attrs, parent) {
    var node = document.createElementNS(SVG, tag);
    setAll(node, attrs);
    if (parent) parent.appendChild(node);
    return node;
  }

  function setAll(node, attrs) {
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k]);
    });
  }

  function tip(node, text) {
    sv("title", { text: text }, node);
    return node;
  }

  function has(v) {
    return v !== null && v !== undefined;
  }

  // Three significant digits, never scientific notation (as REPORT.md prints a figure).
  function sig(v) {
    var a = Math.abs(v);
    if (a >= 100 || a === 0) return v.toFixed(0);
    if (a >= 10) return v.toFixed(1);
    if (a >= 1) return v.toFixed(2);
    return v.toFixed(Math.min(2 - Math.floor(Math.log10(a)), 9));
  }

  function ratioText(v) {
    return has(v) ? (v >= 100 ? v.toFixed(0) : v.toFixed(2)) + "x" : "";
  }

  function intervalText(low, high) {
    return has(low) && has(high) ? "[" + low.toFixed(2) + ", " + high.toFixed(2) + "]" : "";
  }

  // A log axis from [lo, hi] onto [a, b] pixels.
  function logScale(lo, hi, a, b) {
    var l0 = Math.log(lo);
    var span = Math.log(hi) - l0 || 1;
    return function (v) {
      return a + ((Math.log(v) - l0) / span) * (b - a);
    };
  }

  // Ticks at 1, 2 and 5 times the powers of ten inside [lo, hi], thinned to at most about `most`.
  function decadeTicks(lo, hi, most) {
    var ticks = [];
    for (var e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
      [1, 2, 5].forEach(function (m) {
        var v = m * Math.pow(10, e);
        if (v >= lo && v <= hi) ticks.push(v);
      });
    }
    if (ticks.length > most) ticks = ticks.filter(function (v) { return Math.abs(Math.log10(v) % 1) < 1e-9; });
    return ticks;
  }

  function range(values) {
    var lo = Infinity;
    var hi = -Infinity;
    values.forEach(function (v) {
      if (has(v) && v > 0) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    });
    if (lo === Infinity) return [1, 10];
    if (hi / lo < 1.5) {
      lo /= 1.25;
      hi *= 1.25;
    }
    return [lo / 1.08, hi * 1.08];
  }

  function colours(labels) {
    var map = {};
    var next = 0;
    labels.forEach(function (label) {
      if (label === "nio") map[label] = "#4c72b0";
      else if (label === "nio-aa") map[label] = "#9aaccf";
      else if (label.indexOf("floor") === 0) map[label] = FLOOR;
      else map[label] = PALETTE[1 + (next++ % (PALETTE.length - 1))];
    });
    return map;
  }

  function routeText(cell) {
    if (has(cell.floor)) return "floor, " + cell.floor + " timing: " + cell.via;
    return (cell.route === "own" ? "own: " : "nio fallback: ") + cell.via;
  }

  function versusText(cell, r) {
    if (cell.label === "nio") return "baseline";
    if (has(cell.floor)) return "reference";
    return has(r.ratio) ? ratioText(r.ratio) : "—";
  }

  function figureText(r) {
    return has(r.ms) ? sig(r.ms) : "no steady state";
  }

  // ---------------------------------------------------------------------------------------- decisions

  function decisions(data, showCell) {
    var body = document.getElementById("decision-rows");
    data.decisions.forEach(function (d) {
      var links = el("td", {}, []);
      d.cells.forEach(function (id, i) {
        if (i) links.appendChild(document.createTextNode(", "));
        var a = el("a", { href: "#cells", title: "show this cell's rows in the table below" }, [id]);
        a.addEventListener("click", function (e) {
          e.preventDefault();
          showCell(id);
        });
        links.appendChild(a);
      });
      body.appendChild(el("tr", { id: "decision-" + d.regime + "-" + d.key }, [
        el("td", {}, [d.kind]),
        el("td", {}, [d.regime]),
        el("td", {}, [d.why ? d.backend + " (" + d.why + ")" : d.backend]),
        el("td", { class: "num" }, [ratioText(d.ratio)]),
        el("td", { class: "num" }, [intervalText(d.low, d.high)]),
        links
      ]));
    });
    if (!data.decisions.length) {
      var table = document.getElementById("decision-table");
      table.style.display = "none";
      table.parentNode.insertBefore(
        el("p", { class: "empty", id: "decision-empty" }, [
          "No decisions in this page's data: it was rendered without a decision table. The overview and the"
            + " table of every cell below have the comparisons a decision rests on."
        ]),
        table
      );
    }
    return data.decisions.length;
  }

  // ----------------------------------------------------------------------------------------- overview

  function overview(data) {
    var blocks = [];
    var byKey = {};
    data.cells.forEach(function (c) {
      if (!c.representative) return;
      var key = c.family + "\u0000" + c.case + "\u0000" + c.mode;
      if (!byKey[key]) {
        byKey[key] = { family: c.family, case: c.case, mode: c.mode, rows: [], nio: null };
        blocks.push(byKey[key]);
      }
      if (c.label === "nio") byKey[key].nio = c;
      else if (!has(c.floor)) byKey[key].rows.push(c);
    });
    blocks.sort(function (a, b) {
      var fa = data.families.indexOf(a.family);
      var fb = data.families.indexOf(b.family);
      return fa - fb || (a.mode === "sync" ? 0 : 1) - (b.mode === "sync" ? 0 : 1);
    });
    var holder = document.getElementById("overview-chart");
    if (!blocks.length) {
      holder.appendChild(el("p", { class: "empty" }, ["This run has no measured case to show."]));
      return;
    }
    var spread = 2;
    blocks.forEach(function (b) {
      b.rows.concat(b.nio ? [b.nio] : []).forEach(function (c) {
        REGIMES.forEach(function (g) {
          var r = c.regimes[g];
          [r.ratio, r.low, r.high, r.vsFloor && r.vsFloor.floor ? r.vsFloor.floor[0] : null].forEach(function (v) {
            if (has(v) && v > 0) spread = Math.max(spread, Math.exp(Math.abs(Math.log(v)) * 1.15));
          });
        });
      });
    });
    var limit = Math.pow(2, Math.ceil(Math.log2(spread)));
    var rowH = 15;
    var gap = 9;
    var left = 300;
    var panelW = 380;
    var between = 40;
    var top = 48;
    var height = top + 24;
    // Two rows at least: the block's label takes two lines (family; case and mode).
    var blockH = function (b) {
      return Math.max(2, b.rows.length) * rowH;
    };
    blocks.forEach(function (b) {
      height += blockH(b) + gap;
    });
    var width = left + 2 * panelW + between + 10;
    var svg = sv("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height, role: "img" });
    REGIMES.forEach(function (g, p) {
      var x0 = left + p * (panelW + between);
      var x = logScale(1 / limit, limit, x0, x0 + panelW);
      sv("rect", { x: x0, y: top, width: x(1) - x0, height: height - top - 24, fill: "#fbeeee" }, svg);
      sv("rect", { x: x(1), y: top, width: x0 + panelW - x(1), height: height - top - 24, fill: "#eef7ef" }, svg);
      sv("text", {
        x: x0 + panelW / 2, y: 14, "text-anchor": "middle", "font-weight": "bold",
        text: g === "steady" ? "steady (a long-running JVM)" : "first-use (a short-lived JVM)"
      }, svg);
      sv("text", { x: x0, y: 28, text: "slower than nio", fill: "#c62828" }, svg);
      sv("text", { x: x0 + panelW, y: 28, "text-anchor": "end", text: "faster than nio", fill: "#1b7f3b" }, svg);
      for (var t = 1 / limit; t <= limit * 1.0001; t *= 2) {
        var label = t >= 1 ? t + "x" : "1/" + Math.round(1 / t) + "x";
        sv("line", { x1: x(t), x2: x(t), y1: top, y2: height - 24, stroke: t === 1 ? "#444" : "#e0e0e0" }, svg);
        sv("text", { x: x(t), y: top - 5, "text-anchor": "middle", text: label }, svg);
        sv("text", { x: x(t), y: height - 10, "text-anchor": "middle", text: label }, svg);
      }
      var y = top;
      blocks.forEach(function (b) {
        var floor = b.nio && b.nio.regimes[g].vsFloor && b.nio.regimes[g].vsFloor.floor;
        if (floor) {
          tip(sv("line", {
            x1: x(floor[0]), x2: x(floor[0]), y1: y + 1, y2: y + blockH(b) - 1,
            stroke: FLOOR, "stroke-width": 3
          }, svg), "floor: nio / floor = " + ratioText(floor[0]) + " " + intervalText(floor[1], floor[2]));
        }
        b.rows.forEach(function (c, i) {
          overviewMark(svg, x, x0, panelW, y + i * rowH + rowH / 2, c, g, b);
        });
        y += blockH(b) + gap;
      });
    });
    var y = top;
    blocks.forEach(function (b, i) {
      if (i) {
        var same = blocks[i - 1].family === b.family;
        sv("line", { x1: 0, x2: width - 10, y1: y - gap / 2, y2: y - gap / 2, stroke: same ? "#eee" : "#bbb" }, svg);
      }
      sv("text", { x: 0, y: y + rowH - 3, "font-weight": "bold", text: b.family }, svg);
      sv("text", { x: 0, y: y + 2 * rowH - 3, fill: "#666", text: b.case + ", " + b.mode }, svg);
      if (!b.rows.length) {
        sv("text", { x: left - 8, y: y + rowH - 3, "text-anchor": "end", fill: "#777", text: "only nio ran" }, svg);
      }
      b.rows.forEach(function (c, j) {
        sv("text", {
          x: left - 8, y: y + j * rowH + rowH - 3, "text-anchor": "end",
          text: c.control ? c.label + " (A/A)" : c.label
        }, svg);
      });
      y += blockH(b) + gap;
    });
    holder.appendChild(svg);
  }

  function overviewMark(svg, x, x0, panelW, y, c, g, block) {
    var r = c.regimes[g];
    if (!has(r.ratio)) {
      sv("text", {
        x: x(1) + 6, y: y + 4, fill: "#888", "font-style": "italic",
        text: r.note || (has(r.ms) ? "no comparison" : "no steady state")
      }, svg);
      return;
    }
    var clip = function (v) {
      return Math.max(x0, Math.min(x0 + panelW, x(v)));
    };
    var colour = VERDICT[r.verdict] || VERDICT.tie;
    var group = sv("g", {}, svg);
    sv("line", { x1: clip(r.low), x2: clip(r.high), y1: y, y2: y, stroke: colour, "stroke-width": 1.5 }, group);
    var fill = r.verdict === "tie" ? "#fff" : colour;
    if (c.control) {
      sv("rect", { x: clip(r.ratio) - 4, y: y - 4, width: 8, height: 8, fill: fill, stroke: colour }, group);
    } else {
      sv("circle", { cx: clip(r.ratio), cy: y, r: 4, fill: fill, stroke: colour, "stroke-width": 1.5 }, group);
    }
    var nio = block.nio && block.nio.regimes[g];
    tip(group, c.label + ", " + c.family + " " + c.case + ", " + c.mode + ", " + g + ": "
      + ratioText(r.ratio) + " " + intervalText(r.low, r.high) + " " + r.verdict
      + (has(r.ms) ? "; " + sig(r.ms) + " ms" : "")
      + (nio && has(nio.ms) ? " against nio's " + sig(nio.ms) + " ms" : "")
      + (c.route === "nio-fallback" ? " (nio fallback)" : ""));
  }

  // ------------------------------------------------------------------------------------ table of cells

  function cellTable(data) {
    var body = document.getElementById("cell-rows");
    var rows = [];
    data.cells.forEach(function (c) {
      REGIMES.forEach(function (g) {
        var r = c.regimes[g];
        var values = {
          family: c.family,
          case: c.case,
          mode: c.mode,
          backend: c.control ? c.label + " (A/A)" : c.label,
          regime: g,
          ms: figureText(r),
          "vs nio": versusText(c, r),
          interval: intervalText(r.low, r.high),
          verdict: r.verdict || "",
          route: routeText(c)
        };
        var keys = { ms: has(r.ms) ? r.ms : null, "vs nio": has(r.ratio) ? r.ratio : null };
        var tr = el("tr", { id: g + ":" + c.id, "data-cell": c.id }, []);
        Object.keys(values).forEach(function (k) {
          var cls = k === "ms" || k === "vs nio" || k === "interval" ? "num" : k === "route" ? "route" : null;
          if (k === "verdict" && values[k]) cls = values[k];
          var td = el("td", { class: cls }, [values[k]]);
          if (k === "ms" && r.note) td.title = r.note;
          tr.appendChild(td);
        });
        rows.push({ tr: tr, values: values, keys: keys, text: (c.id + " " + Object.keys(values).map(function (k) {
          return values[k];
        }).join(" ")).toLowerCase() });
        body.appendChild(tr);
      });
    });
    var table = document.getElementById("cell-table");
    var scroll = el("div", { class: "table-scroll" }, []);
    table.parentNode.insertBefore(scroll, table);
    scroll.appendChild(table);
    var filter = document.getElementById("cell-filter");
    var count = document.getElementById("cell-count");
    function apply() {
      var terms = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (row) {
        var keep = terms.every(function (t) {
          return row.text.indexOf(t) >= 0;
        });
        row.tr.style.display = keep ? "" : "none";
        shown += keep ? 1 : 0;
      });
      count.textContent = shown + " of " + rows.length + " rows";
    }
    filter.addEventListener("input", apply);
    var sorted = { key: null, dir: 1 };
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
      th.addEventListener("click", function () {
        var key = th.dataset.key;
        sorted.dir = sorted.key === key ? -sorted.dir : 1;
        sorted.key = key;
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) {
          h.classList.remove("asc", "desc");
        });
        th.classList.add(sorted.dir > 0 ? "asc" : "desc");
        var numeric = key in rows[0].keys;
        rows.sort(function (a, b) {
          if (numeric) {
            var x = a.keys[key];
            var y = b.keys[key];
            if (!has(x) || !has(y)) return has(x) ? -1 : has(y) ? 1 : 0; // no figure: last either way
            return (x - y) * sorted.dir;
          }
          return a.values[key].localeCompare(b.values[key]) * sorted.dir;
        });
        rows.forEach(function (row) {
          body.appendChild(row.tr);
        });
      });
    });
    apply();
    function showCell(id) {
      filter.value = id;
      apply();
      rows.forEach(function (row) {
        row.tr.classList.toggle("picked", row.tr.dataset.cell === id);
      });
      document.getElementById("cells").scrollIntoView();
    }
    function fromHash() {
      var id = decodeURIComponent(location.hash.slice(1));
      var target = id && document.getElementById(id);
      if (target && target.tagName === "TR") {
        filter.value = "";
        apply();
        target.scrollIntoView({ block: "center" });
      }
    }
    window.addEventListener("hashchange", fromHash);
    fromHash();
    return { rows: rows.length, showCell: showCell };
  }

  // --------------------------------------------------------------------------------------- per family

  function families(data, colour) {
    var holder = document.getElementById("family-list");
    data.families.forEach(function (family) {
      var cells = data.cells.filter(function (c) {
        return c.family === family;
      });
      var counts = { faster: 0, slower: 0, tie: 0 };
      cells.forEach(function (c) {
        var v = c.regimes.steady.verdict;
        if (v && !c.control) counts[v]++;
      });
      var details = el("details", { id: "family-" + family }, [
        el("summary", {}, [
          el("strong", {}, [family]),
          el("span", { class: "counts" }, [
            cells.length + " cells; steady against nio: " + counts.faster + " faster, " + counts.slower
              + " slower, " + counts.tie + " tie"
          ])
        ])
      ]);
      ["sync", "async"].forEach(function (mode) {
        var mine = cells.filter(function (c) {
          return c.mode === mode;
        });
        if (!mine.length) return;
        details.appendChild(el("h3", {}, [family + ", " + mode + ": distributions"]));
        details.appendChild(distributions(mine, colour));
      });
      var shown = cells.filter(function (c) {
        return c.series && c.series.length;
      });
      if (shown.length) {
        details.appendChild(el("h3", {}, [family + ": warm-up, the representative cells"]));
        var panels = el("div", { class: "panels" }, []);
        shown.forEach(function (c) {
          panels.appendChild(warmup(c, data.method.firstUseSamples));
        });
        details.appendChild(panels);
      }
      holder.appendChild(details);
    });
    return data.families.length;
  }

  function distributions(cells, colour) {
    var values = [];
    cells.forEach(function (c) {
      c.forks.forEach(function (f) {
        if (f.box) values.push(f.box[0], f.box[6]);
      });
    });
    var span = range(values);
    var left = 250;
    var plotW = 620;
    var right = 150;
    var lane = 5;
    var top = 6;
    var heights = cells.map(function (c) {
      return Math.max(14, c.forks.length * lane + 6);
    });
    var height = top + heights.reduce(function (a, b) { return a + b; }, 0) + 26;
    var width = left + plotW + right;
    var x = logScale(span[0], span[1], left, left + plotW);
    var svg = sv("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height, role: "img" });
    decadeTicks(span[0], span[1], 9).forEach(function (t) {
      sv("line", { x1: x(t), x2: x(t), y1: top, y2: height - 22, stroke: "#eee" }, svg);
      sv("text", { x: x(t), y: height - 8, "text-anchor": "middle", text: sig(t) }, svg);
    });
    sv("text", { x: left + plotW + 6, y: height - 8, fill: "#666", text: "ms per sample (log)" }, svg);
    var y = top;
    cells.forEach(function (c, i) {
      var h = heights[i];
      if (i === 0 || cells[i - 1].case !== c.case) {
        if (i) sv("line", { x1: 0, x2: width, y1: y, y2: y, stroke: "#ccc" }, svg);
        sv("text", { x: 0, y: y + 11, "font-weight": "bold", text: c.case }, svg);
      }
      sv("text", {
        x: left - 8, y: y + h / 2 + 4, "text-anchor": "end", fill: colour[c.label],
        text: c.control ? c.label + " (A/A)" : c.label
      }, svg);
      var row = sv("g", {}, svg);
      c.forks.forEach(function (f, k) {
        if (!f.box) return;
        var b = f.box;
        var fy = y + 4 + k * lane + lane / 2;
        sv("line", { x1: x(b[1]), x2: x(b[5]), y1: fy, y2: fy, stroke: colour[c.label] }, row);
        sv("rect", {
          x: x(b[2]), y: fy - 2, width: Math.max(1, x(b[4]) - x(b[2])), height: 4, fill: colour[c.label]
        }, row);
        sv("circle", { cx: x(b[0]), cy: fy, r: 1.3, fill: colour[c.label] }, row);
        sv("circle", { cx: x(b[6]), cy: fy, r: 1.3, fill: colour[c.label] }, row);
      });
      var st = c.regimes.steady.ms;
      var fu = c.regimes["first-use"].ms;
      if (has(fu)) sv("line", { x1: x(fu), x2: x(fu), y1: y + 1, y2: y + h - 1, stroke: "#999", "stroke-width": 2 }, row);
      if (has(st)) sv("line", { x1: x(st), x2: x(st), y1: y + 1, y2: y + h - 1, stroke: "#000", "stroke-width": 2 }, row);
      tip(row, c.id + "\nsteady " + figureText(c.regimes.steady) + (has(st) ? " ms" : "") + ", first-use "
        + figureText(c.regimes["first-use"]) + " ms\n" + c.forks.map(function (f) {
          return "fork " + f.fork + " (" + f.classification + "): " + (f.box
            ? "min " + sig(f.box[0]) + ", median " + sig(f.box[3]) + ", max " + sig(f.box[6]) + " ms"
            : "no samples");
        }).join("\n"));
      sv("text", {
        x: left + plotW + 6, y: y + h / 2 + 4, fill: "#555",
        text: has(st) ? sig(st) + " ms steady" : "no steady state"
      }, svg);
      y += h;
    });
    return el("div", { class: "chart" }, [svg]);
  }

  function warmup(c, window) {
    var w = 280;
    var h = 150;
    var pad = { l: 44, r: 8, t: 18, b: 20 };
    var values = [];
    c.series.forEach(function (s) {
      values = values.concat(s);
    });
    c.forks.forEach(function (f) {
      if (has(f.steadyMs)) values.push(f.steadyMs);
    });
    var span = range(values);
    var longest = Math.max.apply(null, c.forks.map(function (f) { return f.measured; }).concat([1]));
    var x = function (iteration) {
      return pad.l + (iteration / Math.max(1, longest)) * (w - pad.l - pad.r);
    };
    var y = logScale(span[0], span[1], h - pad.b, pad.t);
    var svg = sv("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, role: "img" });
    sv("text", { x: 2, y: 12, "font-weight": "bold", text: c.case + ", " + c.mode + ": " + c.label }, svg);
    sv("rect", {
      x: x(0), y: pad.t, width: x(Math.min(window, longest)) - x(0), height: h - pad.t - pad.b, fill: "#eef2fa"
    }, svg);
    sv("rect", {
      x: pad.l, y: pad.t, width: w - pad.l - pad.r, height: h - pad.t - pad.b, fill: "none", stroke: "#ccc"
    }, svg);
    [span[0] * 1.08, span[1] / 1.08].forEach(function (v) {
      sv("text", { x: pad.l - 4, y: y(v) + 4, "text-anchor": "end", text: sig(v) }, svg);
    });
    sv("text", { x: pad.l, y: h - 6, text: "0" }, svg);
    sv("text", { x: w - pad.r, y: h - 6, "text-anchor": "end", text: longest + " iterations" }, svg);
    c.forks.forEach(function (f, k) {
      var colour = FORKS[k % FORKS.length];
      var series = c.series[k] || [];
      var points = series.map(function (v, i) {
        return x(i * c.step + (c.step - 1) / 2 + 0.5).toFixed(1) + "," + y(v).toFixed(1);
      });
      if (points.length) {
        tip(sv("polyline", { points: points.join(" "), fill: "none", stroke: colour, "stroke-width": 1.1 }, svg),
          "fork " + f.fork + ": " + f.classification + (has(f.steadyFrom) ? ", steady from " + f.steadyFrom : ""));
      }
      f.changepoints.forEach(function (cp) {
        if (cp === f.steadyFrom) return;
        sv("line", { x1: x(cp), x2: x(cp), y1: pad.t, y2: h - pad.b, stroke: colour, "stroke-dasharray": "2,2" }, svg);
      });
      if (has(f.steadyFrom)) {
        if (f.steadyFrom > 0) {
          sv("line", { x1: x(f.steadyFrom), x2: x(f.steadyFrom), y1: pad.t, y2: h - pad.b, stroke: colour }, svg);
        }
        sv("line", {
          x1: x(f.steadyFrom), x2: x(f.measured), y1: y(f.steadyMs), y2: y(f.steadyMs), stroke: colour,
          "stroke-dasharray": "5,3"
        }, svg);
      }
    });
    var note = c.regimes.steady;
    sv("text", {
      x: w - pad.r - 2, y: pad.t + 11, "text-anchor": "end", fill: "#555",
      text: has(note.ms) ? "steady: " + (note.classification || "") : note.note || "no steady state"
    }, svg);
    return el("div", { class: "chart" }, [svg]);
  }

  // ------------------------------------------------------------------------------------------------ main

  function main(data) {
    var colour = colours(data.labels);
    var table = cellTable(data);
    var decided = decisions(data, table.showCell);
    overview(data);
    var drawn = families(data, colour);
    status.dataset.status = "ok";
    status.dataset.cellRows = String(table.rows);
    status.dataset.decisionRows = String(decided);
    status.textContent = "Drawn: " + table.rows + " cell rows, " + decided + " decisions, " + drawn + " families.";
  }

  try {
    main(JSON.parse(document.getElementById("fsbench-data").textContent));
  } catch (e) {
    fail(e && e.message ? e.message : String(e));
    throw e;
  }
})();
