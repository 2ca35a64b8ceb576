#!/bin/sh
# --plain: the walk as lines for a screen reader, keys fed on stdin (it is line-oriented: a pipe works). Each key
# answers with one line, nothing is cursor addressing or an escape, every step of spring-lab's walk is said, the
# charts are said in words and as a table, and l writes a tone whose pitch climbs with explicit Euler's energy.
. tests/lib/cli.sh
. tests/lib/gltf_names.sh
SL="$BIN/spring-lab"

# plain KEYS ARGS...: spring-lab --plain ARGS with KEYS on stdin, its lines in $TMP/out
plain() { keys=$1; shift; printf "$keys" | "$SL" --plain "$@" >"$TMP/out" 2>"$TMP/err"; rc=$?; }

plain 'q'
expect_eq "--plain q: exit 0" "$rc" 0
expect_eq "--plain: the first line" "$(head -n 1 "$TMP/out")" "Step 1 of 18: Explicit Euler explodes."
expect_eq "--plain: no escape byte, no cursor addressing" "$(tr -d '\n' <"$TMP/out" | LC_ALL=C grep -c "$(printf '\033')")" 0
expect_eq "--plain: the parameters in a sentence" "$(grep '^Parameters:' "$TMP/out")" \
    "Parameters: k = 1600 N/m, c = 0 N s/m, dt = 0.02 s, steps = 40. Selected: k."
# step 1's explicit Euler over 40 steps of w0 dt = 0.8: x grows by sqrt(1.64) = 1.2806 a step
grep -q '^explicit: 41 points, .* it grows, doubling about every' "$TMP/out" && pass ||
    fail "--plain: the time chart's explicit series is not said to grow: $(grep '^explicit' "$TMP/out")"
grep -q '^exact: 321 points, .* it oscillates, period 0.157 of t \[s\]' "$TMP/out" && pass ||
    fail "--plain: the exact solution's period 2 pi / 40 = 0.157 s is not said"

# each key after the step answers with one line: tab, tab (to dt), + (dt 0.022 s: w0 dt = 0.88, explicit grows
# sqrt(1 + 0.88^2) = 1.332 a step, its energy 1.7744 a step: 9.16e9 E0 after 40), 2 (semi shown)
plain 'q'; before=$(wc -l <"$TMP/out")
plain '\t\t+2q'
expect_eq "--plain: four keys, four lines" "$(($(wc -l <"$TMP/out") - before))" 4
expect_eq "--plain: tab says the selection" "$(sed -n "$((before + 2))p" "$TMP/out")" "Selected dt = 0.02 s, from 1e-05 to 1."
expect_eq "--plain: + says what changed and what the runs do" "$(sed -n "$((before + 3))p" "$TMP/out" | cut -d';' -f1)" \
    "dt = 0.022 s: explicit grows x$(awk 'BEGIN { printf "%.3g", sqrt(1.7744) }') a step, energy grows to x$(awk 'BEGIN { printf "%.3g", 1.7744 ^ 40 }') E0"
sed -n "$((before + 4))p" "$TMP/out" | grep -q '^semi shown: .*; semi bounded, energy' && pass ||
    fail "--plain: 2 does not say semi is shown and bounded: $(sed -n "$((before + 4))p" "$TMP/out")"

# every step of the walk, in order; n past the last says so
plain 'nnnnnnnnnnnnnnnnnn'
expect_eq "--plain: eighteen steps" "$(grep -c '^Step [0-9]* of 18: ' "$TMP/out")" 18
expect_eq "--plain: the steps in order" "$(grep '^Step ' "$TMP/out" | awk '{ print $2 }' | tr '\n' ' ')" \
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 "
expect_eq "--plain: past the last" "$(tail -n 1 "$TMP/out")" "This is the last step (18 of 18)."
expect_eq "--plain: every step's charts said" "$(grep -c '^Chart 1 of ' "$TMP/out")" 18
bad=$(grep -v '[.:]$' "$TMP/out" | grep -v '^  ' | head -3)
expect_eq "--plain: every line a sentence (ends in . or :)" "$bad" ""

# t: the numbers; the time chart's exact solution starts at x = 1, its last of 8 rows is t = 0.8
plain 't'
grep -q '^exact, 8 of 321 points:$' "$TMP/out" && pass || fail "--plain t: no table heading for exact"
grep -q '^  t \[s\] = 0, x = 1$' "$TMP/out" && pass || fail "--plain t: the first row is not t = 0, x = 1"
grep -q '^  t \[s\] = 0.8, ' "$TMP/out" && pass || fail "--plain t: the last row is not t = 0.8"

# ?: the keys as sentences
plain '?'
expect_eq "--plain ?: sentences" "$(grep -c '^Press .*\.$' "$TMP/out")" 11

