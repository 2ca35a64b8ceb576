#!/bin/sh
# State lines (docs/states.md): every step of every lab written as a line (the walk as text: "--- state:"), opened
# again with LAB --state LINE and with numlab LINE, gives the same line and the same screen (its values and the
# methods shown); an edited screen's line does too; bad lines are refused with the field named (exit 2); and a
# figure's state line is read back from its SVG (xmllint), PDF (pdfinfo), PNG (pngcheck) and CSV.
. tests/lib/cli.sh

# walk LAB ARGS...: the walk as text into $TMP/out
walk() { NUMLAB_WALK_TEXT=1 expect_ok "$@"; }
# lines PREFIX FILE: the lines of FILE that start with PREFIX, in order
lines() { grep -- "^$1" "$2"; }

# round_trip LAB [ARGS...]: each step's line, opened again, is that step alone with the same line, values, shown
round_trip() {
    lab=$1; shift
    walk "$BIN/$lab" "$@" || return
    cp "$TMP/out" "$TMP/walk"
    n=$(grep -c '^=== step ' "$TMP/walk")
    expect_eq "$lab: a state line for each of its $n steps" "$(grep -c '^--- state: ' "$TMP/walk")" "$n"
    i=0
    lines '--- state: ' "$TMP/walk" | sed 's/^--- state: //' >"$TMP/states"
    while IFS= read -r line; do
        i=$((i + 1))
        awk -v n=$i '/^=== step / { s++ } s == n' "$TMP/walk" >"$TMP/want"
        expect_eq "$lab step $i: the line names it" "$(echo "$line" | sed 's/?.*//')" "numlab:$lab/$i"
        for how in lab numlab; do
            if [ $how = lab ]; then walk "$BIN/$lab" --state "$line" || continue
            else walk "$BIN/numlab" "$line" || continue; fi
            expect_eq "$lab step $i ($how STATE): one step" "$(grep -c '^=== step ' "$TMP/out")" 1
            expect_eq "$lab step $i ($how STATE): its title" "$(head -n 1 "$TMP/out")" "$(head -n 1 "$TMP/want")"
            expect_eq "$lab step $i ($how STATE): the same line" "$(lines '--- state: ' "$TMP/out")" "--- state: $line"
            expect_eq "$lab step $i ($how STATE): the same values" "$(lines '--- values: ' "$TMP/out")" \
                "$(lines '--- values: ' "$TMP/want")"
            expect_eq "$lab step $i ($how STATE): the same shown" "$(lines '--- shown: ' "$TMP/out")" \
                "$(lines '--- shown: ' "$TMP/want")"
        done
    done <"$TMP/states"
}

round_trip spring-lab
round_trip network-lab
round_trip keyframe-lab
round_trip bowl-lab

# An edited screen: spring-lab step 1 at k = 400 (w0 = 20 rad/s), dt = 0.025 s, explicit and exact: w0 dt = 0.5, so
# explicit grows sqrt(1 + 0.25) = 1.118 a step, which the step's notes say.
SL="$BIN/spring-lab"
walk "$SL" --state 'numlab:spring-lab/1?k=400&c=0&dt=0.025&method=explicit,exact'
expect_eq "an edited line reads back" "$(lines '--- state: ' "$TMP/out")" \
    "--- state: numlab:spring-lab/1?k=400&c=0&method=explicit,exact&dt=0.025&steps=40"
expect_eq "the edited screen's values" "$(lines '--- values: ' "$TMP/out")" \
    "--- values: k = 400, c = 0, dt = 0.025, steps = 40"
expect_eq "the edited screen's methods" "$(lines '--- shown: ' "$TMP/out")" "--- shown: explicit, exact"
expect_eq "the edited screen's growth" "$(grep -o 'explicit grows x[0-9.]*' "$TMP/out")" "explicit grows x1.118"
# the line's options are the command line's: --k 400 --c 0 --dt 0.025 gives the same values at step 1
walk "$SL" --k 400 --c 0 --dt 0.025 --method explicit,exact
expect_eq "a line is its options" "$(awk '/^=== step 2/ { exit } /^--- state: /' "$TMP/out")" \
    "--- state: numlab:spring-lab/1?k=400&c=0&method=explicit,exact&dt=0.025&steps=40"
