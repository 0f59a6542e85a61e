#!/usr/bin/env bash
# The syscalls of the floor of each tree family (readdir, glob, scan, cp, rm) on the harness's tree-1000, counted with
# strace -c, against the least the work needs: the table in rust/SYSCALLS.md.
#
#   scripts/floor-syscalls.sh [--files N] [--concurrency C] [ROOT]     # ROOT: where the tree goes (default /dev/shm)
#
# Builds rust/examples/floorcall.rs, makes the tree the harness's TreeFixture makes (source/d{i/25}/nested/f{i}.js,
# 4096 bytes each, plus source/empty) in a fresh directory under ROOT, and runs each family's fsb_floor call under
# `strace -f -c`: once with two calls and once with one. The difference is one call in a process that has made one
# before (its worker pool, its buffers and the count of its cores already there), as a benchmark's sample is; the run
# of one call less a run of none is a first call, printed beside it. Counting, not timing: the counts are the same on a
# loaded machine. The directory is removed at the end, also on error or interrupt.
set -euo pipefail
export LC_ALL=C

files=1000
concurrency=1
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in
    --files) files=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
root=${1:-/dev/shm}

home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
(cd "$home/rust" && cargo build --release --offline --quiet --example floorcall)
bin="$home/rust/target/release/examples/floorcall"

work=$(mktemp -d "$root/fsbench-floor-syscalls.XXXXXX")
trap 'rm -rf "$work"' EXIT
counts="$work/counts"
mkdir "$counts"

trace() { # FAMILY CALLS
  local tree="$work/tree-$1-$2"
  "$bin" prepare "$tree" "$files"
  strace -f -c -o "$counts/$1-$2.txt" "$bin" run "$1" "$tree" "$concurrency" "$2" > /dev/null
  rm -rf "$tree"
}

trace none 1
for family in readdir glob scan cp rm; do
  trace "$family" 1
  trace "$family" 2
done

python3 - "$counts" "$files" "$concurrency" << 'PY'
import os
import sys

counts, files, concurrency = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def parse(name):
    """syscall -> (calls, errors) of one strace -c summary."""
    out = {}
    for line in open(os.path.join(counts, name + ".txt")):
        words = line.split()
        if len(words) >= 5 and words[0][0].isdigit() and words[-1] != "total":
            out[words[-1]] = (int(words[3]), int(words[4]) if len(words) == 6 else 0)
    return out

def minus(a, b):
    keys = set(a) | set(b)
    d = {k: (a.get(k, (0, 0))[0] - b.get(k, (0, 0))[0], a.get(k, (0, 0))[1] - b.get(k, (0, 0))[1]) for k in keys}
    return {k: v for k, v in d.items() if v[0]}

def show(d):
    parts = sorted(d.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return ", ".join(f"{k} {n}" + (f" ({e} failed)" if e else "") for k, (n, e) in parts)

dirs = 2 * ((files + 24) // 25) + 1 + 1   # d<k> and d<k>/nested, empty, and the root itself
entries = files + dirs - 1                 # below the root
listing = 4 * dirs                         # openat, getdents64 (entries), getdents64 (end), close
least = {
    "readdir": listing,
    "glob": listing,
    "scan": listing + entries,
    "cp": listing + 4 * dirs + 6 * files,
    "rm": listing + entries + 1,
}
print(f"tree of {files} files, {dirs} directories with the root, {entries} entries below it; concurrency {concurrency}")
print()
print("| family | least | one call after one | first call of a process |")
print("|---|---:|---|---|")
none = parse("none-1")
for family in ["readdir", "glob", "scan", "cp", "rm"]:
    warm = minus(parse(family + "-2"), parse(family + "-1"))
    first = minus(parse(family + "-1"), none)
    total = lambda d: sum(n for n, _ in d.values())
    print(f"| {family} | {least[family]} | {total(warm)}: {show(warm)} | {total(first)}: {show(first)} |")
PY
