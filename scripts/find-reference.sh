#!/usr/bin/env bash
# The physical reference for a recursive listing: `find TREE > /dev/null` on the harness's tree, warm, timed N times.
#
#   scripts/find-reference.sh [--files N] [--runs N] ROOT
#   scripts/find-reference.sh /dev/shm                      # the tree-156k shape, 10 timed runs
#   scripts/find-reference.sh --files 1000 --runs 20 /dev/shm
#
# Builds, in a fresh directory it creates under ROOT (mktemp), the tree the harness's TreeFixture builds:
# source/d{i/25}/nested/f{i}.js with 4096 bytes of 'a' each, plus the empty directory source/empty (156,250 files and
# 12,501 directories by default, about 640 MiB: check that ROOT has room). Then runs `find source > /dev/null` once
# untimed (page and dentry caches warm, as for the harness's samples) and RUNS times timed, and prints each run, the
# median and the minimum in milliseconds. The directory is removed at the end, also on error or interrupt.
#
# Each timing is the wall time of the whole command, process start included (about a millisecond), read from the
# shell's EPOCHREALTIME around it: what `time find TREE > /dev/null` would say. Compare it with the harness's median of
# the recursive readdir of the same tree on the same filesystem (`fsbench run --large --families readdir`), which
# returns every relative path to Java instead of printing it.
set -euo pipefail
export LC_ALL=C

files=156250
runs=10
while [[ $# -gt 0 ]]; do
  case "$1" in
    --files) files="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "find-reference: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [[ $# -ne 1 || ! -d "$1" ]]; then
  echo "usage: find-reference.sh [--files N] [--runs N] ROOT   (ROOT: an existing directory)" >&2
  exit 2
fi
if ! [[ "$files" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "find-reference: --files and --runs take positive integers" >&2
  exit 2
fi
if [[ -z "${EPOCHREALTIME:-}" ]]; then
  echo "find-reference: needs bash 5 (EPOCHREALTIME)" >&2
  exit 2
fi

work="$(mktemp -d "$1/find-reference.XXXXXX")"
trap 'rm -rf -- "$work"' EXIT
tree="$work/source"

# The tree, as TreeFixture.create makes it: every directory first (one mkdir process), then the files.
per_dir=25
dirs=$(( (files + per_dir - 1) / per_dir ))
mkdir "$tree"
for (( k = 0; k < dirs; k++ )); do
  printf '%s/d%d/nested\0' "$tree" "$k"
done | xargs -0 mkdir -p
mkdir "$tree/empty"
payload="$(printf 'a%.0s' $(seq 4096))"
for (( i = 0; i < files; i++ )); do
  printf '%s' "$payload" > "$tree/d$(( i / per_dir ))/nested/f$i.js"
done

# What was built must be the harness's shape, or the comparison means nothing.
built_files=$(find "$tree" -type f | wc -l)
built_dirs=$(find "$tree" -mindepth 1 -type d | wc -l)
if [[ "$built_files" -ne "$files" || "$built_dirs" -ne $(( 2 * dirs + 1 )) ]]; then
  echo "find-reference: built $built_files files and $built_dirs directories, expected $files and $(( 2 * dirs + 1 ))" >&2
  exit 1
fi
echo "tree: $files files, $built_dirs directories under $tree ($(df -T "$work" | awk 'NR == 2 { print $2 }'))"

micros() { local t="${EPOCHREALTIME/[.,]/}"; echo "${t#0}"; }

find "$tree" > /dev/null   # warm-up, untimed
times=()
for (( r = 1; r <= runs; r++ )); do
  start=$(micros)
  find "$tree" > /dev/null
  end=$(micros)
  times+=( $(( end - start )) )
  printf 'run %d: %d.%03d ms\n' "$r" $(( (end - start) / 1000 )) $(( (end - start) % 1000 ))
done

printf '%s\n' "${times[@]}" | sort -n | awk -v runs="$runs" '
  { t[NR] = $1 }
  END {
    median = (runs % 2) ? t[(runs + 1) / 2] : (t[runs / 2] + t[runs / 2 + 1]) / 2
    printf "find %s > /dev/null: median %.3f ms, min %.3f ms over %d warm runs\n", "TREE", median / 1000, t[1] / 1000, runs
  }'