# network-lab's sliders name their options too (k-stiff, n, budget, iterations): each edited line reads back as
# itself and is the screen it says. Step 5's cloth at n = 9 has the limits --modes computes for that cloth (not the
# 6 x 6's: semi 12.5 ms); step 4's stiff diagonal at 5000 N/m puts w_max near sqrt(2 x 5000 / 1) = 100 rad/s, so
# semi-implicit's limit 2 / w_max near 20 ms; steps 7 and 8 label their runs by the split (1 x N, N x 1).
NL="$BIN/network-lab"
for line in 'numlab:network-lab/4?k=10&m=1&c=0&method=semi,rk4&dt=0.016666666666666666&k-stiff=5000' \
            'numlab:network-lab/5?n=9&k=20&m=0.01&c=0.08944271909999159&method=explicit,semi,rk4&dt=0.004166666666666667' \
            'numlab:network-lab/7?n=10&k=20&m=0.01&c=0.08944271909999159&dt=0.016666666666666666&budget=7' \
            'numlab:network-lab/8?n=10&k=20&m=0.01&c=0.08944271909999159&method=pbd,xpbd,backward-euler&dt=0.016666666666666666&iterations=3'
do
    walk "$NL" --state "$line"
    expect_eq "network-lab's edited line reads back ($(echo "$line" | sed 's/?.*//'))" \
        "$(lines '--- state: ' "$TMP/out")" "--- state: $line"
    cp "$TMP/out" "$TMP/out.$(echo "$line" | sed 's/^numlab:network-lab.\([0-9]\).*/\1/')"
done
grep -q "^--- values: k stiff = 5000," "$TMP/out.4" && pass || fail "step 4: k stiff = 5000 not among the values"
grep -qE "stable for h < 2/w_max \(20 ms\)" "$TMP/out.4" && pass ||
    fail "step 4 at k stiff 5000: not semi's 20 ms: $(grep -o 'stable for h < 2/w_max ([^)]*)' "$TMP/out.4")"
expect_ok "$NL" --modes --preset grid --n 9 --k 20 --m 0.01 --c 0.08944271909999159
semi=$(awk -F, '$1 == "semi" { printf "%.1f", 1000 * $2 }' "$TMP/out")
grep -q "semi $semi ms, stable" "$TMP/out.5" && pass ||
    fail "step 5 at n = 9: not --modes' semi limit $semi ms: $(grep -o 'semi [0-9.]* ms' "$TMP/out.5" | head -n 1)"
grep -q "xpbd 1x7 .*xpbd 7x1" "$TMP/out.7" && pass || fail "step 7 at budget 7: not the runs 1x7 and 7x1"
grep -q "pbd 1x3 .*xpbd 1x3" "$TMP/out.8" && pass || fail "step 8 at 3 iterations: not the runs pbd 1x3, xpbd 1x3"
# the walk's cloths are 2..16 a side (the slider's range), and --budget and --k-stiff go with the walk only
NUMLAB_WALK_TEXT=1 expect_usage "^network-lab: --n: '20' is out of range for the guided walk's cloths \(allowed: a whole number from 2 to 16\)" \
    "$NL" --state 'numlab:network-lab/5?n=20'
NUMLAB_WALK_TEXT=1 expect_usage "^network-lab: --k-stiff goes with the interactive lab" "$NL" --k-stiff 5 --csv
NUMLAB_WALK_TEXT=1 expect_usage "^network-lab: --budget: " "$NL" --state 'numlab:network-lab/7?budget=0'

# bowl-lab states its instrument itself: the preset's parameters that differ from the table's (given with --set,
# however many, or moved by a slider) as one set field, a comma list; the preset when not the first; the layers when
# not the step's own. Such a line reads back as itself, with the same values and layers shown.
BL="$BIN/bowl-lab"
walk "$BL" --audio none --preset rubbing --set magnet=0.7 --set surface_drag=2,restitution=0.25 --layers rub,body
line=$(awk '/^=== step 2/ { exit } /^--- state: / { sub(/^--- state: /, ""); print }' "$TMP/out")
expect_eq "bowl-lab's stated line" "$line" \
    "numlab:bowl-lab/1?preset=rubbing&layers=rub,body&set=surface_drag%3D2,restitution%3D0.25,magnet%3D0.7"
