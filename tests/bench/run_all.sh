#!/usr/bin/env bash
# Runs every tests/bench/*_bench.py in turn with the project's .venv python, a header per bench.
# `make bench` runs them in full; BENCH_QUICK=1 passes --quick to every bench (smoke runs).
# Benches print figures and assert nothing: this exits non-zero only when a bench crashes.
# The glob below picks up every bench, among them multiseat_bench.py (multi-seat Swiss tables:
# today's grouping, the score order and the new search side by side, 12-256 players).
set -u
cd "$(dirname "$0")/../.."
PY=.venv/bin/python
[ -x "$PY" ] || { echo "no $PY: run 'make venv' first" >&2; exit 2; }
args=()
case "${BENCH_QUICK:-}" in 1|true|yes|on) args=(--quick) ;; esac
failed=()
# event_bench.py (a Swiss round's turnover on real processes, N = 100, 1,000 and 10,000) and
# arena_bench.py (2,000 players for 5 minutes) run here too.
for bench in tests/bench/*_bench.py; do
    name=$(basename "$bench" .py)
    echo
    echo "================================================================================"
    echo "== $name ${args[*]:-}  ($(date -u '+%Y-%m-%d %H:%M:%S UTC'))"
    echo "================================================================================"
    start=$(date +%s)
    if "$PY" "$bench" "${args[@]}"; then
        echo "-- $name finished in $(( $(date +%s) - start )) s"
    else
        code=$?
        echo "-- $name CRASHED (exit $code) after $(( $(date +%s) - start )) s"
        failed+=("$name")
    fi
done
echo
if [ ${#failed[@]} -gt 0 ]; then
    echo "benches that crashed: ${failed[*]}"
    exit 1
fi
echo "all benches ran"
