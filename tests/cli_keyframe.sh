#!/bin/sh
# keyframe-lab on the command line: the demos' numbers, glTF fixtures (written by test_gltf) sampled through --csv
# and listed, and every bad option or file rejected with exit 2 and a message naming it.
. tests/lib/cli.sh
KL="$BIN/keyframe-lab"
FIX="$TMP/fixtures"
mkdir -p "$FIX"
"${NUMLAB_BUILD:-build}/tests/test_gltf" --write-fixtures "$FIX" || fail "test_gltf --write-fixtures"

# row FILE KEY: the fields after the first four of the row whose first four fields are KEY
row() { awk -F, -v k="$2" '$1 "," $2 "," $3 "," $4 == k { sub(/^[^,]*,[^,]*,[^,]*,[^,]*,/, ""); print; exit }' "$1"; }

expect_ok "$KL" --help && grep -q '^usage: keyframe-lab' "$TMP/out" || fail "--help prints the usage"

# --- demos: hand values (see docs/keyframe.md) ---
expect_ok "$KL" --csv --demo basis
expect_eq "basis header" "$(head -n 1 "$TMP/out")" "s,h00,h10,h01,h11,dh00,dh10,dh01,dh11"
expect_eq "basis at s = 1/2" "$(awk -F, '$1 == 0.5' "$TMP/out")" "0.5,0.5,0.125,0.5,-0.125,-1.5,-0.25,1.5,-0.25"
expect_eq "basis rows" "$(wc -l <"$TMP/out" | tr -d ' ')" 22
# balls at t = 0.5: step holds 0, linear 1.5, cubic 5/8 + 3/2 = 2.125; cubic leaves the ground at 5 units/s
expect_ok "$KL" --csv --demo balls
expect_eq "balls at 0.5" "$(awk -F, '$1 == 0.5 {print $2 "," $3 "," $4}' "$TMP/out")" "0,1.5,2.125"
expect_eq "cubic ball leaves at 5" "$(awk -F, '$1 == 0 {print $7}' "$TMP/out")" "5"
# bounce at t = 0.25: t_d = 0.5, s = 1/2: 0.5 (1/8) 8 + 4/2 = 2.5; volume at take-off 1.2 * 0.8 * 1.2
expect_ok "$KL" --csv --demo bounce --times 0:2:0.25
expect_eq "bounce at 0.25" "$(awk -F, '$1 == 0.25 {print $2}' "$TMP/out")" "2.5"
expect_eq "take-off volume" "$(awk -F, '$1 == 0 {print $7}' "$TMP/out")" "1.152"
expect_num "volume kept" "$(awk -F, '$1 == 1 {print $8 * $8 * $5}' "$TMP/out")" 1 1e-8
# rotation at t = 1/2, cubic: (0, 1/4 + 0.707/2, 0, 1/2 + 0.707/2) normalized: y = 0.6035 / 1.045305...
expect_ok "$KL" --csv --demo rotation
expect_num "cubic rotation y" "$(awk -F, '$1 == "cubic" && $2 == 0.5 {print $4}' "$TMP/out")" 0.5773403 1e-6
expect_num "slerp angle" "$(awk -F, '$1 == "slerp" && $2 == 0.5 {print $7}' "$TMP/out")" 44.9964 1e-3
# the first hop, keys 0 -> 4 in 0.5 s: thrown, y = 16 t - 16 t^2; the tutorial's take-off tangent 8 gives
# -96 t^2 + 32 t + 8 units/s on the way up (10 at t = 1/4, faster than its take-off), 16 gives the parabola
expect_ok "$KL" --csv --demo hop
expect_eq "hop header" "$(head -n 1 "$TMP/out")" "t,y_tutorial,y_ballistic,y_thrown,vy_tutorial,vy_ballistic,vy_thrown"
expect_eq "hop at 1/4" "$(awk -F, '$1 == 0.25' "$TMP/out")" "0.25,2.5,3,3,10,8,8"
apart=$(awk -F, 'NR > 1 { d = $3 - $4; if (d < 0) d = -d; if (d > m) m = d } END { print m + 0 }' "$TMP/out")
expect_num "ballistic = thrown" "$apart" 0 1e-14
# spin: slerp turns at pi/2 rad/s; the tutorial's cubic leaves at 2 m = 2 and arrives at -2 cos(45 deg) = -1.41421356
expect_ok "$KL" --csv --demo spin --times 0:1:0.5
expect_eq "spin slerp w" "$(awk -F, '$1 == "slerp" && $2 == 0.5 {print $4}' "$TMP/out")" 1.57079633
expect_eq "spin tutorial w at 0" "$(awk -F, '$1 == "tutorial" && $2 == 0 {print $4}' "$TMP/out")" 2
expect_eq "spin tutorial w at 1" "$(awk -F, '$1 == "tutorial" && $2 == 1 {print $4}' "$TMP/out")" -1.41421356
# hemisphere, 60 degrees with the second key stored as -q: half way the blend is (0, -sin 75, 0, cos 75) at |p|
# sin 15 = 0.258819045 (-150 degrees, the long way); aligned (0, sin 15, 0, cos 15) at 30 degrees
expect_ok "$KL" --csv --demo hemisphere --times 0:1:0.5
expect_eq "hemisphere stored" "$(awk -F, '$1 == "stored" && $2 == 0.5' "$TMP/out")" \
    "stored,0.5,0,-0.965925826,0,0.258819045,-150,0.258819045"
