#!/bin/sh
# bowl-lab's sampling steps under tmux, as a person walks them: n from free play to step 8, its chart (one resonator
# past Nyquist, its peak folded) and its sentence with the folded frequency by hand; Right raises f a semitone a
# press and the folded frequency follows (|f - fs|, hand value below); step 9's cents (-4.101 bilinear, -10.221 body
# at 1290 Hz, docs/sampling.md) and step 10's longest float decay (2^24 / 48000 = 349.5 s); q exits 0.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
BL="$(cd "$BIN" && pwd)/bowl-lab"
RUN="$TMP/run"
mkdir -p "$RUN"

tui_start lab 120 40 LANG=C.UTF-8 TERM=xterm-256color -- "cd $RUN && $BL --audio none"
tui_expect lab "step 1/10: Level 1: the reduced mechanics" "first step"
tm send-keys -t lab n n n n n n n
tui_expect lab "step 8/10: Sampling 1: a mode past Nyquist folds" "step 8"
tui_expect lab "30000 Hz at 48000 Hz, heard at 18000 Hz \(dB, Hz\)" "the study's chart, where the bowl was"
# 30 kHz at 48 kHz: |30000 - 48000| = 18000 Hz
tui_expect_pane lab "heard at \|f - 1 fs\| = 18000.0 Hz" "the folded frequency in the notes"
tui_expect lab "events, last 5 s" "the bowl plays on beside it (the timeline)"
# three semitones up: 30000 x 2^(3/12) = 35676.2 Hz, heard at 48000 - 35676.2 = 12323.8 Hz
tm send-keys -t lab Right Right Right
tui_expect_pane lab "heard at \|f - 1 fs\| = 12323.8 Hz" "Right raises f, the fold follows"
tm send-keys -t lab n
tui_expect lab "step 9/10: Sampling 2: frequency warping" "step 9"
tui_expect lab "frequency warping at 48000 Hz \(cents, Hz\)" "the warping chart"
tui_expect_pane lab "bilinear -4.101 \(-4.101\), body -10.221 \(-10.221\)" "the cents measured and in closed form"
tm send-keys -t lab n
tui_expect lab "step 10/10: Sampling 3: float or double" "step 10"
tui_expect_pane lab "float 349.5 s \(1 - r = 2\^-24\)" "the float's longest decay"
tm send-keys -t lab q
expect_eq "exit status after q" "$(tui_exit_status lab)" 0
tui_sane lab
finish
