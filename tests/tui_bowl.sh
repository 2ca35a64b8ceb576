#!/bin/sh
# bowl-lab as a person uses it, under tmux: the first level with the bowl in braille, the timeline and the spectrum,
# n through the levels, the tilt keys and a mouse drag changing the tilt in the notes, a strike, w writing a WAV
# (checked by soxi) and its gesture, whose replay on the command line gives the same bytes, a resize to too small
# and back, no CPU while paused, q (exit 0, terminal restored), ASCII under LANG=C, and the lab in Spanish.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
command -v soxi >/dev/null || { echo "sox is missing: make deps installs it"; exit 1; }
BL="$(cd "$BIN" && pwd)/bowl-lab"
RUN="$TMP/run"
mkdir -p "$RUN"

tui_start lab 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "cd $RUN && $BL"
tui_expect lab "step 1/10: Level 1: the reduced mechanics" "first step"
tui_wait lab "running" && tui_screen lab | has_braille && pass || fail "no braille on screen"
tui_expect lab "steel-pair seed 1, from above \(mm\)" "the bowl pane"
tui_expect lab "events, last 5 s" "the timeline"
tui_expect lab "spectrum, last 0.17 s \(dB, Hz\)" "the spectrum"
tui_expect lab "gate 0 [█·]+ [01]\.[0-9]+ +[0-9]+/s" "sphere 0's gate meter and rate"
tui_expect lab "latch +[█·]+ 0\.[0-9]+ " "the latch meter"
tui_expect lab "t [0-9.]+ s, silent" "level 1 has no sound"

tm send-keys -t lab n
tui_expect lab "step 2/10: Level 2: load and the contact gate" "n goes to level 2"
tui_expect lab "L [0-9.]+ L_ref" "the loads in the notes"

# h/j/k/l tilt the bowl by 2 degrees a press; c levels it
tui_expect lab "tilt 0\.0 0\.0 deg, stir 1\.5 Hz" "level at the start"
tm send-keys -t lab l l l
tui_expect lab "tilt 0\.0 6\.0 deg" "l l l: tilt y 6 degrees"
tm send-keys -t lab k
tui_expect lab "tilt -2\.0 6\.0 deg" "k: tilt x -2 degrees"
tm send-keys -t lab c
tui_expect lab "tilt 0\.0 0\.0 deg" "c levels the bowl"
tm send-keys -t lab v
tui_expect lab "stir -1\.5 Hz" "v reverses the stir"
tm send-keys -t lab s
tui_expect lab "stir 0\.0 Hz" "s stops it"
tm send-keys -t lab s v
tui_expect lab "stir 1\.5 Hz" "s starts it again, v reverses it back"

# A press in the bowl pane, up and to the right of the centre, puts the lowest point there (SGR mouse reports,
# 1-based cells): tilt x negative (toward +y), tilt y positive (toward +x).
tm send-keys -t lab -l "$(printf '\033[<0;32;6M')"
tui_expect lab "tilt -[0-9]+\.[0-9] [1-9][0-9]*\.[0-9] deg" "a press tilts toward the pointer"
tm send-keys -t lab -l "$(printf '\033[<0;32;6m')" c

# strike_then_save SESSION: a second of play, a strike, a second more, then w (the session and its gesture)
strike_then_save() {
    sleep 1; tm send-keys -t "$1" x
    sleep 1; tm send-keys -t "$1" w
}

# Level 6 sounds; strike once, then w writes the session and its gesture
tm send-keys -t lab n n n n
tui_expect lab "step 6/10: Level 6: hard hits, metal and acrylic" "level 6"
tui_expect lab "peak -[0-9.]+ dBFS" "level 6 sounds"
strike_then_save lab
tui_expect lab "w: wrote bowl-session-1\.wav \+ \.csv \([0-9.]+ s\)" "w names the files"
expect_eq "rate" "$(soxi -r "$RUN/bowl-session-1.wav")" 48000
expect_eq "channels" "$(soxi -c "$RUN/bowl-session-1.wav")" 1
expect_eq "encoding" "$(soxi -e "$RUN/bowl-session-1.wav")" "Signed Integer PCM"
seconds=$(soxi -D "$RUN/bowl-session-1.wav")
awk -v s="$seconds" 'BEGIN { exit !(s >= 2) }' && pass || fail "the session's WAV lasts $seconds s"
end=$(tail -n 1 "$RUN/bowl-session-1.csv" | cut -d, -f1)
expect_num "the WAV lasts until the gesture's last row" "$seconds" "$end" 0.0001
awk -F, 'NR > 2 && $6 > 0' "$RUN/bowl-session-1.csv" | grep -q . && pass || fail "the strike is not in the gesture"
# replays_same DIR N: the replay command bowl-session-N.csv carries (its comment line, the same in every language),
# run as written in English, gives bowl-session-N.wav's bytes
replays_same() {
    replay=$(sed -n '1s/^# bowl-lab gesture ([0-9.]* s); replay: bowl-lab //p' "$1/bowl-session-$2.csv")
    expect_eq "replay command" "$(echo "$replay" | cut -d' ' -f1-6)" "--preset steel-pair --seed 1 --layers default"
    (cd "$1" && env LANG=C.UTF-8 "$BL" $replay --quiet) >"$TMP/replay.out" 2>&1 ||
        fail "replay: $(cat "$TMP/replay.out")"
    cmp -s "$1/bowl-session-$2.wav" "$1/bowl-session-$2-replay.wav" && pass ||
        fail "the replay differs from the UI's WAV"
}
replays_same "$RUN" 1
# a second w never replaces the first: a new name
tm send-keys -t lab w
tui_expect lab "w: wrote bowl-session-2\.wav" "a second w takes the next name"