expect_eq "hemisphere aligned at 1" "$(awk -F, '$1 == "aligned" && $2 == 1 {print $7}' "$TMP/out")" 60
expect_eq "hemisphere stored at 1" "$(awk -F, '$1 == "stored" && $2 == 1 {print $7}' "$TMP/out")" -300

# --- glTF: the three containers print the same numbers, the specification's ---
expect_ok "$KL" --csv --gltf "$FIX/embedded.gltf" --times 0:3:0.125 && cp "$TMP/out" "$TMP/embedded.csv"
expect_eq "gltf header" "$(head -n 1 "$TMP/embedded.csv")" "animation,node,path,t,v0,v1,v2,v3"
expect_eq "gltf rows" "$(wc -l <"$TMP/embedded.csv" | tr -d ' ')" 226
expect_eq "lines translation at 0.625" "$(row "$TMP/embedded.csv" "lines,mover,translation,0.625")" "1.25,0.75,0.5"
expect_eq "curves translation at 0.625" "$(row "$TMP/embedded.csv" "curves,mover,translation,0.625")" \
    "0.515625,0.96875,-0.5625"
expect_eq "steps scale at 1" "$(row "$TMP/embedded.csv" "steps,grower,scale,1")" "0.25,3,1.5"
expect_eq "before the first cubic key" "$(row "$TMP/embedded.csv" "curves,grower,scale,0.25")" "1,1,1"
expect_num "slerp at 0.125: sin(pi/8)" "$(row "$TMP/embedded.csv" "lines,spinner,rotation,0.125" | cut -d, -f3)" \
    0.3826834 1e-6
grep -qiE 'nan|inf' "$TMP/embedded.csv" && fail "gltf csv printed nan or inf"
expect_ok "$KL" --csv --gltf "$FIX/external.gltf" --times 0:3:0.125
cmp -s "$TMP/out" "$TMP/embedded.csv" && pass || fail "external .bin differs from embedded"
expect_ok "$KL" --csv --gltf "$FIX/binary.glb" --times 0:3:0.125
cmp -s "$TMP/out" "$TMP/embedded.csv" && pass || fail ".glb differs from embedded"
# default times: 0 to the longest animation (3 s) at 30 a second: 91 samples x 9 channels
expect_ok "$KL" --csv --gltf "$FIX/embedded.gltf"
expect_eq "default times rows" "$(wc -l <"$TMP/out" | tr -d ' ')" 820
expect_ok "$KL" --csv --gltf "$FIX/embedded.gltf" --animation curves --times 0.625:0.625:1
expect_eq "one animation" "$(cut -d, -f1 "$TMP/out" | tail -n +2 | sort -u)" "curves"
expect_ok "$KL" --csv --gltf "$FIX/embedded.gltf" --animation 2 --times 0.625:0.625:1
expect_eq "animation by index" "$(cut -d, -f1 "$TMP/out" | tail -n +2 | sort -u)" "curves"
# normalized integers: CUBICSPLINE weights of two targets at t = 1 (hand values in test_gltf.c)
expect_ok "$KL" --csv --gltf "$FIX/integers.glb" --times 1:1:1
expect_eq "weights" "$(row "$TMP/out" "0,n,weights,1")" "0.3,0.6"

