#!/usr/bin/env bash
# THE test command of hzmj (README, .ci/run): installs what is missing, then runs every check.
#
#   bash scripts/test.sh
#
#   1. scripts/setup.sh                    tools, Chromium, Pyodide, test wheels (idempotent)
#   2. ruff check .                        lint
#   3. mypy --strict hzmj_core             types (config in pyproject.toml)
#   4. pytest tests/engine                 engine tests on the host CPython
#   5. node scripts/pyodide_tests.mjs      the same engine tests inside real Pyodide (Python 3.14)
#   6. python build.py                     dist/
#   7. pytest tests/e2e                    Playwright + Debian's Chromium against dist/ (its 12 slowest tests listed)
#
# Every step runs even when an earlier one failed (except when setup fails); the summary at the end lists
# each step's result and the script exits non-zero if any step failed. A pytest suite that collects no
# test at all (exit code 5, e.g. a suite not written yet) is reported as "empty", not as a failure.
set -uo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
export PYTHONDONTWRITEBYTECODE=1
results=()
failed=0

run() {  # run NAME [--pytest] CMD...
  local name=$1; shift
  local is_pytest=0
  if [ "$1" = "--pytest" ]; then is_pytest=1; shift; fi
  printf '\n==== %s: %s\n' "$name" "$*"
  local t0=$SECONDS rc=0
  "$@" || rc=$?
  local dt=$((SECONDS - t0)) status
  if [ $rc -eq 0 ]; then
    status="ok"
  elif [ $is_pytest -eq 1 ] && [ $rc -eq 5 ]; then
    status="empty (no tests collected)"
    echo "[test] $name: no tests collected (pytest exit 5) - not counted as a failure"
  else
    status="FAILED (exit $rc)"
    failed=1
  fi
  results+=("$(printf '%-28s %-28s %4ss' "$name" "$status" "$dt")")
}

t_start=$SECONDS
if ! bash scripts/setup.sh; then
  echo "[test] scripts/setup.sh failed: cannot run the tests" >&2
  exit 1
fi

run "ruff" "$PY" -m ruff check .
run "mypy --strict hzmj_core" "$PY" -m mypy --strict hzmj_core
run "pytest tests/engine" --pytest "$PY" -m pytest tests/engine -p no:cacheprovider
run "engine tests in Pyodide" --pytest node scripts/pyodide_tests.mjs tests/engine -x -p no:cacheprovider
run "build dist/" "$PY" build.py
run "pytest tests/e2e" --pytest "$PY" -m pytest tests/e2e -p no:cacheprovider --durations=12

printf '\n==== summary (%ss)\n' "$((SECONDS - t_start))"
printf '%s\n' "${results[@]}"
if [ $failed -ne 0 ]; then
  echo "[test] FAILED"
  exit 1
fi
echo "[test] all checks passed"