# l --tone-wav: a 3 s 16-bit tone of explicit Euler's energy (44 bytes of header + 2 x 132300 samples); its pitch,
# by zero crossings over the first and the last 0.3 s, near 200 Hz and near 2000 Hz (log E is linear in the step)
plain 'l' --tone-wav "$TMP/tone.wav"
grep -q '^energy of explicit: 3 s, from 200 Hz at 800 to 2000 Hz at .*: written to ' "$TMP/out" && pass ||
    fail "--plain l: $(tail -n 1 "$TMP/out")"
expect_eq "--plain l: the WAV's size" "$(wc -c <"$TMP/tone.wav")" 264644
pitch() {  # pitch FROM TO (seconds): zero crossings / 2 / (TO - FROM)
    od -An -v -td2 -j44 "$TMP/tone.wav" | tr -s ' ' '\n' | grep -v '^$' |
        awk -v a="$1" -v b="$2" 'NR > a * 44100 && NR <= b * 44100 { if (NR > a * 44100 + 1 && (p < 0) != ($1 < 0)) c++; p = $1 }
            END { printf "%.0f", c / 2 / (b - a) }'
}
# the mean pitch over [0, 0.3] s of 200 * 10^(t / 3): 200 * 3 / ln 10 * (10^0.1 - 1) / 0.3 = 224.9; over [2.7, 3]:
# 200 * 3 / ln 10 * (10 - 10^0.9) / 0.3 = 1786
expect_num "--plain l: the pitch at the start" "$(pitch 0 0.3)" 225 12
expect_num "--plain l: the pitch at the end" "$(pitch 2.7 3)" 1786 60

# in Spanish: the same lines in the reader's language, the methods in words
printf '\t\t+q' | LANGUAGE=es LANG=es_AR.UTF-8 "$SL" --plain >"$TMP/out" 2>&1
expect_eq "--plain in Spanish: the first line" "$(head -n 1 "$TMP/out")" "Paso 1 de 18: Euler explícito explota."
expect_eq "--plain in Spanish: the line after +" "$(tail -n 1 "$TMP/out")" \
    "dt = 0.022 s: Euler explícito crece x1.33 por paso, la energía crece hasta x9.16e+09 E0"

# every lab: step 1 said, and n; no picture (braille dots, box drawing, a meter's blocks) among the words
for lab in network-lab keyframe-lab bowl-lab; do
    quiet=""; [ $lab = bowl-lab ] && quiet="--audio none"  # no live sound in a test
    printf 'nq' | "$BIN/$lab" --plain $quiet >"$TMP/out" 2>&1
    head -n 1 "$TMP/out" | grep -q '^Step 1 of [0-9]*: .*\.$' && pass || fail "$lab --plain: $(head -n 1 "$TMP/out")"
    grep -q '^Step 2 of ' "$TMP/out" && pass || fail "$lab --plain: n did not reach step 2"
    expect_eq "$lab --plain: no pictures" "$(LC_ALL=C grep -c "$(printf '\342[\224-\226\240-\243]')" "$TMP/out")" 0
done

# names from a file reach the lines escaped: keyframe-lab playing a glTF whose node and animation names hold ESC,
# BEL, a line feed and a C1 CSI (tests/lib/gltf_names.sh)
names_gltf "$TMP/names.gltf"
printf 'dtq' | "$BIN/keyframe-lab" --plain "$TMP/names.gltf" >"$TMP/out" 2>&1
expect_eq "keyframe-lab --plain FILE: exit 0" "$?" 0
expect_eq "keyframe-lab --plain FILE: no control byte" "$(LC_ALL=C tr -d '\n' <"$TMP/out" | LC_ALL=C grep -c "$(printf '[\001-\037\177]')")" 0
grep -q 'red\\x1b\[31m' "$TMP/out" && pass || fail "keyframe-lab --plain FILE: the node's name not shown escaped"

# the launcher: its list as numbered lines, 1 and Enter start spring-lab in lines (it reads its own key, q, and not
# a byte more), and back in the list q and Enter leave
printf '1\nqq\n' | "$BIN/numlab" --plain >"$TMP/out" 2>&1
expect_eq "numlab --plain: exit 0" "$?" 0
grep -q '^1 spring-lab: a damped spring: explicit, semi-implicit Euler, RK4\.$' "$TMP/out" && pass ||
    fail "numlab --plain: no item 1: $(head -n 4 "$TMP/out")"
grep -q '^Step 1 of 18: Explicit Euler explodes\.$' "$TMP/out" && pass || fail "numlab --plain: spring-lab not in lines"
expect_eq "numlab --plain: the list said again after the lab" "$(grep -c '^Type a number from 1 to' "$TMP/out")" 2

# NUMLAB_PLAIN=1 without the option; usage errors name the option
printf 'q' | NUMLAB_PLAIN=1 "$SL" >"$TMP/out" 2>&1
expect_eq "NUMLAB_PLAIN=1" "$(head -n 1 "$TMP/out")" "Step 1 of 18: Explicit Euler explodes."
expect_usage "--tone-wav goes with --plain" "$SL" --tone-wav x.wav
expect_usage "--plain goes with the interactive lab" "$SL" --plain --stability
expect_usage "--tone-wav: an empty file name" "$SL" --plain --tone-wav ''
finish