# a file written by hand: one translation channel, keys at t = 0 and 1e30 (float 0x7149F2CA), unnamed everything
DATA=$( { printf '\000\000\000\000\312\362\111\161'; head -c 24 /dev/zero; } | base64 -w0)
cat >"$FIX/long.gltf" <<EOF
{"asset": {"version": "2.0"}, "nodes": [{}],
 "buffers": [{"byteLength": 32, "uri": "data:application/octet-stream;base64,$DATA"}],
 "bufferViews": [{"buffer": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 24}],
 "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
               {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"}],
 "animations": [{"channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}],
                 "samplers": [{"input": 0, "output": 1}]}]}
EOF
expect_usage "^keyframe-lab: .*long.gltf: the longest animation lasts 1.00000002e\+30 s, .*give --times" \
    "$KL" --csv --gltf "$FIX/long.gltf"
expect_ok "$KL" --csv --gltf "$FIX/long.gltf" --times 0:1:1
expect_eq "unnamed rows" "$(tail -n +2 "$TMP/out" | tr '\n' ' ')" "0,0,translation,0,0,0,0 0,0,translation,1,0,0,0 "

expect_ok "$KL" --list "$FIX/binary.glb"
grep -q '^animation 2 "curves": 3 channels, 3 s$' "$TMP/out" && pass || fail "--list animation line"
grep -q '^  node 1 "spinner" rotation: LINEAR, 4 keys, 4 components, t = 0 .. 2.5$' "$TMP/out" && pass ||
    fail "--list channel line: $(cat "$TMP/out")"
# the fixture's last two rotation keys (0.866, 0, 0, 0.5) and (-0.5, 0.5, -0.5, -0.5) have the dot product
# -0.433 - 0.25 = -0.683: 2 acos(0.683) = 93.8 degrees apart the short way, but the cubic blends the stored numbers
# and turns the long way; slerp (LINEAR) does not care, and is not flagged
cubic_line='^  node 1 "spinner" rotation: CUBICSPLINE, 4 keys, 4 components, t = 0.5 .. 3, '
grep -q "${cubic_line}1 key in the other hemisphere (played the long way)\$" "$TMP/out" && pass ||
    fail "--list: the cubic rotation's key in the other hemisphere: $(cat "$TMP/out")"
expect_ok "$KL" --csv --gltf "$FIX/binary.glb" --animation curves --times 1.5:3:0.0005
turned=$(awk -F, '$3 == "rotation" {
    if (n) { d = $5 * x + $6 * y + $7 * z + $8 * w; if (d < 0) d = -d; if (d > 1) d = 1; a += 2 * atan2(sqrt(1 - d * d), d) }
    x = $5; y = $6; z = $7; w = $8; n++ } END { print a * 45 / atan2(1, 1) }' "$TMP/out")
awk -v a="$turned" 'BEGIN { exit !(a > 180) }' && pass || fail "the cubic turned only $turned degrees from key 2 to 3"

# --- bad input: exit 2, named, nothing on stdout ---
expect_usage "^keyframe-lab: unknown option '--frobnicate'" "$KL" --frobnicate
expect_usage "^keyframe-lab: --times needs a value" "$KL" --csv --demo basis --times
for bad in abc 1:0:0.1 0:1:0 0:1:-1 -1:1:0.1 0:1 0:1:nan 0:1e9:1e-9; do
    expect_usage "^keyframe-lab: --times: .*'$bad'" "$KL" --csv --demo basis --times "$bad"
done
expect_usage "^keyframe-lab: --csv needs exactly one of --gltf FILE or --demo NAME" "$KL" --csv
expect_usage "^keyframe-lab: --csv needs exactly one" "$KL" --csv --demo basis --gltf "$FIX/binary.glb"
expect_usage "^keyframe-lab: --demo: 'wobble' is not a demo \(allowed: basis, balls, bounce, rotation, hop, spin, \
hemisphere\)" \
    "$KL" --csv --demo wobble
expect_usage "^keyframe-lab: .*/nothing.gltf: cannot read: No such file or directory" \
    "$KL" --csv --gltf "$FIX/nothing.gltf"
expect_usage "^keyframe-lab: .*/nothing.glb: cannot read" "$KL" --list "$FIX/nothing.glb"
printf '{"asset": {"version": "2.0"}, "animations": [' >"$FIX/broken.gltf"
expect_usage "^keyframe-lab: .*/broken.gltf: bad JSON at line 1" "$KL" --csv --gltf "$FIX/broken.gltf"
printf 'glTF\001\000\000\000' >"$FIX/old.glb"
expect_usage "^keyframe-lab: .*/old.glb: GLB header: the file has 8 bytes" "$KL" --list "$FIX/old.glb"
expect_usage "^keyframe-lab: .*/external.gltf: .*buffers\[0\]: cannot read '.*/external data.bin'" \
    sh -c "rm -f '$FIX/external data.bin' && '$KL' --csv --gltf '$FIX/external.gltf'"
expect_usage "^keyframe-lab: --animation: 'walk' is not an animation of .*embedded.gltf \(allowed: a name or an \
index from 0 to 2\)" \
    "$KL" --csv --gltf "$FIX/embedded.gltf" --animation walk
expect_usage "^keyframe-lab: --animation goes with --gltf" "$KL" --csv --demo basis --animation 0
expect_usage "^keyframe-lab: --gltf goes with --csv \(see --help\)$" "$KL" --gltf "$FIX/binary.glb"
expect_usage "^keyframe-lab: --times goes with --csv \(see --help\)$" "$KL" --times 0:1:0.5
expect_usage "^keyframe-lab: --csv and --list are separate modes: give one \(see --help\)$" "$KL" --list "$FIX/binary.glb" --csv
expect_usage "^keyframe-lab: 'a.gltf': a file to play goes with the interactive lab" "$KL" --list "$FIX/binary.glb" a.gltf
expect_usage "^keyframe-lab: unexpected argument 'b.gltf' \(see --help\)$" "$KL" a.gltf b.gltf
expect_usage "^keyframe-lab: .*binary.glb: the interactive lab needs a terminal; without one use --csv, --list FILE or --plot STEP \(see --help\)$" \
    "$KL" "$FIX/binary.glb"
expect_usage "^keyframe-lab: the interactive lab needs a terminal" "$KL"
# --plot: the walk's panes as text, and the notes under them (the numbers the interactive lab shows)
notes() { expect_ok "$KL" --plot "$@" && tail -n 1 "$TMP/out"; }
expect_ok "$KL" --plot 1 --width 60 --height 16
expect_eq "plot header" "$(head -n 1 "$TMP/out")" "keyframe-lab step 1/9: The Hermite basis"
expect_eq "plot rows: header, two panes, the text, notes" "$(wc -l <"$TMP/out" | tr -d ' ')" 35
has_braille() { LC_ALL=C grep -q "$(printf '\342[\240-\243]')"; }
has_braille <"$TMP/out" && pass || fail "--plot draws braille in a UTF-8 locale"
case "$(notes 1)" in *"cubicSpline(0.5, 0, 5, 10, -2) = 5.875, slope 14.25"*) pass ;; *) fail "plot 1 notes" ;; esac
# t = 1/2 on keys 0, 3, 0 at t = 0, 1, 2: step holds 0, linear 1.5 at 3/s, cubic 5/8 + 3/2 with slope
# h10'(1/2) 5 + h01'(1/2) 3 = -5/4 + 9/2 = 3.25
expect_eq "plot 2 notes" "$(notes 2 --at 0.5)" \
    "t = 0.50 s: step y 0.000 v +0.000, linear y 1.500 v +3.000, cubic y 2.125 v +3.250."
