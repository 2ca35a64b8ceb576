#!/bin/sh
# spring-lab as a person uses it, under tmux: the first step with braille plots, n to the next step, a resize to
# too small and back, q (exit 0), Ctrl-C and SIGTERM (terminal restored each time), no CPU while paused,
# monochrome terminals, and Spanish.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
SL="$BIN/spring-lab"

tui_start lab 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$SL"
tui_expect lab "step 1/18: Explicit Euler explodes" "first step"
tui_wait lab "paused|running|step 1/18" && tui_screen lab | has_braille && pass || fail "no braille on screen"
tui_expect lab "phase portrait" "phase pane"
tui_expect lab "x = -5590.544" "the spring article's number in the notes"

tm send-keys -t lab n
tui_expect lab "step 2/18: Semi-implicit Euler" "n goes to step 2"
tm send-keys -t lab p
tui_expect lab "step 1/18" "p goes back"
tm send-keys -t lab n

tm resize-window -t lab -x 30 -y 8
tui_expect lab "terminal too small:" "too-small message"
tui_expect lab "need 80 x 24" "too-small message names the size"
tm resize-window -t lab -x 100 -y 30
tui_expect lab "step 2/18: Semi-implicit Euler" "recovers after the resize"

# Paused, it blocks on input: no wake-up over 3 s (counted, not timed).
tm send-keys -t lab ' '
tui_expect lab "\[paused\]" "space pauses"
pid=$(tui_pid lab spring-lab)
expect_blocked "$pid" 3 "paused lab"

# Parameters: tab selects, right arrow changes, the notes follow.
tm send-keys -t lab ' ' n n
tui_expect lab "step 4/18: The stability chart" "step 4"
tui_expect lab "semi rho\(M\) = 1.0000 \(stable" "semi stable at w0 dt = 1.6"
# the step's text: RK4's own spectral radius at w0 dt = 1.6, 1 - y^6/72 + y^8/576 = 0.8415 squared
tui_expect_pane lab "0.917 \(energy -16% a step\)" "the text gives RK4's rho(M) at this spring"
for i in 1 2 3 4 5 6 7 8; do tm send-keys -t lab Right; done   # k x 1.1^8: w0 dt = 1.6 * 1.1^4 = 2.34
tui_expect lab "semi rho\(M\) = [0-9.]+ \(UNSTABLE" "semi unstable past 2"
# the steps a course adds (7-15): the implicit step's live rho(M) (1/sqrt(1 + 1.6^2)), the spiral's cap
tm send-keys -t lab n n n n
tui_expect lab "step 8/18: Implicit steps" "step 8"
tui_expect_text lab "rho\(M\) = 0.530" "backward Euler's rho(M) at w0 dt = 1.6"
tm send-keys -t lab n n n n
tui_expect lab "step 12/18: The spiral of death" "step 12"
tui_expect_text lab "holds a frame to 24 steps" "the cap's steps a frame"
# step 13: the regions; the midpoint rule's R on the stiff spring's fast mode beside TR-BDF2's
tm send-keys -t lab n
tui_expect lab "step 13/18: A-stable, L-stable" "step 13"
tui_expect_text lab "R = -0.664 a step" "the midpoint rule's R on the fast mode"
tui_expect_text lab "R = -0.204" "TR-BDF2's"
# step 14, the hardening spring: linear at k3 = 0, then k3 to 400 (the second slider, 8 presses of 50): the tangent
# at u = 1 is 1300 and w dt 1.8, under 2, and semi diverges on the spring all the same (test_spring_lab_duffing)
tm send-keys -t lab n
tui_expect lab "step 14/18: A hardening spring" "step 14"
tui_expect_text lab "Tangent k 100 at rest, 100 at u = A" "the linear spring: one tangent"
tm send-keys -t lab Tab
for i in 1 2 3 4 5 6 7 8; do tm send-keys -t lab Right; done
tui_expect_text lab "100 at rest, 1300 at u = A" "k3 = 400: the tangent at the amplitude"
tm send-keys -t lab ']'   # the notes' second page: the runs' lines come after the tangents and Newton's counts
tui_expect lab "semi: diverged at( |$)" "k3 = 400: semi diverges all the same"
tui_expect lab "step 8 \(t = 0\.4\)" "k3 = 400: ... at step 8 (the line may wrap before it)"
# step 15: the adaptive step's live counts (the same as --plot steps's title at the walk's spring)
tm send-keys -t lab n
tui_expect lab "step 15/18: Adaptive steps" "step 15"
title=$("$SL" --plot steps --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 300 --tol 1e-6 --ascii | head -n 1 |
    sed -n 's/.*standard \([0-9]*\) (\([0-9]*\) rejected).*/\1 steps, \2 rejected/p')
