#!/bin/sh
# The state key under tmux: a lab opened from a state line (--state, and numlab STATE) shows that step with those
# values; S puts the screen's line on the status line and appends it whole to numlab-states.txt in the working
# directory; an edit shows in the next S; f's figures carry the line (SVG metadata, PNG tEXt, the CSVs' first line),
# and the saved line reopens the same values.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
command -v pngcheck >/dev/null || { echo "pngcheck is missing: make deps installs it"; exit 1; }
SL="$PWD/$BIN/spring-lab"
mkdir -p "$TMP/work"
states="$TMP/work/numlab-states.txt"
# await_states N: until numlab-states.txt has N lines (20 s at most)
await_states() { i=0; while [ "$(wc -l <"$states")" -lt "$1" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done; }

# the line is double-quoted for the shell tmux runs: its '&' and '?' stay in it
tui_start lab 100 30 LANG=C.UTF-8 TERM=xterm-256color -- cd "$TMP/work" '&&' "$SL" --state '"numlab:spring-lab/3?k=400&c=0"'
tui_expect lab "step 3/18" "the state's step"
tm send-keys -t lab ' ' S
tui_expect lab "^ *numlab:spring-lab/3\?k=400&c=0&method=explicit,semi" "S: the line on the status line"
line1='numlab:spring-lab/3?k=400&c=0&method=explicit,semi,rk4,gsl-rk4,gsl-rk8pd&dt=0.01&steps=300'
expect_eq "S appends the line" "$(cat "$states")" "$line1"
# right arrow on k (the first parameter, log scale x1.1): k = 400 * 1.1, which in doubles is 440.00000000000006
# (the nearest double to 1.1 is 1.100000000000000089, and the product rounds up); the line keeps every digit
tm send-keys -t lab Right
sleep 0.3
tm send-keys -t lab S
line2='numlab:spring-lab/3?k=440.00000000000006&c=0&method=explicit,semi,rk4,gsl-rk4,gsl-rk8pd&dt=0.01&steps=300'
await_states 2
expect_eq "a second S, after an edit" "$(sed -n 2p "$states")" "$line2"
expect_eq "one line a press, whole" "$(wc -l <"$states")" 2
tm send-keys -t lab f
tui_expect lab "wrote numlab-figures/spring-lab-step3-001/" "f writes the figures"
dir="$TMP/work/numlab-figures/spring-lab-step3-001"
expect_eq "the SVG's state line" "$(xmllint --xpath 'string(//*[local-name()="metadata"])' "$dir/chart-1.svg")" "$line2"
expect_eq "the CSV's first line" "$(head -n 1 "$dir/chart-1.csv")" "# numlab-state: $line2"
expect_eq "the CSV's header after it" "$(sed -n 2p "$dir/chart-1.csv")" "series,x,y"
expect_eq "the PNG's tEXt" "$(pngcheck -t "$dir/chart-2.png" | sed -n '/^numlab-state:$/ { n; s/^ *//p; }')" "$line2"
tm send-keys -t lab q
expect_eq "exit status after q" "$(tui_exit_status lab)" 0
tui_sane lab
NUMLAB_WALK_TEXT=1 expect_ok "$SL" --state "$line2"
expect_eq "the saved line reopens the edit" "$(grep '^--- values: ' "$TMP/out")" \
    "--- values: k = 440, c = 0, dt = 0.01, steps = 300"

# keyframe-lab's step 3: k selects the next key, the down arrow its value, the right arrow adds 0.25 (3 to 3.25):
# the next S holds the edited key among the three (keys=VALUE:IN:OUT,...), and the line reopens it
KL="$PWD/$BIN/keyframe-lab"
tui_start kl 100 30 LANG=C.UTF-8 TERM=xterm-256color -- cd "$TMP/work" '&&' "$KL" --state '"numlab:keyframe-lab/3"'
tui_expect kl "step 3/9" "keyframe-lab: the state's step"
for key in k Down Right S; do tm send-keys -t kl "$key"; sleep 0.3; done
kl_line='numlab:keyframe-lab/3?key=1&keys=0:0:5,3.25:0:0,0:-5:0&probe=0.5&speed=1'
await_states 3
expect_eq "keyframe-lab: S after editing a key" "$(sed -n 3p "$states")" "$kl_line"
tm send-keys -t kl q
expect_eq "keyframe-lab: exit status after q" "$(tui_exit_status kl)" 0
NUMLAB_WALK_TEXT=1 expect_ok "$KL" --state "$kl_line"
expect_eq "keyframe-lab: the line reopens the edited key" "$(grep '^--- values: ' "$TMP/out")" \
    "--- values: key = 1, value = 3.25, in = 0, out = 0, t = 0.5, speed = 1"

# the launcher opens a state in the lab it names, and q there ends numlab with the lab's status
tui_start menu 100 30 LANG=C.UTF-8 TERM=xterm-256color -- cd "$TMP/work" '&&' "$PWD/$BIN/numlab" '"numlab:spring-lab/2?k=900"'
tui_expect menu "step 2/18" "numlab STATE opens the lab at its step"
tm send-keys -t menu q
expect_eq "numlab STATE's exit status" "$(tui_exit_status menu)" 0
finish