case "$(notes 3)" in "y(0.5) = 2.125, y'(0.5) = 3.25 units/s. Key 0 at t = 0:"*) pass ;; *) fail "plot 3 notes" ;; esac
case "$(notes 4 --at 0)" in *"volume sx sy sz = 1.152 "*) pass ;; *) fail "plot 4: take-off volume 1.2 x 0.8 x 1.2" ;; esac
# 90 degrees about y: the blend at s = 1/2 is (0, 1/8 + sin(45)/2 + 1/8, 0, 1/2 + cos(45)/2), 2 atan2(y, w) = 70.53
case "$(notes 7 --at 0.5)" in *"glTF 70.53 deg from the first key, the tutorial's slerp 45.00: 25.53 deg apart"*) pass ;;
    *) fail "plot 7 notes" ;; esac
# the take-off: 16 t - 16 t^2 thrown; the tutorial's 8 is fastest going up at t = 1/6, 32/3 units/s
case "$(notes 5)" in *"m = 8: top speed going up 10.67 at t = 0.167 s"*"2h/T = 16: "*) pass ;;
    *) fail "plot 5 notes" ;; esac
# w = 2 q' q*: slerp pi/2, the tutorial's cubic from 2 m = 2 to -2 cos(45 deg)
case "$(notes 8)" in "slerp w = 1.571 rad/s. Source tangents: w 2 -> -1.414 rad/s, peak 95."*) pass ;;
    *) fail "plot 8 notes" ;; esac
