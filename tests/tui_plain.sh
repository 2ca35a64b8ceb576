#!/bin/sh
# --plain on a real terminal (tmux), as a student with a screen reader meets it: a script of keys and the lines
# each must bring. The keys are taken as they are pressed (no Enter), the arrows from their escape sequences, no
# key is echoed, nothing uses the alternate screen or moves the cursor (each answer a new line at the bottom), and
# the terminal's settings are as before after q and after Ctrl-C.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
SL="$BIN/spring-lab"

tui_start plain 120 40 TERM=xterm-256color -- "$SL" --plain
tui_expect plain 'Press \? for the keys\.' "--plain: step 1 said"
expect_eq "--plain: no alternate screen" "$(tui_alternate plain)" 0
# down arrow twice (k, c, dt), then the right arrow: dt 0.022 s, explicit's growth sqrt(1 + 0.88^2) = 1.33 a step
tm send-keys -t plain Down Down
tui_expect plain '^Selected dt = 0\.02 s, from 1e-05 to 1\.$' "--plain: the down arrow selects"
tm send-keys -t plain Right
tui_expect plain '^dt = 0\.022 s: explicit grows x1\.33 a step' "--plain: the right arrow raises dt, one line"
# the last line is the answer: the key itself was not echoed before it
expect_eq "--plain: no echo" "$(tui_screen plain | grep -v '^$' | tail -n 2 | head -n 1)" "Selected dt = 0.02 s, from 1e-05 to 1."
tm send-keys -t plain 2
tui_expect plain '^semi shown: .*semi bounded' "--plain: 2 shows semi-implicit Euler"
tm send-keys -t plain n
tui_expect plain '^Step 2 of 18: Semi-implicit Euler: swap two lines\.$' "--plain: n goes to step 2"
tm send-keys -t plain '?'
tui_expect plain '^Press q to quit\.$' "--plain: ? lists the keys as sentences"
tm send-keys -t plain q
expect_eq "--plain: q exits 0" "$(tui_exit_status plain)" 0
tui_sane plain

# Ctrl-C: the line discipline is put back too, exit 128 + SIGINT
tui_start plainc 120 40 TERM=xterm-256color -- "$SL" --plain
tui_expect plainc 'Press \? for the keys\.' "--plain: step 1 said (Ctrl-C run)"
tm send-keys -t plainc C-c
expect_eq "--plain: Ctrl-C exits 130" "$(tui_exit_status plainc)" 130
tui_sane plainc
finish
