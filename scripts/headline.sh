#!/usr/bin/env bash
# The tables a reader meets first are what the committed runs say, line for line:
#   - README.md's decision table is `fsbench decide` of the runs it names;
#   - docs/findings.md's headline table is the steady overview of its run's REPORT.md.
#
#   scripts/headline.sh            # check: exit 1 if either table differs from what its runs give
#   scripts/headline.sh --write    # rewrite both tables from their runs
#
# The README marks its table with `<!-- decisions: results/A results/B | TITLE A | TITLE B -->` and
# `<!-- /decisions -->`; findings.md with `<!-- headline: results/RUN -->` and `<!-- /headline -->`. Checking them in
# CI keeps the numbers a newcomer reads first from drifting away from the evidence they claim to summarise (a run
# re-rendered, replaced or removed). Needs harness/target/fsbench.jar (./mvnw -DskipTests package).
set -euo pipefail
cd "$(dirname "$0")/.."

write=false
case "${1:-}" in
  --write) write=true ;;
  "") ;;
  *) echo "usage: scripts/headline.sh [--write]" >&2; exit 2 ;;
esac

# replace_block FILE BEGIN_REGEX END_LINE CONTENT: the lines between the block's markers become CONTENT.
replace_block() {
  local file="$1" begin="$2" end="$3" content="$4" tmp
  tmp="$(mktemp "$file.XXXXXX")"
  awk -v begin="$begin" -v end="$end" -v content="$content" '
    $0 ~ begin {print; print content; skip=1; next}
    $0 == end {skip=0}
    !skip {print}' "$file" > "$tmp"
  mv "$tmp" "$file"
}

# block FILE BEGIN_REGEX END_LINE: the lines between the block's markers.
block() {
  awk -v begin="$2" -v end="$3" '$0 ~ begin {on=1; next} $0 == end {on=0} on' "$1"
}

# check_or_write FILE BEGIN END EXPECTED WHAT
check_or_write() {
  local file="$1" begin="$2" end="$3" expected="$4" what="$5"
  if $write; then
    replace_block "$file" "$begin" "$end" "$expected"
    echo "headline: $file now holds $what"
  elif [[ "$(block "$file" "$begin" "$end")" != "$expected" ]]; then
    diff <(block "$file" "$begin" "$end") <(echo "$expected") >&2 || true
    echo "headline: $file's table is not $what (scripts/headline.sh --write updates it)" >&2
    exit 1
  else
    echo "headline: $file holds $what"
  fi
}

# README.md: the decision table.
readme=README.md
spec="$(sed -n 's/^<!-- decisions: \(.*\) -->$/\1/p' "$readme")"
if [[ -z "$spec" || $(grep -c '^<!-- /decisions -->$' "$readme") -ne 1 ]]; then
  echo "headline: $readme has no '<!-- decisions: results/A ... | TITLE ... -->' ... '<!-- /decisions -->' block" >&2
  exit 1
fi
IFS='|' read -r -a parts <<< "$spec"
read -r -a runs <<< "${parts[0]}"
columns=()
for title in "${parts[@]:1}"; do
  title="$(echo "$title" | sed 's/^ *//; s/ *$//')"
  columns+=(--columns "$title")
done
for run in "${runs[@]}"; do
  [[ -f "$run/run.json" ]] || { echo "headline: $readme names $run, which holds no run.json" >&2; exit 1; }
done
decisions="$(java -jar harness/target/fsbench.jar decide "${runs[@]}" "${columns[@]}")"
check_or_write "$readme" '^<!-- decisions: ' '<!-- /decisions -->' "$decisions" "fsbench decide of ${runs[*]}"

# docs/findings.md: the steady overview of one run.
findings=docs/findings.md
run="$(sed -n 's/^<!-- headline: \(results\/[^ ]*\) -->$/\1/p' "$findings")"
if [[ -z "$run" || $(grep -c '^<!-- /headline -->$' "$findings") -ne 1 ]]; then
  echo "headline: $findings has no '<!-- headline: results/RUN -->' ... '<!-- /headline -->' block" >&2
  exit 1
fi
report="$run/REPORT.md"
[[ -f "$report" ]] || { echo "headline: $findings takes its table from $report, which does not exist" >&2; exit 1; }
# REPORT.md's first overview table (the steady one): from its header row to the first line that is not a table row.
table="$(awk '/^\| family \| case \| mode \| nio ms /{on=1} on&&!/^\|/{exit} on{print}' "$report")"
[[ -n "$table" ]] || { echo "headline: $report has no overview table" >&2; exit 1; }
check_or_write "$findings" '^<!-- headline: ' '<!-- /headline -->' "$table" "the steady overview of $report"
