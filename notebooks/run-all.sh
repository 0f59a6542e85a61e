#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless against results folders, each of which receives its charts.
#
#   notebooks/run-all.sh [RUN_DIR ...]
#
# RUN_DIR defaults to $FSBENCH_RUN, else the run under results/ that started last. First the loader's self-check
# (test_*.py on a hand-written run.json), once whatever the number of folders (it takes about 20 s, as long as the
# notebooks of a run), then each notebook through nbconvert for each folder in turn; executed copies go to a temporary
# directory (or $FSBENCH_EXECUTED_DIR, kept) so the committed notebooks stay free of outputs. Any failing test or
# notebook, or a chart a notebook should have written and did not, makes the exit status non-zero (1); a bad argument
# or missing package exits 2.
#
# Uses Debian's packages with /usr/bin/python3 only (no PyPI):
#   apt-get install -y python3-pandas python3-matplotlib python3-nbconvert python3-ipykernel python3-jsonschema
# Environment: FSBENCH_NOTEBOOK_TIMEOUT (seconds per cell, default 600), FSBENCH_EXECUTED_DIR (keep executed copies).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python=/usr/bin/python3
timeout="${FSBENCH_NOTEBOOK_TIMEOUT:-600}"
packages="python3-pandas python3-matplotlib python3-nbconvert python3-ipykernel python3-jsonschema"

for arg in "$@"; do
  if [[ "$arg" == -* ]]; then
    echo "usage: notebooks/run-all.sh [RUN_DIR ...]" >&2
    exit 2
  fi
done
if [[ ! -x "$python" ]]; then
  echo "run-all.sh: $python not found; install Debian's python3 and: apt-get install -y $packages" >&2
  exit 2
fi
missing=()
for module in pandas matplotlib nbconvert ipykernel jsonschema; do
  PYTHONNOUSERSITE=1 "$python" -c "import $module" 2>/dev/null || missing+=("$module")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "run-all.sh: $python cannot import: ${missing[*]}; install: apt-get install -y $packages" >&2
  exit 2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/fsbench-notebooks.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Only Debian's packages: no user site-packages, no pyenv or venv on PATH deciding which Python a kernel is.
export PYTHONNOUSERSITE=1 PYTHONPATH="$here" MPLBACKEND=Agg LC_ALL=C.UTF-8
# Jupyter's and matplotlib's state stays in the temp dir, and the kernel named "python3" in the notebooks is this
# Python whatever kernelspecs the machine has (JUPYTER_PATH is searched before the user's and the system's).
export JUPYTER_CONFIG_DIR="$work/jupyter-config" JUPYTER_DATA_DIR="$work/jupyter-data" \
  JUPYTER_RUNTIME_DIR="$work/jupyter-runtime" JUPYTER_PATH="$work/jupyter" IPYTHONDIR="$work/ipython" \
  MPLCONFIGDIR="$work/matplotlib" PYDEVD_DISABLE_FILE_VALIDATION=1
mkdir -p "$work/jupyter/kernels/python3"
cat > "$work/jupyter/kernels/python3/kernel.json" <<EOF
{"argv": ["$python", "-Xfrozen_modules=off", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
 "display_name": "Python 3 (Debian, fsbench)", "language": "python"}
EOF

passed=0
failed=0

echo "== self-check: fsbench_results and fsbench_charts on notebooks/fixtures"
counts="$work/selfcheck-counts"
if "$python" - "$here" "$counts" <<'EOF'
import sys, unittest
here, counts = sys.argv[1], sys.argv[2]
suite = unittest.defaultTestLoader.discover(here, pattern="test_*.py", top_level_dir=here)
result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
bad = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
with open(counts, "w") as f:
    f.write(f"{result.testsRun - bad} {bad}\n")
# A discovery that finds nothing is a broken self-check, not a passing one.
sys.exit(0 if result.testsRun > 0 and bad == 0 else 1)
EOF
then :; fi
if [[ -s "$counts" ]]; then
  read -r ok bad < "$counts"
  passed=$((passed + ok)); failed=$((failed + bad))
  if [[ "$ok" -eq 0 ]]; then failed=$((failed + 1)); echo "run-all.sh: the self-check ran no test" >&2; fi
else
  failed=$((failed + 1)); echo "run-all.sh: the self-check did not run" >&2
fi

# One notebook executed against one run folder, its executed copy to a directory. A kernel that never started is
# started again, up to three times in all: the kernel's TCP ports are picked free and bound a moment later, so two of
# these scripts side by side (as CI runs them, one per core) can pick the same port, and the kernel dies before it
# answers. The notebook's code never ran then; any other failure is the notebook's, and is not retried.
execute() {
  local run_dir="$1" executed="$2" name="$3" notebook="$4" attempt
  for attempt in 1 2 3; do
    if FSBENCH_RUN="$run_dir" "$python" -m nbconvert --to notebook --execute \
        --ExecutePreprocessor.timeout="$timeout" --ExecutePreprocessor.kernel_name=python3 \
        --output-dir "$executed" --output "$name" "$notebook" 2>"$work/nbconvert.log"; then
      return 0
    fi
    if ! grep -qE "Kernel died before replying to kernel_info|Address already in use" "$work/nbconvert.log"; then
      return 1
    fi
    echo "run-all.sh: the kernel for $name did not start (attempt $attempt), a port taken by another kernel" >&2
  done
  return 1
}

# One run folder: its notebooks executed, its charts checked; adds to passed and failed. Returns 2 for a folder the
# charts cannot be written into (a usage error, as before any notebook runs).
draw() {
  echo "== run folder ${1:-(the latest)}"
  local run_dir
  if ! run_dir="$("$python" "$here/fsbench_results.py" ${1:+"$1"})"; then
    echo "run-all.sh: no run to draw (see above); notebooks not executed" >&2
    failed=$((failed + 1))
    return 0
  fi
  if [[ ! -w "$run_dir" ]]; then
    echo "run-all.sh: $run_dir is not writable, and the charts are written into the run folder" >&2
    return 2
  fi

  local executed="${FSBENCH_EXECUTED_DIR:-$work/executed}/$(basename "$run_dir")"
  mkdir -p "$executed"
  local stamp="$work/started"
  touch "$stamp"
  sleep 1 # file times have a resolution of a second on some filesystems: a chart written now must be newer than the stamp

  local notebook name expected chart
  for notebook in "$here"/*.ipynb; do
    name="$(basename "$notebook")"
    echo "== $name ($(basename "$run_dir"))"
    if execute "$run_dir" "$executed" "$name" "$notebook"; then
      passed=$((passed + 1))
      echo "ok: $name executed"
    else
      failed=$((failed + 1))
      cat "$work/nbconvert.log" >&2
      echo "FAILED: $name ($run_dir)" >&2
    fi
  done

  echo "== charts in $run_dir"
  if expected="$("$python" "$here/fsbench_charts.py" expected "$run_dir")"; then
    while IFS= read -r chart; do
      if [[ -f "$run_dir/$chart" && "$run_dir/$chart" -nt "$stamp" ]]; then
        echo "written: $chart"
      else
        failed=$((failed + 1))
        echo "NOT WRITTEN by this run: $chart" >&2
      fi
    done <<< "$expected"
  else
    failed=$((failed + 1))
  fi
}

if [[ $# -eq 0 ]]; then
  set -- ""
fi
for folder in "$@"; do
  draw "$folder" || exit $?
done
if [[ -n "${FSBENCH_EXECUTED_DIR:-}" ]]; then
  echo "executed notebooks kept in $FSBENCH_EXECUTED_DIR, a folder per run"
fi

echo "run-all: $passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