# -q stored: 360 - 60 degrees the long way, |p| down to sin 15 = 0.2588; aligned 60, down to cos 15 = 0.9659
case "$(notes 9)" in *"turns -300.00 deg, |p| down to 0.2588. Aligned: turns 60.00 deg, |p| down to 0.9659"*) pass ;;
    *) fail "plot 9 notes" ;; esac
expect_ok "$KL" --plot 6 --ascii --width 40 --height 10
has_braille <"$TMP/out" && fail "--ascii drew braille" || pass
expect_usage "^keyframe-lab: --plot: '10' " "$KL" --plot 10
expect_usage "^keyframe-lab: --at: '-1' " "$KL" --plot 2 --at -1
expect_usage "^keyframe-lab: --width: '5' " "$KL" --plot 2 --width 5
expect_usage "^keyframe-lab: --at goes with --plot \(see --help\)$" "$KL" --at 1
expect_usage "^keyframe-lab: --width goes with --plot \(see --help\)$" "$KL" --csv --demo basis --width 30
expect_usage "^keyframe-lab: --csv and --plot are separate modes: give one \(see --help\)$" "$KL" --plot 1 --csv --demo basis

expect_usage "^keyframe-lab: .*nothing.gltf: " "$KL" "$FIX/nothing.gltf"
expect_usage "^keyframe-lab: --ascii goes with the interactive lab or --plot \(see --help\)$" "$KL" --ascii --csv --demo basis

# --- names from the file reach the terminal escaped (text.h), and the CSV stays one record a line ---
# node: ESC [31m, a comma, quotes, a line break, a C1 CSI (U+009B); animation: an OSC title sequence ending in BEL
. tests/lib/gltf_names.sh
names_gltf "$FIX/names.gltf"
raw_controls() { LC_ALL=C grep -qE "$(printf '[\001-\010\013-\037\177]|\302[\200-\237]')" "$1"; }
expect_ok "$KL" --list "$FIX/names.gltf"
expect_eq "--list: animation name escaped" "$(sed -n 2p "$TMP/out")" \
    'animation 0 "\x1b]0;owned\x07": 1 channel, 1 s'