values=$(awk '/^=== step 2/ { exit } /^--- values: /' "$TMP/out")
walk "$BL" --audio none --state "$line"
expect_eq "bowl-lab's stated line reads back" "$(lines '--- state: ' "$TMP/out")" "--- state: $line"
expect_eq "bowl-lab's stated screen" "$(lines '--- values: ' "$TMP/out")" "$values"
expect_eq "bowl-lab's stated layers" "$(lines '--- shown: ' "$TMP/out")" "--- shown: rub, body"
# the free play's tilt (x), stir and radius are the gesture's keys
walk "$BL" --audio none --state 'numlab:bowl-lab/7?set=tilt%3D0.1,stir_hz%3D2.5,stir_radius%3D0.02'
expect_eq "bowl-lab's controls in a line" "$(lines '--- state: ' "$TMP/out")" \
    "--- state: numlab:bowl-lab/7?seed=1&set=stir_hz%3D2.5,stir_radius%3D0.02,tilt%3D0.1"
lines '--- values: ' "$TMP/out" | grep -q "tilt x = 5.72958, tilt y = 0, stir = 2.5, stir r = 20," && pass ||
    fail "bowl-lab's controls: $(lines '--- values: ' "$TMP/out")"  # 0.1 rad = 5.72958 degrees
# ... and the tilt about y and a stir run backwards (clockwise, below 0 Hz) too: -0.1 rad = -5.72958 degrees
walk "$BL" --audio none --state 'numlab:bowl-lab/7?set=stir_hz%3D-2.5,tilt_y%3D-0.1'
expect_eq "bowl-lab's tilt y and a clockwise stir in a line" "$(lines '--- state: ' "$TMP/out")" \
    "--- state: numlab:bowl-lab/7?seed=1&set=stir_hz%3D-2.5,tilt_y%3D-0.1"
lines '--- values: ' "$TMP/out" | grep -q "tilt x = 0, tilt y = -5.72958, stir = -2.5," && pass ||
    fail "bowl-lab's tilt y and stir: $(lines '--- values: ' "$TMP/out")"
# --stir below 0 is the same clockwise stir, from the command line
walk "$BL" --audio none --stir -2 --state 'numlab:bowl-lab/7'
lines '--- values: ' "$TMP/out" | grep -q "tilt y = 0, stir = -2," && pass || fail "--stir -2: $(lines '--- values: ' "$TMP/out")"
# the scripted gesture's tilt about y moves the render (gravity turned: the spheres roll elsewhere)
expect_ok "$BL" --seconds 1 --set tilt_y=0.3 --wav "$TMP/tilt-y.wav"
expect_ok "$BL" --seconds 1 --wav "$TMP/level.wav"
cmp -s "$TMP/tilt-y.wav" "$TMP/level.wav" && fail "--set tilt_y=0.3 renders as the level bowl" || pass
# the sampling steps' sliders are --freq, --rate (whole hertz: the slider's semitone steps are rounded, 48000 x
# 2^(1/12) = 50854.2 to 50854) and --decay; a value outside a step's slider range leaves it the step's own
for line in 'numlab:bowl-lab/8?freq=440&rate=50854' 'numlab:bowl-lab/9?freq=12000.5&rate=22050' \
            'numlab:bowl-lab/10?freq=3.25&decay=0.01'; do
    walk "$BL" --audio none --state "$line"
    expect_eq "bowl-lab: a sampling step's line reads back" "$(lines '--- state: ' "$TMP/out")" "--- state: $line"
done
walk "$BL" --audio none --state 'numlab:bowl-lab/8?freq=440&rate=50854'
expect_eq "bowl-lab: step 8's sliders from the line" "$(lines '--- values: ' "$TMP/out" | cut -d, -f1-2)" \
    "--- values: f = 440, fs = 50854"
walk "$BL" --audio none --freq 30000 --state 'numlab:bowl-lab/10'
expect_eq "bowl-lab: a frequency past step 10's slider" "$(lines '--- values: ' "$TMP/out" | cut -d, -f1)" \
    "--- values: f = 100"
