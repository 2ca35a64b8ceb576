#!/bin/sh
# The figure key under tmux: f in spring-lab's first step writes numlab-figures/spring-lab-step1-001/ (in the
# working directory) with each pane's chart as SVG, PNG and CSV and says so on the status line; a second f takes the
# next number. The CSV holds the data on the screen: explicit Euler's x after 40 steps is the number --csv prints.
# bowl-lab's panes (the bowl from above, the spectrum) go the same way.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
command -v xmllint >/dev/null || { echo "xmllint is missing: make deps installs it"; exit 1; }
SL="$PWD/$BIN/spring-lab" BL="$PWD/$BIN/bowl-lab"
mkdir -p "$TMP/work"

tui_start lab 100 30 LANG=C.UTF-8 TERM=xterm-256color -- cd "$TMP/work" '&&' "$SL"
tui_expect lab "step 1/18: Explicit Euler explodes" "first step"
tui_expect lab "f figures" "the key line shows f"
tm send-keys -t lab ' ' f
tui_expect lab "wrote numlab-figures/spring-lab-step1-001/: 2 charts as SVG, PNG and CSV" "f says where"
dir="$TMP/work/numlab-figures/spring-lab-step1-001"
for k in 1 2; do
    for ext in svg png csv; do [ -s "$dir/chart-$k.$ext" ] && pass || fail "no $dir/chart-$k.$ext"; done
    xmllint --noout "$dir/chart-$k.svg" && pass || fail "chart-$k.svg does not parse"
done
# The position pane's explicit series as far as the animation had gone (paused at once: a few steps), each row
# against the headless CSV of the same run at the same step: t and x to the last digit.
grep '^explicit,' "$dir/chart-2.csv" | cut -d, -f2,3 >"$TMP/shown"
n=$(wc -l <"$TMP/shown")
[ "$n" -ge 1 ] && pass || fail "no explicit rows in chart-2.csv"
"$BIN/spring-lab" --csv --method explicit --k 1600 --c 0 --x0 1 --target 0 --dt 0.02 --steps 40 |
    grep '^explicit,' | head -n "$n" | cut -d, -f3,4 >"$TMP/want"
expect_eq "explicit's (t, x) on screen = --csv's" "$(cat "$TMP/shown")" "$(cat "$TMP/want")"
tm send-keys -t lab x
tm send-keys -t lab f
tui_expect lab "wrote numlab-figures/spring-lab-step1-002/" "a second f takes the next number"
tm send-keys -t lab '?'
tui_expect lab "write the step's charts" "the help lists f"
tm send-keys -t lab x q
expect_eq "exit status after q" "$(tui_exit_status lab)" 0
tui_sane lab

tui_start bowl 120 36 LANG=C.UTF-8 TERM=xterm-256color -- cd "$TMP/work" '&&' "$BL"
tui_wait bowl "bowl-lab" 10 && pass || fail "bowl-lab did not start"
tm send-keys -t bowl '?'
tui_expect bowl "g spectrogram" "the help lists g"
tm send-keys -t bowl c
tm send-keys -t bowl f
tui_expect bowl "wrote numlab-figures/bowl-lab-step1-001/" "bowl-lab writes its figures"
ls "$TMP/work/numlab-figures/bowl-lab-step1-001/"chart-*.png >/dev/null 2>&1 && pass || fail "no bowl PNG"
# g swaps the spectrum for the spectrogram of the last seconds; its figure carries the heat map's samples
tm send-keys -t bowl x g
tui_expect bowl "spectrogram, last 4 s" "g shows the spectrogram"
sleep 1
tm send-keys -t bowl f
tui_expect bowl "wrote numlab-figures/bowl-lab-step1-002/" "the spectrogram's figures"
# (after the state line's comment: docs/states.md)
grep -v '^#' "$TMP/work/numlab-figures/bowl-lab-step1-002/chart-2.csv" | head -n 1 | grep -q '^series,x,y,value$' && pass ||
    fail "the spectrogram's CSV has no value column"
grep -q '^image,' "$TMP/work/numlab-figures/bowl-lab-step1-002/chart-2.csv" && pass || fail "no image rows"
tm send-keys -t bowl q
tui_exit_status bowl >/dev/null
tui_sane bowl
finish