tui_expect_text lab "standard $title" "step 15's notes: dopri5's steps as --plot steps counts them"
# steps 16-18, the pendulum (test_spring_lab_phase): the disc's product of det J, the swing's period, Verlet's
# shadow energy above the top's 2k (--plot separatrix at the walk's start gives the same step over the top)
tm send-keys -t lab n
tui_expect lab "step 16/18: Phase-space area" "step 16"
tui_expect_text lab "prod det J: explicit 2.30816" "step 16's notes: explicit Euler's product of det J"
tm send-keys -t lab n
tui_expect lab "step 17/18: The shadow energy" "step 17"
tui_expect_text lab "period 6.7 s; w0 dt = 0.2." "step 17's notes: the swing's period"
tm send-keys -t lab n
tui_expect lab "step 18/18: Over the top" "step 18"
tui_expect_text lab "H~\\(start\\) - 2k = 0\\.00931" "step 18's notes: Verlet's shadow energy over the top's"

tm send-keys -t lab '?'
tui_expect lab "any key closes this help" "help"
tm send-keys -t lab x
tm send-keys -t lab q
expect_eq "exit status after q" "$(tui_exit_status lab)" 0
tui_sane lab

# Ctrl-C and SIGTERM restore the terminal too.
tui_start lab2 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$SL"
tui_expect lab2 "step 1/18" "second start"
tm send-keys -t lab2 C-c
expect_eq "exit status after Ctrl-C" "$(tui_exit_status lab2)" 130
tui_sane lab2

tui_start lab3 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$SL"
tui_expect lab3 "step 1/18" "third start"
kill -TERM "$(tui_pid lab3 spring-lab)"
expect_eq "exit status after SIGTERM" "$(tui_exit_status lab3)" 143
tui_sane lab3

# A crash signal restores the terminal, then the process dies of it (128 + 11).
tui_start lab4 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$SL"
tui_expect lab4 "step 1/18" "fourth start"
kill -SEGV "$(tui_pid lab4 spring-lab)"
expect_eq "exit status after SIGSEGV" "$(tui_exit_status lab4)" 139
tui_sane lab4

# When the animation is over (step 1 reveals its 40 steps in 4 s), the lab blocks on input: no wake-up.
tui_start idle 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$SL"
tui_expect idle "step 1/18" "idle start"
sleep 5
pid=$(tui_pid idle spring-lab)
expect_blocked "$pid" 3 "a finished animation"
tm send-keys -t idle q
expect_eq "idle exit" "$(tui_exit_status idle)" 0

# In Spanish at the smallest size: the step's title, a chart's title, the notes' live number, a step's toggles and
# the lab's own key in the help (the words from po/es.po; the numbers the same as in English).
tui_start es 80 24 LANG=es_ES.UTF-8 TERM=xterm-256color -- "$SL"
tui_expect es "1/18: Euler explícito explota" "Spanish: the first step's title"
tui_expect es "plano de fases" "Spanish: the phase pane's title"
tui_expect es "Tras 40 pasos" "Spanish: the notes"
tui_expect es "-5590\\.544" "Spanish: the notes' number, as in English"
tm send-keys -t es n n n n n
tui_expect es "6/18: Cuándo parar" "Spanish: step 6"
tui_expect es "3\[x\] ambas" "Spanish: step 6's rules"
tm send-keys -t es '?'
tui_expect es "o opacidad" "Spanish: the lab's key in the help"
tm send-keys -t es x q
expect_eq "Spanish exit" "$(tui_exit_status es)" 0

# No colors: NO_COLOR, and a terminal without any (vt100); ASCII under LANG=C.
tui_start mono 100 30 LANG=C.UTF-8 TERM=vt100 NO_COLOR=1 -- "$SL"
tui_expect mono "step 1/18" "vt100 + NO_COLOR"
tm send-keys -t mono q
expect_eq "mono exit" "$(tui_exit_status mono)" 0
tui_start ascii 100 30 LANG=C TERM=xterm-256color -- "$SL"
tui_expect ascii "step 1/18" "LANG=C"
tui_screen ascii | has_braille && fail "braille under LANG=C" || pass
tm send-keys -t ascii q
expect_eq "ascii exit" "$(tui_exit_status ascii)" 0

finish
