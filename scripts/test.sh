#!/usr/bin/env bash
# THE test command of hzmj (README, .ci/run): installs what is missing, then runs every check.
#
#   bash scripts/test.sh
#
#   1. scripts/setup.sh                    tools, Chromium, Pyodide, test wheels (idempotent)
#   2. ruff check .                        lint
#   3. mypy --strict                       types of hzmj_core, builder/ and build.py (config in pyproject.toml)
#   4. python build.py checkjs             types of web/'s JavaScript (JSDoc), TypeScript's checker, pinned
#                                          (tsconfig.json, tsconfig.worker.json)
#   5. pytest tests/engine                 engine tests on the host CPython            } at the same time
#   6. node scripts/pyodide_tests.mjs      the same engine tests inside real Pyodide   } (one core each)
#   7. python build.py                     dist/
#   8. pytest tests/e2e -n 2               Playwright + Debian's Chromium against dist/, in two processes
#                                          (pytest-xdist; its 12 slowest tests listed)
#
# Every step runs even when an earlier one failed (except when setup fails); the summary at the end lists
# each step's result and time and the script exits non-zero if any step failed. Steps 5 and 6 run side by
# side (each is one process, the machine has two cores); the output of step 5 is shown when it ends. A
# pytest suite that collects no test at all (exit code 5, e.g. a suite not written yet) is reported as
# "empty", not as a failure. E2E_WORKERS=N runs the browser tests in N processes (0: in pytest's own).
set -uo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
export PYTHONDONTWRITEBYTECODE=1
results=()
failed=0

record() {  # record NAME IS_PYTEST RC SECONDS
  local name=$1 is_pytest=$2 rc=$3 dt=$4 status
  if [ "$rc" -eq 0 ]; then
    status="ok"
  elif [ "$is_pytest" -eq 1 ] && [ "$rc" -eq 5 ]; then
    status="empty (no tests collected)"
    echo "[test] $name: no tests collected (pytest exit 5) - not counted as a failure"
  else
    status="FAILED (exit $rc)"
    failed=1
  fi
  results+=("$(printf '%-28s %-28s %4ss' "$name" "$status" "$dt")")
}

run() {  # run NAME [--pytest] CMD...
  local name=$1; shift
  local is_pytest=0
  if [ "$1" = "--pytest" ]; then is_pytest=1; shift; fi
  printf '\n==== %s: %s\n' "$name" "$*"
  local t0=$SECONDS rc=0
  "$@" || rc=$?
  record "$name" $is_pytest $rc $((SECONDS - t0))
}

bg_dir=$(mktemp -d)
trap 'rm -rf "$bg_dir"' EXIT
bg_names=()

start() {  # start NAME [--pytest] CMD...: runs in the background, its output kept until finish
  local name=$1; shift
  local is_pytest=0
  if [ "$1" = "--pytest" ]; then is_pytest=1; shift; fi
  local n=${#bg_names[@]}
  bg_names+=("$name")
  printf '\n==== %s (in the background, shown when it ends): %s\n' "$name" "$*"
  echo "$is_pytest" >"$bg_dir/$n.pytest"
  (
    t0=$(date +%s); rc=0
    "$@" >"$bg_dir/$n.out" 2>&1 || rc=$?
    echo "$rc $(($(date +%s) - t0))" >"$bg_dir/$n.rc"
  ) &
  echo $! >"$bg_dir/$n.pid"
}

finish() {  # waits for every background step; shows its output and records its result
  local n
  for n in "${!bg_names[@]}"; do
    wait "$(cat "$bg_dir/$n.pid")" || true
    printf '\n==== %s (ended)\n' "${bg_names[$n]}"
    cat "$bg_dir/$n.out"
    local rc=3 dt=0
    [ -f "$bg_dir/$n.rc" ] && read -r rc dt <"$bg_dir/$n.rc"
    record "${bg_names[$n]}" "$(cat "$bg_dir/$n.pytest")" "$rc" "$dt"
  done
  bg_names=()
  rm -f "$bg_dir"/*
}

t_start=$SECONDS
if ! bash scripts/setup.sh; then
  echo "[test] scripts/setup.sh failed: cannot run the tests" >&2
  exit 1
fi

run "ruff" "$PY" -m ruff check .
run "mypy --strict" "$PY" -m mypy --strict hzmj_core builder build.py
run "checkjs (tsc)" "$PY" build.py checkjs
start "engine tests in Pyodide" --pytest node scripts/pyodide_tests.mjs tests/engine -x -p no:cacheprovider
run "pytest tests/engine" --pytest "$PY" -m pytest tests/engine -p no:cacheprovider
finish
run "build dist/" "$PY" build.py
# --dist loadgroup: the tests of a module that share a module fixture stay in one process (xdist_group);
# no:benchmark: pytest-benchmark (unused here) would warn in each process that xdist disables it
run "pytest tests/e2e" --pytest "$PY" -m pytest tests/e2e -p no:cacheprovider -p no:benchmark --durations=12 \
  -n "${E2E_WORKERS:-2}" --dist loadgroup

printf '\n==== summary (%ss)\n' "$((SECONDS - t_start))"
printf '%s\n' "${results[@]}"
if [ $failed -ne 0 ]; then
  echo "[test] FAILED"
  exit 1
fi
echo "[test] all checks passed"
