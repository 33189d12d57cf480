#!/usr/bin/env bash
# The HTML report (minipy run --report DIR) of a script with graph breaks, a nested
# break and a recompile: well-formed (xmllint), rendered by headless Chromium (a
# screenshot is taken), and the page's text, read from Chromium's DOM, shows the
# totals, the graphs drawn as SVG, the marked source line, the reasons and the bytecode.
# Usage: html_report.sh SOURCE_DIR MINIPY WORK_DIR
set -euo pipefail
source_dir=$1 minipy=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "html_report: $*" >&2; exit 1; }
"$minipy" run --report "$work/report" "$source_dir/tests/minipy/html_report_script.py" >/dev/null
page="$work/report/index.html"
[ -s "$page" ] || fail "no $page"
xmllint --noout "$page" || fail "the page is not well-formed"
browser=$(command -v chromium || command -v chromium-browser) || fail "chromium is not installed (scripts/deps installs it)"
flags=(--headless --no-sandbox --disable-gpu --user-data-dir="$work/profile")
timeout 120 "$browser" "${flags[@]}" --window-size=1280,2400 --screenshot="$work/report.png" "file://$page" \
    >/dev/null 2>&1 || fail "chromium could not render the page"
[ "$(stat -c %s "$work/report.png")" -gt 20000 ] || fail "the screenshot is empty"
timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$page" 2>/dev/null >"$work/dom.html" \
    || fail "chromium could not load the page"
for shown in "4 captured functions, 5 graphs, 7 ops, 3 graph breaks, 1 recompile" \
    "resume_in_f_at_14_via_helper_at_8" "resume_in_g_at_19" "<svg" "add(relu, 1.0)" \
    "L['x'] is a tensor f64[2], but got a tensor i64[2]" 'print("inside helper")' \
    "a &lt;is&gt; &amp; 'quoted'" "Generated code 0" "Resume function 0 made from this code" \
    "href=\"#LB0001\"" "id=\"LB0001\"" "LB0029" \
    "class=\"marked\""; do
    grep -qF -- "$shown" "$work/dom.html" || fail "the rendered page does not show: $shown"
done
echo "html_report: $page well-formed, rendered ($(stat -c %s "$work/report.png") bytes of screenshot)"
