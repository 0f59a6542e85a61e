#!/usr/bin/env bash
# The README's headline table is the overview table of one committed run's REPORT.md, line for line.
#
#   scripts/headline.sh            # check: exit 1 if the README's table differs from its run's REPORT.md
#   scripts/headline.sh --write    # rewrite the README's table from that run's REPORT.md
#
# The README marks the table with `<!-- headline: results/RUN -->` and `<!-- /headline -->`; RUN names the run it
# comes from. Checking it in CI keeps the numbers a newcomer reads first from drifting away from the evidence they
# claim to summarise (a run re-rendered, replaced or removed).
set -euo pipefail
cd "$(dirname "$0")/.."

readme=README.md
write=false
case "${1:-}" in
  --write) write=true ;;
  "") ;;
  *) echo "usage: scripts/headline.sh [--write]" >&2; exit 2 ;;
esac

run="$(sed -n 's/^<!-- headline: \(results\/[^ ]*\) -->$/\1/p' "$readme")"
if [[ -z "$run" || $(grep -c '^<!-- /headline -->$' "$readme") -ne 1 ]]; then
  echo "headline: $readme has no '<!-- headline: results/RUN -->' ... '<!-- /headline -->' block" >&2
  exit 1
fi
report="$run/REPORT.md"
if [[ ! -f "$report" ]]; then
  echo "headline: $readme takes its table from $report, which does not exist" >&2
  exit 1
fi

# REPORT.md's first overview table (the steady one): from its header row to the first line that is not a table row.
table="$(awk '/^\| family \| case \| mode \| nio ms /{on=1} on&&!/^\|/{exit} on{print}' "$report")"
if [[ -z "$table" ]]; then
  echo "headline: $report has no overview table" >&2
  exit 1
fi
current="$(awk '/^<!-- headline: /{on=1; next} /^<!-- \/headline -->$/{on=0} on' "$readme")"

if $write; then
  tmp="$(mktemp "$readme.XXXXXX")"
  trap 'rm -f "$tmp"' EXIT
  awk -v table="$table" '
    /^<!-- headline: /{print; print table; skip=1; next}
    /^<!-- \/headline -->$/{skip=0}
    !skip{print}' "$readme" > "$tmp"
  mv "$tmp" "$readme"
  trap - EXIT
  echo "headline: $readme now holds the overview table of $report"
elif [[ "$current" != "$table" ]]; then
  diff <(echo "$current") <(echo "$table") >&2 || true
  echo "headline: $readme's table differs from the overview of $report (scripts/headline.sh --write updates it)" >&2
  exit 1
else
  echo "headline: $readme's table is the overview of $report"
fi