tm resize-window -t lab -x 30 -y 8
tui_expect lab "terminal too small:" "too-small message"
tui_expect lab "need 80 x 24" "too-small message names the size"
tm resize-window -t lab -x 80 -y 24
# at the smallest size the text pages (]) above the notes or with them, and the status keeps "? help  q quit"
tui_expect lab "\] more text 1/" "the text pages at 80 x 24"
tm send-keys -t lab ']'
tui_expect lab "^ gate 0 [█·]+ " "the meters at 80 x 24"
tui_expect lab "1-9 layers .*  \? help  q quit$" "the status line at 80 x 24"
tm resize-window -t lab -x 100 -y 30
tui_expect lab "step 6/10: Level 6" "recovers after the resize"

# Paused, it blocks on input: no wake-up over 3 s (counted, not timed).
tm send-keys -t lab ' '
tui_expect lab "\[paused\]" "space pauses"
pid=$(tui_pid lab bowl-lab)
expect_blocked "$pid" 3 "paused lab"

tm send-keys -t lab '?'
tui_expect lab "this lab: +hjkl tilt  c level  s stir  v reverse  x strike  w WAV" "the help lists the lab's keys"
tm send-keys -t lab x
tm send-keys -t lab q
expect_eq "exit status after q" "$(tui_exit_status lab)" 0
tui_sane lab

tui_start ascii 100 30 LANG=C TERM=xterm-256color -- "cd $RUN && $BL --preset neodymium-spin-lock"
tui_expect ascii "step 1/10" "LANG=C"
tui_expect ascii "neodymium-spin-lock seed 1, from above" "the preset from the command line"
tui_screen ascii | has_braille && fail "braille under LANG=C" || pass
tm send-keys -t ascii q
expect_eq "ascii exit" "$(tui_exit_status ascii)" 0

# In Spanish (LANG=es_ES.UTF-8, installed or not) at 80 x 24, the smallest screen: the step's title, the charts'
# titles, the timeline's lanes, the parameters, the layers and the notes in Spanish (the notes on the text pane's next
# page), w's message in Spanish and its files as in English (the gesture's comment line and replay command), the lab's
# keys in the help. Every step's text laid out page by page: tests/tui_layout.sh.
RUN_ES="$TMP/run-es"
mkdir -p "$RUN_ES"
tui_start es 80 24 LANG=es_ES.UTF-8 TERM=xterm-256color -- "cd $RUN_ES && $BL --audio none"
tui_expect es "paso 1/10: Nivel 1: la mecánica reducida" "the step's title"
tui_expect es "steel-pair semilla 1, en planta \(mm\)" "the bowl pane's title"
tui_expect es "eventos, últimos 5 s" "the timeline's title"
tui_expect es "espectro, últimos 0\.17 s \(dB, Hz\)" "the spectrum's title"
for lane in choque pared "compuerta 0" "compuerta 1" enganche; do
    tui_expect es "│ $lane( |$)" "the lane '$lane'"
done
tui_expect es "-5 s +ahora" "the timeline's axis"
for name in arrastre imán "incl\. x" "incl\. y" giro "r giro" preajuste; do
    tui_expect es " $name +[-0-9.]+ " "the parameter '$name'"
done
tui_expect es "─ capas ─" "the layers' window"
for layer in roce par impacto cuerpo fuerza; do
    tui_expect es "\] $layer *$" "the layer '$layer'"
done
tui_expect es "Dos esferas se deslizan por el" "the step's text"
# the notes follow the text: the next page
tm send-keys -t es ']'
tui_expect es "t [0-9.]+ s, en silencio" "level 1 is silent"
tui_expect es "incl\. 0\.0 0\.0°, giro 1\.5 Hz" "the gesture"
tui_expect es "compuerta 0 [█·]+ [01]\.[0-9]+ +[0-9]+/s" "sphere 0's gate meter"
tui_expect es "enganche +[█·]+ 0\.[0-9]+ par [0-9]+/s" "the latch meter and the pair's rate"
tui_expect es " sonido apagado \(--audio none\): w" "the sound's line"

tm send-keys -t es n n n n n
tui_expect es "paso 6/10: Nivel 6: golpes, metal y acrílico" "level 6"
strike_then_save es
tui_expect es "w: escrito bowl-session-1\.wav \+ \.csv \([0-9.]+ s\)" "w says what it wrote, in Spanish"
replays_same "$RUN_ES" 1

tm send-keys -t es '?'
tui_expect es "este laboratorio: +hjkl inclinar  c nivelar  s girar  v invertir" "the help lists the lab's keys"
tm send-keys -t es x q
expect_eq "exit status after q" "$(tui_exit_status es)" 0
tui_sane es

finish
