#!/bin/sh
# network-lab as a person uses it, under tmux: the first step with the network in braille, n to the next step, a
# mass grabbed and moved with the keyboard and with the mouse (the position readout in the notes follows it
# exactly), the stiff cloth under backward Euler with the zoom keys, the stiff step
# where semi-implicit Euler breaks at the limit from the modes, a resize to too small and back, no CPU while
# paused, q (exit 0, terminal restored), the free run of your own network, and ASCII under LANG=C.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
NL="$BIN/network-lab"

tui_start lab 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$NL"
tui_expect lab "step 1/8: The post's explicit Euler at h = 1/fps" "first step"
tui_wait lab "running" && tui_screen lab | has_braille && pass || fail "no braille on screen"
tui_expect lab "total energy of each integrator" "energy pane"
tui_expect_text lab "E \[J\]: explicit [0-9.]+ \(x[0-9.]+\)" "explicit's energy in the notes"

tm send-keys -t lab n
tui_expect lab "step 2/8: Semi-implicit Euler" "n goes to step 2"
tui_expect_text lab "semi [0-9.]+ \(x" "semi's energy in the notes"
# The view follows the masses (explicit Euler's growing square, the drags below); replayed (r) it is the rest
# shape's again, and zoomed in and out again (z Z) it is that view held still: the geometry below is that view's.
tm send-keys -t lab 1 r z Z

# The keyboard drag: m selects mass 0, g grabs it where it is, l moves it right by 2.5% of the view's width
# (the four's world box is 1.5 m wide: 0.0375 m a press), g lets go.
readout() { tui_text lab | sed -n 's/.*mass 0 held at (\([-0-9.]*\), \([-0-9.]*\)).*/\1 \2/p'; }
tm send-keys -t lab m
tui_expect lab "mass 0 at \(" "m selects mass 0"
tm send-keys -t lab g
tui_expect lab "mass 0 held at \(" "g grabs it"
set -- $(readout)
x0=$1 y0=$2
tm send-keys -t lab l l l l
tui_wait lab "mass 0 held at \($(awk -v x="$x0" 'BEGIN { printf "%.2f", x + 0.15 }')" || true
set -- $(readout)
expect_num "x after four presses of l" "$1" "$(awk -v x="$x0" 'BEGIN { print x + 0.15 }')" 0.0015
expect_num "y unchanged" "$2" "$y0" 0.0005
tm send-keys -t lab k
tui_wait lab "mass 0 held at \([-0-9.]+, $(awk -v y="$y0" 'BEGIN { printf "%.2f", y + 0.0375 }')" || true
set -- $(readout)
expect_num "y after k" "$2" "$(awk -v y="$y0" 'BEGIN { print y + 0.0375 }')" 0.0015
tm send-keys -t lab g
tui_expect lab "mass 0 at \(" "g lets go"

# The mouse drag, as xterm's SGR mouse reports (ESC [ < button ; column ; row M, m on release; 32 = motion with the
# button held; 1-based cells). A press in the network pane grabs the nearest mass at the pointer; a drag ten
# columns right moves it by ten columns' worth: at 100 x 30 the pane is 49 x 16 cells, its plot area 44 x 12
# (88 x 48 braille dots), and the four's 1.5 m box fits 47 dot pitches up, so a column is 2 x 1.5/47 = 0.06383 m.
held() { tui_text lab | sed -n 's/.*mass \([0-9]*\) held at (\([-0-9.]*\), \([-0-9.]*\)).*/\1 \2 \3/p'; }
tm send-keys -t lab -l "$(printf '\033[<0;20;8M')"
tui_expect lab "mass [0-3] held at \(" "a press grabs a mass"
set -- $(held)
mass=$1 x0=$2 y0=$3
tm send-keys -t lab -l "$(printf '\033[<32;30;8M')"
tui_wait lab "mass $mass held at \($(awk -v x="$x0" 'BEGIN { printf "%.2f", x + 0.6383 }')" || true
set -- $(held)
expect_num "x after a drag of ten columns" "$2" "$(awk -v x="$x0" 'BEGIN { print x + 0.6383 }')" 0.0015
expect_eq "y after a drag along the row" "$3" "$y0"
# dragged out of the pane (over the energy pane) it stays captured, at the plot area's edge, and lets go there
tm send-keys -t lab -l "$(printf '\033[<32;80;8M')"
tui_wait lab "mass $mass held at \(1.87" || true
set -- $(held)
# (the last column's centre: 43 dot pitches right of the centre, 0.5 + 43 x 1.5/47)
expect_num "x at the edge" "$2" 1.872 0.0015
tm send-keys -t lab -l "$(printf '\033[<0;80;8m')"
tui_expect lab "mass $mass at \(" "the release outside the pane lets go"

# The stiff spring: the gauge says stable at k stiff = 2000 N/m; six presses (x1.25 each, w_max x1.118 each)
# cross 2/w_max = dt, and semi-implicit Euler diverges: a line in the notes, never NaN.
tm send-keys -t lab n n
tui_expect lab "step 4/8: A stiff spring" "step 4"
tui_expect_text lab "semi 2/w_max = 31.6 ms, stable \(0.53x\)" "the gauge: stable"
for i in 1 2 3 4 5 6; do tm send-keys -t lab Right; done
tui_expect_text lab "2/w_max = 16.2 ms, UNSTABLE \(1.03x\)" "the gauge: unstable past the limit"
tui_expect_text lab "semi diverged at step [0-9]+ \(t = [0-9.]+ s\)" "semi's divergence line" 10
tui_screen lab | grep -qiE "nan|inf[^o]" && fail "non-finite number on screen" || pass

