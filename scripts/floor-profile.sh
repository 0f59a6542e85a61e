#!/usr/bin/env bash
# Where the floor of each tree family (readdir, glob, scan, cp, rm) spends its time on the harness's tree-1000: the
# share of the kernel and of libc's syscall wrappers (the syscalls the work needs) against the library's own code,
# sampled with perf: the "where the time goes" table in rust/SYSCALLS.md.
#
#   scripts/floor-profile.sh [--files N] [ROOT]     # ROOT: where the trees go (default /dev/shm)
#
# Builds rust/examples/floorcall.rs, makes the tree the harness's TreeFixture makes in a fresh directory under ROOT (and
# copies of it for rm to remove and room for cp's copies), and runs each family's serial fsb_floor call many times in
# one process under `perf record`. Shares of samples, not times: they hold on a loaded machine as long as nothing else
# runs in the process. The directory is removed at the end, also on error or interrupt. Needs perf and the permission
# to sample the kernel (kernel.perf_event_paranoid at most 1, or root).
set -euo pipefail
export LC_ALL=C

files=1000
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in
    --files) files=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
root=${1:-/dev/shm}
command -v perf > /dev/null || { echo "perf is not installed (Debian: linux-perf)" >&2; exit 1; }

home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
(cd "$home/rust" && cargo build --release --offline --quiet --example floorcall)
bin="$home/rust/target/release/examples/floorcall"

work=$(mktemp -d "$root/fsbench-floor-profile.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$bin" prepare "$work" "$files"
# rm consumes its tree: victim-0 and victim-1 come with prepare, the rest are copies of the source.
removals=40
for ((k = 2; k < removals; k++)); do
  cp -a "$work/source" "$work/victim-$k"
done

profile() { # FAMILY CALLS
  perf record -q -o "$work/$1.data" "$bin" run "$1" "$work" 1 "$2" > /dev/null 2>&1
  perf report -i "$work/$1.data" --no-children --sort dso,sym --stdio 2> /dev/null > "$work/$1.txt"
}
profile readdir 3000
profile glob 3000
profile scan 1000
profile cp "$removals"
rm -rf "$work"/copy-*
profile rm "$removals"

python3 - "$work" << 'PY'
import re
import sys

work = sys.argv[1]
# libc's functions that are a syscall and nothing else: a sample in one is the syscall's entry or return.
wrappers = {"syscall", "__libc_openat64", "openat", "__open64", "__close", "close", "statx", "unlinkat",
            "copy_file_range", "mkdirat", "getdents64", "__getdents64", "readlinkat", "__fstat64", "fstatat64"}
print("| family | kernel | libc's syscall wrappers | the syscalls' share | the library's code (and allocation, copies) |")
print("|---|---:|---:|---:|---:|")
for family in ["readdir", "glob", "scan", "cp", "rm"]:
    kernel = wrappers_share = other = 0.0
    for line in open(f"{work}/{family}.txt"):
        m = re.match(r"\s*([\d.]+)%\s+(\S+)\s+\[(.)\]\s+(\S+)", line)
        if not m:
            continue
        share, dso, where, symbol = float(m.group(1)), m.group(2), m.group(3), m.group(4)
        if where == "k":
            kernel += share
        elif dso.startswith("libc") and symbol in wrappers:
            wrappers_share += share
        else:
            other += share
    total = kernel + wrappers_share + other
    k, w, o = (100 * x / total for x in (kernel, wrappers_share, other))
    print(f"| {family} | {k:.1f}% | {w:.1f}% | {k + w:.1f}% | {o:.1f}% |")
PY