expect_usage "^bowl-lab: --rate: '44100.5' is not a whole number" "$BL" --state 'numlab:bowl-lab/8?rate=44100.5'
# a list is the same as its items given one by one: the same render, byte for byte
expect_ok "$BL" --seconds 0.5 --set magnet=0.7,restitution=0.25 --wav "$TMP/list.wav"
expect_ok "$BL" --seconds 0.5 --set magnet=0.7 --set restitution=0.25 --wav "$TMP/each.wav"
cmp -s "$TMP/list.wav" "$TMP/each.wav" && pass || fail "--set a list renders otherwise than its items"
expect_usage "^bowl-lab: --set: 'bogus=1' is not KEY=VALUE with a key of --describe" "$BL" --seconds 0.5 \
    --set magnet=0.7,bogus=1 --wav "$TMP/bad.wav"
[ -e "$TMP/bad.wav" ] && fail "a refused --set list left a WAV" || pass
# a decimal comma inside a list stays its item's value, refused as a number (not read as a key '5')
expect_usage "^bowl-lab: --set: '1,5' is not a number in 'bowl_radius=1,5' .allowed: 0\.02\.\.2." "$BL" --seconds 0.5 \
    --set magnet=0.7,bowl_radius=1,5,restitution=0.25 --wav "$TMP/bad.wav"

# keyframe-lab's sliders name options (s, p0 ... speed), step 3 states its three keys (keys=VALUE:IN:OUT,...) and a
# step with toggles the curves shown (show=...): an edited line reads back as its screen, and --plot draws it too
KL="$BIN/keyframe-lab"
for line in 'numlab:keyframe-lab/1?s=0.25&p0=1&m0=-3&p1=4.5&m1=20' \
            'numlab:keyframe-lab/3?key=2&keys=1:2:3,4:-5:6,-7:8.5:-9&probe=1.25&speed=2' \
            'numlab:keyframe-lab/4?speed=0.5&show=keep-volume' 'numlab:keyframe-lab/5?hop-m=-12&speed=3' \
            'numlab:keyframe-lab/6?angle=45&tangent=2.5&speed=1&show=slerp,cubic' \
            'numlab:keyframe-lab/7?tangent=0&interval=4&speed=1' \
            'numlab:keyframe-lab/8?angle=170&tangent=1&speed=1&show=rate-cubic' \
            'numlab:keyframe-lab/9?angle=60&speed=1&show=none'; do
    walk "$KL" --state "$line"
    expect_eq "keyframe-lab: an edited line reads back" "$(lines '--- state: ' "$TMP/out")" "--- state: $line"
done
# nine of state_number's longest numbers (24 characters) still make the whole keys field
n='-1.2345678901234568e-300'
line="numlab:keyframe-lab/3?key=0&keys=$n:$n:$n,$n:$n:$n,$n:$n:$n&probe=0.5&speed=1"
walk "$KL" --state "$line"
expect_eq "keyframe-lab: the longest keys read back" "$(lines '--- state: ' "$TMP/out")" "--- state: $line"
walk "$KL" --state 'numlab:keyframe-lab/3?key=2&keys=1:2:3,4:-5:6,-7:8.5:-9&probe=1.25&speed=2'
expect_eq "keyframe-lab: step 3's selected key is the line's" "$(lines '--- values: ' "$TMP/out")" \
    "--- values: key = 2, value = -7, in = 8.5, out = -9, t = 1.25, speed = 2"
walk "$KL" --state 'numlab:keyframe-lab/6?show=slerp,cubic'
expect_eq "keyframe-lab: the curves a line shows" "$(lines '--- shown: ' "$TMP/out")" "--- shown: slerp, cubic"
# a list that names none of a step's curves leaves the step's own (step 6: all three), 'none' hides them all
walk "$KL" --show keep-volume --state 'numlab:keyframe-lab/6'
expect_eq "keyframe-lab: another step's curves" "$(lines '--- shown: ' "$TMP/out")" "--- shown: slerp, nlerp, cubic"
walk "$KL" --show none --state 'numlab:keyframe-lab/6'
expect_eq "keyframe-lab: none shown" "$(lines '--- shown: ' "$TMP/out" | wc -l)" 0
# --plot 1 with the sliders' options: h(0.5) = 0.5 p0 + 0.125 m0 + 0.5 p1 - 0.125 m1 = 0.375 + 5 + 0.25 at
# (0, 3, 10, -2), by hand
expect_ok "$KL" --plot 1 --m0 3
grep -q 'cubicSpline(0.5, 0, 3, 10, -2) = 5.625' "$TMP/out" && pass || fail "--plot 1 --m0 3: $(tail -n 1 "$TMP/out")"
expect_usage "^keyframe-lab: --keys: '1:2:3' is not a list of three keys VALUE:IN:OUT" "$KL" --state 'numlab:keyframe-lab/3?keys=1:2:3'
expect_usage "^keyframe-lab: --keys: '11' in '1:2:3,4:5:6,11:8:0' is out of range" "$KL" --plot 3 --keys 1:2:3,4:5:6,11:8:0
expect_usage "^keyframe-lab: --keys: '0x1' in " "$KL" --plot 3 --keys 0x1:2:3,4:5:6,1:8:0
expect_usage "^keyframe-lab: --keys: '1:2:3,4:5:6,1:8:0,' is not a list of three keys" "$KL" --plot 3 --keys 1:2:3,4:5:6,1:8:0,
expect_usage "^keyframe-lab: --show: 'bogus' is not a curve a step shows" "$KL" --plot 6 --show slerp,bogus
expect_usage "^keyframe-lab: --key: '1.5' is not a whole number" "$KL" --state 'numlab:keyframe-lab/3?key=1.5'
expect_usage "^keyframe-lab: --angle: '180' is out of range" "$KL" --plot 6 --angle 180
expect_usage "^keyframe-lab: --speed goes with " "$KL" --csv --demo basis --speed 2

