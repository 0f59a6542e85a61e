#!/usr/bin/env bash
# The binding study: builds binding-study/target/binding-study.jar with JDK 25, runs every benchmark with the
# settings the classes declare (3 forks, 5 x 1 s warmup, 5 x 1 s measured: about 35 minutes), writes
# binding-study/results/<date>.json (JMH's JSON) with <date>.env beside it (the machine), and renders the tables
# into binding-study/README.md between its markers.
#
#   binding-study/run.sh                      the study (on a quiet machine: nothing else running)
#   binding-study/run.sh AccessBenchmark      JMH's arguments pass through: a subset, -p name=utf8, -prof gc
#   binding-study/run.sh --smoke              every benchmark once, -f 1 -wi 1 -i 1 -w 100ms -r 100ms, into a
#                                             temporary directory: checks that each one runs; its numbers mean
#                                             nothing and touch neither results/ nor README.md
#   binding-study/run.sh --render FILE.json   only the tables, from an earlier run
#
# FSBENCH_JDK25_HOME names another JDK 22+; FSBENCH_SANDBOX a directory for the fixture (default: java.io.tmpdir).
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8
study=binding-study
jdk="${FSBENCH_JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"

if [[ "${1:-}" == "--render" ]]; then
  [[ $# -eq 2 ]] || { echo "usage: $0 --render FILE.json" >&2; exit 2; }
  exec python3 "$study/render.py" "$2" "$study/README.md"
fi
if [[ ! -x "$jdk/bin/java" ]]; then
  echo "no JDK at $jdk: the study needs JDK 22 or later (set FSBENCH_JDK25_HOME)" >&2
  exit 1
fi

smoke=false
if [[ "${1:-}" == "--smoke" ]]; then
  smoke=true
  shift
fi

echo "== build ($jdk)"
JAVA_HOME="$jdk" ./mvnw -B -ntp -q -pl "$study" -am -DskipTests package

jvm_args=()
if [[ -n "${FSBENCH_SANDBOX:-}" ]]; then
  jvm_args=(-jvmArgs "-Dfsbench.sandbox=$FSBENCH_SANDBOX")
fi

if $smoke; then
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  out="$scratch/smoke.json"
  "$jdk/bin/java" -jar "$study/target/binding-study.jar" -f 1 -wi 1 -i 1 -w 100ms -r 100ms \
    -rf json -rff "$out" "${jvm_args[@]}" "$@"
  python3 "$study/render.py" "$out" --smoke
  echo "== smoke run: every benchmark ran once; these numbers mean nothing"
  exit 0
fi

mkdir -p "$study/results"
stem="$study/results/$(date -u +%Y-%m-%d)"
for n in 2 3 4 5 6 7 8 9; do
  [[ -e "$stem.json" ]] || break
  stem="$study/results/$(date -u +%Y-%m-%d)-$n"
done
[[ ! -e "$stem.json" ]] || { echo "$stem.json exists: too many runs today" >&2; exit 1; }

fixture_dir="${FSBENCH_SANDBOX:-${TMPDIR:-/tmp}}"
{
  echo "jdk=$("$jdk/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.runtime.version = //p')"
  echo "kernel=$(uname -sr)"
  echo "cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1) ($(nproc) cores)"
  echo "fixture on=$(stat -f -c %T "$fixture_dir")"
  echo "load before=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo '+changes')"
} > "$stem.env"
echo "== the study: $stem.json ($(cat "$stem.env" | tr '\n' ';'))"
"$jdk/bin/java" -jar "$study/target/binding-study.jar" -rf json -rff "$stem.json" "${jvm_args[@]}" "$@"
python3 "$study/render.py" "$stem.json" "$study/README.md"