tm send-keys -t lab n
tui_expect lab "step 5/8: The cloth" "step 5"
tui_expect lab "36 masses" "a 6 x 6 cloth"
# the cloth's limits with its dampers at its sagged equilibrium: semi-implicit up to 12.5 ms; explicit Euler only
# below 2.87 ms, not at 1/240 s (its limit about rest, c/k = 4.47 ms, is not the cloth's)
tui_expect_text lab "12.5 ms, not 2/w_max = 16.3 ms" "the step's text: the damped limit"
tui_expect_text lab "explicit 2.87 ms, UNSTABLE \(1.45x\); semi 12.5 ms," "the gauge: damped limits"

# The stiff cloth: semi and rk4 break at one step a frame, backward Euler holds; the text states the stiffness.
tm send-keys -t lab n
tui_expect lab "step 6/8: A stiff cloth: backward Euler" "step 6"
tui_expect lab "3\[x\] backward-eul" "backward Euler's toggle"
tui_expect_text lab "Stiff: the fastest mode \(w_max = [0-9]+ rad/s\)" "the step's text: the stiffness"
# at 100 x 30 the notes (no label split from its value: "t = 4.3 s") are more than half the pane: they
# follow the text, on its second page
tm send-keys -t lab ']'
tui_expect lab "\[ back 2/2" "the notes' page"
tui_expect_text lab "semi diverged at step [0-9]+" "semi breaks at dt = 1/60 s" 10
tui_expect_text lab "backward-euler -?[0-9.]+" "backward Euler's energy in the notes"
tm send-keys -t lab '['
tui_screen lab | grep -qiE "nan|inf[^o]" && fail "non-finite number on screen" || pass
# z zooms in (the network pane's x axis changes), v follows the masses again (f is the figure key)
xaxis() { tui_screen lab | grep -m1 -A1 -E '^ *└' | tail -1 | cut -c1-48; }
tm send-keys -t lab ' '
tui_expect lab "\[paused\]" "paused for the zoom"
before=$(xaxis)
tm send-keys -t lab z z z
sleep 1
[ "$(xaxis)" != "$before" ] && pass || fail "z did not zoom: $before"
tm send-keys -t lab v
sleep 1
expect_eq "v fits again" "$(xaxis)" "$before"
tm send-keys -t lab '?'
tui_expect lab "this lab: +m mass +g grab +hjkl move +z/Z zoom +v follow" "the help lists the zoom keys"
tm send-keys -t lab x
tm send-keys -t lab ' '
tm send-keys -t lab p

tm resize-window -t lab -x 30 -y 8
tui_expect lab "terminal too small:" "too-small message"
tui_expect lab "need 80 x 24" "too-small message names the size"
tm resize-window -t lab -x 100 -y 30
tui_expect lab "step 5/8: The cloth" "recovers after the resize"

# Paused, it blocks on input: no wake-up over 3 s (counted, not timed).
tm send-keys -t lab ' '
tui_expect lab "\[paused\]" "space pauses"
pid=$(tui_pid lab network-lab)
expect_blocked "$pid" 3 "paused lab"

tm send-keys -t lab q
expect_eq "exit status after q" "$(tui_exit_status lab)" 0
tui_sane lab

# XPBD's steps: 7 spends one budget as iterations or substeps (the notes' longest strains, live), 8 puts PBD's
# stiffness against XPBD's compliance (the text's PBD stiffness follows the iterations).
tui_start xp 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$NL"
tui_expect xp "step 1/8" "the walk again"
for step in 2 3 4 5 6 7; do  # one step at a time: each builds its network and its modes first (a loaded machine:
    tm send-keys -t xp n        # up to 30 s)
    tui_wait xp "step $step/8" 30 || fail "step $step not reached"
done
tui_expect xp "step 7/8: XPBD: substeps or iterations" "step 7"
tui_expect_text xp "frame 16.7 ms\) x 1 iteration" "step 7's text: the substep and the frame"
tm send-keys -t xp ']'
tui_expect_text xp "longest strain: xpbd 1x20 [0-9.e+-]+;" "step 7's live strains"
tm send-keys -t xp '['
tm send-keys -t xp n
tui_wait xp "step 8/8" 30
tui_expect xp "step 8/8: PBD's stiffness and XPBD's compliance" "step 8"
tui_expect_text xp "2.48e\+05 N/m" "step 8's PBD stiffness"
tm send-keys -t xp q
expect_eq "xpbd steps exit" "$(tui_exit_status xp)" 0
tui_sane xp

# Your own network: one free step with the gauge.
tui_start own 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$NL" --preset chain --n 3 --pull 1,0.3,0
tui_expect own "your network: chain" "free run title"
tui_expect_text own "semi 2/w_max = 1.08 s" "the chain's limit (2 / 1.848 rad/s)"
tm send-keys -t own q
expect_eq "free run exit" "$(tui_exit_status own)" 0
tui_sane own

tui_start ascii 100 30 LANG=C TERM=xterm-256color -- "$NL"
tui_expect ascii "step 1/8" "LANG=C"
tui_screen ascii | has_braille && fail "braille under LANG=C" || pass
tm send-keys -t ascii q
expect_eq "ascii exit" "$(tui_exit_status ascii)" 0

finish