# percent-encoding: %34%30%30 is 400; a state without a step opens the whole walk at step 1
walk "$SL" --state 'numlab:spring-lab?k=%34%30%30'
expect_eq "a percent-encoded value" "$(lines '--- values: ' "$TMP/out" | head -n 1)" \
    "--- values: k = 400, c = 0, dt = 0.02, steps = 40"
expect_eq "no step: the whole walk" "$(grep -c '^=== step ' "$TMP/out")" 18
# a lab's file operand comes after the options a state stands for (network-lab --file: one step)
walk "$BIN/network-lab" --state 'numlab:network-lab/1?dt=0.002' --file labs/network-lab/examples/bridge.net
expect_eq "a state with a file" "$(lines '--- state: ' "$TMP/out" | sed 's/?.*//')" "--- state: numlab:network-lab/1"

# Bad lines: the field named, exit 2, before any terminal is needed.
bad() { pattern=$1; shift; NUMLAB_WALK_TEXT=1 expect_usage "$pattern" "$@"; }
bad "^spring-lab: --k: 'abc' is not a number" "$SL" --state 'numlab:spring-lab/3?k=abc'
bad "^spring-lab: --k: '-1' is out of range" "$SL" 'numlab:spring-lab/3?k=-1'
bad "^spring-lab: --frame-hz goes with --csv" "$SL" --state 'numlab:spring-lab/3?frame-hz=30'
bad "^spring-lab: state: kk: not an option of spring-lab" "$SL" --state 'numlab:spring-lab/3?kk=3'
bad "^spring-lab: state: csv: a state opens the interactive lab, not the mode --csv" "$SL" --state 'numlab:spring-lab?csv'
bad "^spring-lab: state: step: 19 is past the walk's last step \(allowed: 1\.\.18\)" "$SL" --state 'numlab:spring-lab/19'
# ... also without a terminal (the line is at fault, not the terminal), and past a file's one step
expect_usage "^spring-lab: state: step: 19 is past the walk's last step" "$SL" --state 'numlab:spring-lab/19'
NUMLAB_WALK_TEXT=1 expect_usage "^network-lab: state: step: 2 is past the walk's last step \(allowed: 1\.\.1\)" "$BIN/network-lab" \
    --state 'numlab:network-lab/2' --file labs/network-lab/examples/bridge.net
bad "^spring-lab: state: step: 'x' is not a step of the walk \(allowed: 1\.\.99\)" "$SL" --state 'numlab:spring-lab/x'
bad "^spring-lab: state: step: '0' is not a step" "$SL" --state 'numlab:spring-lab/0'
bad "^spring-lab: state: k: given twice" "$SL" --state 'numlab:spring-lab/1?k=1&k=2'
bad "^spring-lab: state: 'k=1%zz': a bad percent escape" "$SL" --state 'numlab:spring-lab/1?k=1%zz'
bad "^spring-lab: state: 'k=%00': a bad percent escape" "$SL" --state 'numlab:spring-lab/1?k=%00'
bad "^spring-lab: state: '=3': a field is KEY=VALUE or KEY" "$SL" --state 'numlab:spring-lab/1?=3'
bad "^spring-lab: state: the line is network-lab's, not spring-lab's \(open it with numlab STATE or network-lab --state STATE\)" \
    "$SL" --state 'numlab:network-lab/1'
