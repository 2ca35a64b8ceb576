#!/bin/sh
# The interactive labs under a comma-decimal locale (de_DE.UTF-8): the numbers on every lab's screen have a '.',
# braille still shows (LC_CTYPE comes from the environment), and bowl-lab's w writes a gesture file with '.' that
# --gesture reads back, replaying the session's WAV to the byte.
. tests/lib/cli.sh
. tests/lib/tui.sh
. tests/lib/locale.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
comma_locale
BIN_ABS=$(cd "$BIN" && pwd)
RUN="$TMP/run"
mkdir -p "$RUN"

tui_start spring 100 30 $COMMA TERM=xterm-256color -- "$BIN_ABS/spring-lab"
tui_expect spring "x = -5590\.544" "spring-lab's notes with a '.'"
tui_screen spring | has_braille && pass || fail "spring-lab: no braille under $COMMA"
tui_screen spring | grep -qE '[0-9],[0-9]' && fail "spring-lab shows a decimal comma: $(tui_screen spring | grep -E '[0-9],[0-9]' | head -n 2)" || pass
tm send-keys -t spring q
expect_eq "spring-lab exit" "$(tui_exit_status spring)" 0

tui_start keyframe 100 30 $COMMA TERM=xterm-256color -- "$BIN_ABS/keyframe-lab"
tui_expect_pane keyframe "cubicSpline\(0\.5, 0, 5, 10, -2\) = 5\.875" "keyframe-lab's notes with a '.'"
tm send-keys -t keyframe q
expect_eq "keyframe-lab exit" "$(tui_exit_status keyframe)" 0

tui_start network 100 30 $COMMA TERM=xterm-256color -- "$BIN_ABS/network-lab"
tui_expect_text network "E \[J\]: explicit [0-9]+\.[0-9]+ \(x[0-9]+\.[0-9]+\)" "network-lab's notes with a '.'"
tm send-keys -t network q
expect_eq "network-lab exit" "$(tui_exit_status network)" 0

tui_start bowl 100 30 $COMMA TERM=xterm-256color -- "cd $RUN && $BIN_ABS/bowl-lab"
tui_expect bowl "tilt 0\.0 0\.0 deg, stir 1\.5 Hz" "bowl-lab's notes with a '.'"
tm send-keys -t bowl l k
tui_expect bowl "tilt -2\.0 2\.0 deg" "the tilt keys, with a '.'"
sleep 1
tm send-keys -t bowl w
tui_expect bowl "w: wrote bowl-session-1\.wav \+ \.csv \([0-9]+\.[0-9] s\)" "w under $COMMA"
# every data row: six numbers with '.' (or none), five commas
tail -n +3 "$RUN/bowl-session-1.csv" | awk -F, 'NF != 6 { bad = 1 } { for (i = 1; i <= NF; i++) if ($i !~ /^-?[0-9]+(\.[0-9]+)?(e[-+][0-9]+)?$/) bad = 1 }
    END { exit bad }' && pass || fail "the gesture file is not numbers with '.': $(sed -n 3,5p "$RUN/bowl-session-1.csv")"
grep -q -- "-2" "$RUN/bowl-session-1.csv" && pass || fail "the tilt is not in the gesture"
replay=$(sed -n '1s/^# .*replay: bowl-lab //p' "$RUN/bowl-session-1.csv")
(cd "$RUN" && env $COMMA "$BIN_ABS/bowl-lab" $replay --quiet) >"$TMP/replay.out" 2>&1 && pass ||
    fail "--gesture rejects the file w wrote under $COMMA: $(cat "$TMP/replay.out")"
cmp -s "$RUN/bowl-session-1.wav" "$RUN/bowl-session-1-replay.wav" && pass || fail "the replay differs from w's WAV"
tm send-keys -t bowl q
expect_eq "bowl-lab exit" "$(tui_exit_status bowl)" 0
tui_sane bowl

finish
