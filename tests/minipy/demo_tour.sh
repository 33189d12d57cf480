#!/usr/bin/env bash
# Runs the capture tour (scripts/demo) with a built minipy: it must succeed, print its
# nine sections in under 200 lines, show in each what its "look at" line names, and
# write the nine HTML reports it says it wrote.
# Usage: demo_tour.sh SOURCE_DIR MINIPY
set -euo pipefail
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
out=$(LASSO_DEMO_REPORTS="$reports" "$1/scripts/demo" --minipy "$2")
fail() { echo "demo_tour: $*" >&2; printf '%s\n' "$out" >&2; exit 1; }
lines=$(printf '%s\n' "$out" | wc -l)
sections=$(printf '%s\n' "$out" | grep -c '^== [0-9]: ' || true)
[ "$sections" -eq 9 ] || fail "expected 9 sections, got $sections"
[ "$lines" -lt 200 ] || fail "the tour prints $lines lines (at most 199)"
for shown in "resume function of 'f'" "resume_in_f_at_13_via_helper_at_7" "STORE_ATTR" "LOAD_METHOD                 2 (extend)" \
    "graph(l_total_: f64[2], l_x_: f64[2])" "set_grad_enabled(False)" "cond = cond(" "-- recompiled: LB0029 L['x'] is a tensor f64[2]" \
    "mul: f64[s0] = mul(l_x_, s0)" "s0 = L['x'].shape[0]"; do
    grep -qF -- "$shown" <<<"$out" || fail "the tour does not show: $shown"
done
# comptime prints the graph while tracing: before the function's result.
printf '%s\n' "$out" | grep -A2 '^== 7:' | tail -1 | grep -qF 'graph(l_x_: f64[2]):' || fail "comptime's graph is not printed first"
for script in "$1"/examples/minipy/tour/*.py; do
    [ -s "$reports/$(basename "$script" .py)/index.html" ] || fail "no HTML report for $script"
done
grep -qF "HTML reports of the nine runs: $reports/" <<<"$out" || fail "the tour does not say where its reports are"
echo "demo_tour: $sections sections, $lines lines"