bad "^spring-lab: --state: a second state line" "$SL" --state 'numlab:spring-lab/1' 'numlab:spring-lab/2'
bad "^spring-lab: --steps: '1.5' is not a whole number" "$SL" --state 'numlab:spring-lab/1?steps=1.5'
bad "^numlab: state: lab: 'pie-lab' is not a lab \(allowed: spring-lab, network-lab, keyframe-lab, bowl-lab\)" \
    "$BIN/numlab" 'numlab:pie-lab/1'
bad "^numlab: unexpected argument 'spring-lab'" "$BIN/numlab" spring-lab
bad "^numlab: state: lab: 'a b' is not a lab's name" "$BIN/numlab" 'numlab:a b/1'
# a state line too long to be one (STATE_MAX, 4096 bytes)
long=$(awk 'BEGIN { s = "numlab:spring-lab/1?k=1"; while (length(s) < 5000) s = s "0"; print s }')
bad "^spring-lab: state: a line of 5[0-9]* bytes \(allowed: at most 4095\)" "$SL" --state "$long"
expect_ok "$SL" --help
expect_eq "--help names --state" "$(grep -c -- '--state STATE' "$TMP/out")" 1

# Figures: the line of the --plot's walk options in each format, read back by the readers people use.
state='numlab:spring-lab?k=1600&c=0&dt=0.02'
for ext in svg pdf png; do
    expect_ok "$SL" --plot stability --k 1600 --c 0 --dt 0.02 --out "$TMP/fig.$ext" || continue
done
expect_eq "SVG metadata (xmllint)" \
    "$(xmllint --xpath 'string(//*[local-name()="metadata"][@id="numlab-state"])' "$TMP/fig.svg" 2>&1)" "$state"
expect_eq "PDF Subject (pdfinfo)" "$(pdfinfo "$TMP/fig.pdf" | sed -n 's/^Subject: *//p')" "$state"
expect_eq "PDF Keywords (pdfinfo)" "$(pdfinfo "$TMP/fig.pdf" | sed -n 's/^Keywords: *//p')" "numlab-state"
pngcheck -q "$TMP/fig.png" >"$TMP/pngcheck" 2>&1
expect_eq "the PNG with its tEXt chunk is valid (pngcheck: CRCs, order)" "$?:$(cat "$TMP/pngcheck")" "0:"
expect_eq "PNG tEXt (pngcheck -t)" "$(pngcheck -t "$TMP/fig.png" | sed -n '/^numlab-state:$/ { n; s/^ *//p; }')" "$state"
# a headless option the walk does not take stays out of the line (--width goes with --plot only)
expect_ok "$SL" --plot phase --k 900 --method semi --width 60 --out "$TMP/fig2.svg"
expect_eq "only the walk's options in a --plot's line" \
    "$(xmllint --xpath 'string(//*[local-name()="metadata"])' "$TMP/fig2.svg")" "numlab:spring-lab?k=900&method=semi"
# ... and the line opens the walk with those options
walk "$SL" --state "$(xmllint --xpath 'string(//*[local-name()="metadata"])' "$TMP/fig2.svg")"
expect_eq "a figure's line reopens" "$(lines '--- values: ' "$TMP/out" | head -n 1)" \
    "--- values: k = 900, c = 0, dt = 0.02, steps = 40"

# Each exercise's "See it" gives its screen as a state line (README.md and README.es.md alike): each opens, at the
# step the line names, under the launcher.
for readme in exercises/*/README.md exercises/*/README.es.md; do
    line=$(grep -o "numlab 'numlab:[^']*'" "$readme" | sed "s/^numlab '//; s/'$//")
    [ -n "$line" ] || { fail "$readme: no state line in its See it"; continue; }
    walk "$BIN/numlab" "$line" || continue
    step=$(echo "$line" | sed 's/?.*//; s/.*\///')
    expect_eq "$readme: its line opens its step" "$(head -n 1 "$TMP/out" | sed 's/^=== step \([0-9]*\)\/.*/\1/')" "$step"
    expect_eq "$readme: and reads back" "$(lines '--- state: ' "$TMP/out")" "--- state: $line"
done
finish