expect_eq "--list: node name escaped" "$(sed -n 3p "$TMP/out" | cut -d' ' -f1-5)" \
    '  node 0 "red\x1b[31m,"q"\x0anl\xc2\x9b"'
raw_controls "$TMP/out" && fail "--list: a raw control character reached the output" || pass
expect_ok "$KL" --csv --gltf "$FIX/names.gltf" --times 0:1:1
expect_eq "--csv: one record a line" "$(wc -l <"$TMP/out" | tr -d ' ')" 3
expect_eq "--csv: names escaped, the node quoted (RFC 4180)" "$(sed -n 2p "$TMP/out")" \
    '\x1b]0;owned\x07,"red\x1b[31m,""q""\x0anl\xc2\x9b",translation,0,0,0,0'
raw_controls "$TMP/out" && fail "--csv: a raw control character reached the output" || pass
# in a message: the interpolation name the file gives, quoted back escaped
sed 's/"output": 1}/"output": 1, "interpolation": "\\u001b[2J"}/' "$FIX/names.gltf" >"$FIX/names2.gltf"
expect_usage "samplers\[0\]: interpolation '\\\\x1b\[2J' \(allowed: STEP, LINEAR, CUBICSPLINE\)" \
    "$KL" --csv --gltf "$FIX/names2.gltf"
raw_controls "$TMP/err" && fail "a message: a raw control character reached stderr" || pass
# the asset itself: a FIFO is refused at once, not waited on
mkfifo "$FIX/pipe.gltf"
timeout 10 "$KL" --list "$FIX/pipe.gltf" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && grep -qF "pipe.gltf: is a FIFO (allowed: a regular file of at most 1 GiB)" "$TMP/err" && pass ||
    fail "--list FIFO: exit $rc (124: it blocked), '$(cat "$TMP/err")'"

# --- in Spanish (LANG=es_ES.UTF-8): the words change, the numbers and the machine output do not ---
ES="env LANG=es_ES.UTF-8 LC_ALL= LANGUAGE="
expect_usage "^keyframe-lab: --demo: 'nope' no es válido como demostración \(se admite: basis, balls," $ES "$KL" --csv --demo nope
expect_usage "^keyframe-lab: --csv necesita exactamente uno de --gltf FILE o --demo NAME" $ES "$KL" --csv
expect_ok $ES "$KL" --list "$FIX/binary.glb"
grep -q '^  nodo [0-9]* "[^"]*" translation: STEP, 4 claves, 3 componentes, t = 0 \.\. 2\.5$' "$TMP/out" && pass ||
    fail "--list in Spanish: $(sed -n 3p "$TMP/out")"
# every step's text and notes (--plot's last two lines) state the same numbers in both languages, in the same order
numbers() { tail -n 2 "$TMP/out" | grep -oE '[-+]?[0-9]+([.][0-9]+)?(e[-+][0-9]+)?' | tr '\n' ' '; }
for step in 1 2 3 4 5 6 7 8 9; do
    expect_ok "$KL" --plot $step --width 40 --height 10 && en=$(numbers) && head -n 1 "$TMP/out" >"$TMP/en.head"
    expect_ok $ES "$KL" --plot $step --width 40 --height 10 && es=$(numbers)
    expect_eq "--plot $step: the Spanish text's numbers" "$es" "$en"
    grep -q "^keyframe-lab paso $step/9: " "$TMP/out" && ! cmp -s "$TMP/out" "$TMP/en.head" && pass ||
        fail "--plot $step: no Spanish header: $(head -n 1 "$TMP/out")"
done
expect_ok $ES "$KL" --csv --demo spin --times 0:1:0.25 && cp "$TMP/out" "$TMP/es.csv"
expect_ok "$KL" --csv --demo spin --times 0:1:0.25
cmp -s "$TMP/out" "$TMP/es.csv" && pass || fail "--csv --demo spin differs in Spanish"

finish
