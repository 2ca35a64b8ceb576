#!/bin/sh
# The messages of every program, as one class (src/cli.c, src/cli_args.c): each names the argument at fault, never
# takes an abbreviated option, calls finite numbers finite, cuts long values but never the reason after them, and
# an exit status 0 always means the output was written.
. tests/lib/cli.sh
PROGRAMS="spring-lab network-lab keyframe-lab bowl-lab numlab"

# A value of 128 KiB (131,000 bytes: one argument may hold 131,071), and a path of about 3,600 bytes whose folders
# do not exist.
BIG=$(head -c 131000 /dev/zero | tr '\0' 7)
D=$(head -c 240 /dev/zero | tr '\0' d)
LONG="$TMP/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D/$(head -c 200 /dev/zero | tr '\0' f)"

# expect_short MAX CMD...: exit 2 (checked by expect_usage before) and stderr at most MAX bytes, with the cut "...".
expect_short() {
    max=$1; shift
    size=$(wc -c <"$TMP/err" | tr -d ' ')
    if [ "$size" -le "$max" ] && grep -q '\.\.\.' "$TMP/err"; then pass
    else fail "$* -> a message of $size bytes (allowed: at most $max, the value cut with '...')"; fi
}

for p in $PROGRAMS; do
    P="$BIN/$p"
    # short-option clusters: the letter at fault and its cluster, not the previous option nor the program's path
    expect_usage "^$p: unknown option '-x' in '-xk' \(see --help\)$" "$P" -xk
    expect_usage "^$p: unknown option '-q' \(see --help\)$" "$P" -q
    # abbreviations are refused, naming what they abbreviate; typos name the nearest option
    expect_usage "^$p: unknown option '--hel' \(options are not abbreviated: did you mean --help\?\)$" "$P" --hel
    expect_usage "^$p: unknown option '--hepl' \(did you mean --help\?\)$" "$P" --hepl
    expect_usage "^$p: unknown option '--frobnicate' \(see --help\)$" "$P" --frobnicate
    expect_usage "^$p: --help takes no value \(given '--help=1'\)$" "$P" --help=1
    # an unknown option is found wherever it stands, even after a good one's value
    expect_usage "^$p: unknown option '--nope'" "$P" --help --nope
    # a long unknown option or operand is cut, not echoed whole
    expect_usage "^$p: unknown option '--7777" "$P" "--$BIG"
    expect_short 200 "$P" "--$BIG"
    # --help on a full disk: exit 1 and a message, never 0
    if [ -w /dev/full ]; then
        "$P" --help >/dev/full 2>"$TMP/err"; rc=$?
        expect_eq "$p --help >/dev/full exit" "$rc" 1
        grep -q "^$p: cannot write to stdout: No space left on device$" "$TMP/err" && pass ||
            fail "$p --help >/dev/full: '$(cat "$TMP/err")'"
    fi
done

# Ambiguous abbreviations name every option they may mean, in the programs that have two.
for p in spring-lab network-lab keyframe-lab; do
    expect_usage "^$p: unknown option '--he' \(options are not abbreviated: did you mean (--help or --height|--height or --help)\?\)$" \
        "$BIN/$p" --he
done
expect_usage "^spring-lab: unknown option '--s' \(options are not abbreviated: did you mean --steps, --seed, --step or --series\?\)$" \
    "$BIN/spring-lab" --s
expect_usage "^numlab: unknown option '--li' \(options are not abbreviated: did you mean --list\?\)$" "$BIN/numlab" --li
expect_usage "^bowl-lab: unknown option '--st' \(options are not abbreviated: did you mean --stereo, --stir, --stir-radius or --stop\?\)$" \
    "$BIN/bowl-lab" --st

# Operands: the one at fault is named (numlab used to blame --list).
expect_usage "^numlab: unexpected argument 'extra' \(see --help\)$" "$BIN/numlab" --list extra
expect_usage "^spring-lab: unexpected argument 'extra' \(see --help\)$" "$BIN/spring-lab" --csv extra
expect_usage "^network-lab: unexpected argument 'extra' \(see --help\)$" "$BIN/network-lab" --csv --preset four extra
expect_usage "^bowl-lab: unexpected argument 'extra' \(see --help\)$" "$BIN/bowl-lab" --list-presets extra
expect_usage "^keyframe-lab: unexpected argument 'b.gltf' \(see --help\)$" "$BIN/keyframe-lab" a.gltf b.gltf
# after "--" everything is an operand
expect_usage "^spring-lab: unexpected argument '--csv' \(see --help\)$" "$BIN/spring-lab" -- --csv
expect_usage "^numlab: unexpected argument '--list' \(see --help\)$" "$BIN/numlab" -- --list
# a value that looks like an option is still the value of the option before it
expect_usage "^spring-lab: --x0: '--csv' is not a number" "$BIN/spring-lab" --csv --x0 --csv
# the missing value of the last option
expect_usage "^spring-lab: --k needs a value \(see --help\)$" "$BIN/spring-lab" --csv --k
expect_usage "^network-lab: --dt needs a value \(see --help\)$" "$BIN/network-lab" --csv --preset four --dt
expect_usage "^keyframe-lab: --at needs a value \(see --help\)$" "$BIN/keyframe-lab" --plot 1 --at
expect_usage "^bowl-lab: --seconds needs a value \(see --help\)$" "$BIN/bowl-lab" --seconds

# Each class of error is worded the same in every lab (src/labcli.c, src/cli.c): "PROG: " and then the same words.
# two modes at once
expect_usage "^spring-lab: --csv and --stability are separate modes: give one \(see --help\)$" "$BIN/spring-lab" --csv --stability
expect_usage "^network-lab: --csv and --modes are separate modes: give one \(see --help\)$" \
    "$BIN/network-lab" --modes --preset four --csv
expect_usage "^keyframe-lab: --csv and --list are separate modes: give one \(see --help\)$" "$BIN/keyframe-lab" --csv --list x
expect_usage "^bowl-lab: --wav and --list-presets are separate modes: give one \(see --help\)$" \
    "$BIN/bowl-lab" --list-presets --wav "$TMP/x.wav"
# an option outside the modes it goes with
expect_usage "^spring-lab: --animate goes with --csv \(see --help\)$" "$BIN/spring-lab" --stability --animate
expect_usage "^network-lab: --width goes with --plot \(see --help\)$" "$BIN/network-lab" --csv --preset four --width 50
expect_usage "^keyframe-lab: --at goes with --plot \(see --help\)$" "$BIN/keyframe-lab" --csv --demo basis --at 1
expect_usage "^bowl-lab: --gesture goes with --wav, --events, --trace, --spectrum or --spectrogram \(see --help\)$" \
    "$BIN/bowl-lab" --gesture "$TMP/g.csv"
# no terminal for the interactive lab (or the menu): what to use instead, from the lab's own modes
expect_usage "^spring-lab: the interactive lab needs a terminal; without one use --csv, --plot KIND or --stability \(see --help\)$" \
    "$BIN/spring-lab"
expect_usage "^network-lab: the interactive lab needs a terminal; without one use --csv, --plot KIND or --modes \(see --help\)$" \
    "$BIN/network-lab"
expect_usage "^keyframe-lab: the interactive lab needs a terminal; without one use --csv, --list FILE or --plot STEP \(see --help\)$" \
    "$BIN/keyframe-lab"
expect_usage "^bowl-lab: the interactive lab needs a terminal; without one use --wav FILE, .*, --describe NAME or --plot NAME \(see --help\)$" \
    "$BIN/bowl-lab"
expect_usage "^numlab: the menu needs a terminal; without one use --list or --glyphs-test \(see --help\)$" "$BIN/numlab"
# a name that is not one of the allowed ones
expect_usage "^spring-lab: --rest-rule: 'x' is not a rule \(allowed: both, distance, speed, energy\)$" "$BIN/spring-lab" --csv --rest-rule x
expect_usage "^network-lab: --plot: 'x' is not a chart \(allowed: network, energy, budget, budget-energy, budget-error, compliance\)$" "$BIN/network-lab" --plot x --preset four
expect_usage "^keyframe-lab: --demo: 'x' is not a demo \(allowed: basis, balls, bounce, rotation, hop, spin, hemisphere\)$" \
    "$BIN/keyframe-lab" --csv --demo x
expect_usage "^bowl-lab: --preset: 'x' is not a preset \(allowed: steel-pair, " "$BIN/bowl-lab" --preset x
# a list with a name that is not allowed, or one named twice
expect_usage "^spring-lab: --method: 'x' is not a method in 'semi,x' \(allowed: all, or a comma-separated list of explicit, " \
    "$BIN/spring-lab" --csv --method semi,x
expect_usage "^network-lab: --method: 'x' is not a method in 'semi,x' \(allowed: a comma-separated list of explicit, " \
    "$BIN/network-lab" --plot energy --preset four --method semi,x
expect_usage "^spring-lab: --method: 'semi' is listed twice in 'semi,semi'$" "$BIN/spring-lab" --csv --method semi,semi
expect_usage "^network-lab: --method: 'semi' is listed twice in 'semi,semi'$" "$BIN/network-lab" --plot energy --preset four --method semi,semi
# numbers out of range, and whole numbers that are not
expect_usage "^spring-lab: --frame-hz: '0' is out of range \(allowed: a number from 1 to 1000\)$" "$BIN/spring-lab" --csv --frame-hz 0
expect_usage "^network-lab: --kick: '-1' is out of range \(allowed: a number from 0 to 1e\+06\)$" "$BIN/network-lab" --csv --preset four --kick -1
expect_usage "^keyframe-lab: --at: '-1' is out of range \(allowed: a number from 0 to 1e\+06\)$" "$BIN/keyframe-lab" --plot 1 --at -1
expect_usage "^bowl-lab: --stir: '11' is out of range \(allowed: a number from -10 to 10\)$" "$BIN/bowl-lab" --stir 11
expect_usage "^spring-lab: --seed: '1.5' is not a whole number \(allowed: a whole number from 0 to 4294967295\)$" \
    "$BIN/spring-lab" --csv --seed 1.5
expect_usage "^network-lab: --seed: '1.5' is not a whole number \(allowed: a whole number from 0 to 4294967295\)$" \
    "$BIN/network-lab" --csv --preset four --seed 1.5
expect_usage "^keyframe-lab: --plot: '1.5' is not a whole number \(allowed: a whole number from 1 to 9\)$" \
    "$BIN/keyframe-lab" --plot 1.5
expect_usage "^bowl-lab: --seed: '1.5' is not a whole number \(allowed: a whole number from 0 to 4294967295\)$" \
    "$BIN/bowl-lab" --seed 1.5
# and in Spanish (po/es.po), the same words in every lab
expect_usage "^spring-lab: --csv y --stability son modos distintos: indique uno \(véase --help\)$" \
    env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=es_ES.UTF-8 "$BIN/spring-lab" --csv --stability
expect_usage "^bowl-lab: --wav y --list-presets son modos distintos: indique uno \(véase --help\)$" \
    env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=es_ES.UTF-8 "$BIN/bowl-lab" --list-presets --wav "$TMP/x.wav"
expect_usage "^keyframe-lab: --ascii va con el laboratorio interactivo o --plot \(véase --help\)$" \
    env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=es_ES.UTF-8 "$BIN/keyframe-lab" --csv --demo basis --ascii
expect_usage "^network-lab: el laboratorio interactivo necesita un terminal; sin él, use --csv, --plot KIND o --modes \(véase --help\)$" \
    env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=es_ES.UTF-8 "$BIN/network-lab"
# -h is --help in every program
for p in $PROGRAMS; do
    expect_ok "$BIN/$p" -h && grep -q "^usage: $p" "$TMP/out" && grep -q '^  --help  *this text$' "$TMP/out" && pass ||
        fail "$p -h: $(head -n 1 "$TMP/out")"
done

# Numbers: 1e-320 is finite (a subnormal); inside the range it is taken, outside it the range is named.
expect_ok "$BIN/spring-lab" --csv --c 1e-320 --steps 2
expect_ok "$BIN/network-lab" --csv --preset four --c 1e-320 --steps 2
expect_ok "$BIN/keyframe-lab" --plot 1 --at 1e-320 --ascii
expect_ok "$BIN/bowl-lab" --describe steel-pair --set magnet=1e-320
grep -q '^magnet  *9.9998[0-9]*e-321 ' "$TMP/out" && pass || fail "--set magnet=1e-320 is kept: $(grep magnet "$TMP/out")"
expect_ok "$BIN/keyframe-lab" --csv --demo basis --times 1e-320:1:0.5
expect_usage "^spring-lab: --k: '1e-320' is out of range \(allowed: a number from 1e-12 to 1e\+12\)$" \
    "$BIN/spring-lab" --csv --k 1e-320
expect_usage "^network-lab: --m: '1e-320' is out of range \(allowed: a number from 1e-09 to 1e\+09\)$" \
    "$BIN/network-lab" --csv --preset four --m 1e-320
expect_usage "^network-lab: --k: '1e400' is out of range \(allowed: a number > 0 and <= 1e\+12\)$" \
    "$BIN/network-lab" --csv --preset four --k 1e400
expect_usage "^bowl-lab: --seconds: '1e-320' is shorter than one step" "$BIN/bowl-lab" --seconds 1e-320 --wav "$TMP/x.wav"
expect_usage "^bowl-lab: --set: '1e400' is out of range in 'magnet=1e400'" "$BIN/bowl-lab" --describe steel-pair --set magnet=1e400
expect_usage "^spring-lab: --k: 'nan' is not a finite number" "$BIN/spring-lab" --csv --k nan

# 128 KiB values are cut in every program's messages, the reason after them kept.
expect_usage "^spring-lab: --k: '7{48}\.\.\.7{24}' is out of range \(allowed: " "$BIN/spring-lab" --csv --k "$BIG"
expect_short 200 spring-lab --k
expect_usage "^spring-lab: --method: '7{48}\.\.\.7{24}' is not a method \(allowed: all, or a comma-separated list of " "$BIN/spring-lab" --csv --method "$BIG"
expect_usage "^network-lab: --k: '7{48}\.\.\.7{24}' is out of range" "$BIN/network-lab" --csv --preset four --k "$BIG"
expect_short 200 network-lab --k
expect_usage "^network-lab: --method: '7{48}\.\.\.7{24}' is not a method \(allowed: a comma-separated list of " "$BIN/network-lab" --plot energy --preset four --method "$BIG"
expect_usage "^network-lab: --preset: '7{48}\.\.\.7{24}' is not a preset" "$BIN/network-lab" --csv --preset "$BIG"
expect_usage "^keyframe-lab: --times: '7{48}\.\.\.7{24}' is not a time range" "$BIN/keyframe-lab" --csv --demo basis --times "$BIG"
expect_short 300 keyframe-lab --times
expect_usage "^keyframe-lab: --demo: '7{48}\.\.\.7{24}' is not a demo" "$BIN/keyframe-lab" --csv --demo "$BIG"
expect_usage "^bowl-lab: --preset: '7{48}\.\.\.7{24}' is not a preset" "$BIN/bowl-lab" --preset "$BIG"
expect_usage "^bowl-lab: --set: '7{48}\.\.\.7{24}' is not KEY=VALUE" "$BIN/bowl-lab" --set "$BIG"
expect_usage "^bowl-lab: --layers: '7{48}\.\.\.7{24}' is not a layer list" "$BIN/bowl-lab" --layers "$BIG"
expect_usage "^numlab: unexpected argument '7{48}\.\.\.7{24}' \(see --help\)$" "$BIN/numlab" "$BIG"
# a long path is cut, the reason after it kept
expect_usage "^network-lab: --file: cannot read '$TMP/d+\.\.\.f{24}': No such file or directory$" \
    "$BIN/network-lab" --csv --file "$LONG"
expect_usage "^bowl-lab: --gesture: cannot read '$TMP/d+\.\.\.f{24}': No such file or directory$" \
    "$BIN/bowl-lab" --gesture "$LONG" --wav "$TMP/g.wav"
expect_usage "^keyframe-lab: $TMP/d+\.\.\.f{24}: cannot read: No such file or directory$" "$BIN/keyframe-lab" --list "$LONG"
expect_usage "^keyframe-lab: $TMP/d+\.\.\.f{24}: cannot read: No such file or directory$" \
    "$BIN/keyframe-lab" --csv --gltf "$LONG"
# a file that exists under a long name: the loader's reason after it (a folder of 14 long names)
mkdir -p "$TMP/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D/$D" &&
    printf 'not json' >"$LONG.gltf" &&
    expect_usage "^keyframe-lab: $TMP/d+\.\.\.f{19}\.gltf: .*(JSON|json)" "$BIN/keyframe-lab" --list "$LONG.gltf" &&
    printf 'bogus\n' >"$LONG.csv" &&
    expect_usage "^bowl-lab: --gesture: $TMP/d+\.\.\.f{20}\.csv:1: the header is 'bogus' \(allowed: t," \
        "$BIN/bowl-lab" --gesture "$LONG.csv" --wav "$TMP/g.wav"

# Output that cannot be written is a runtime failure (exit 1, a message), in every headless mode.
if [ -w /dev/full ]; then
    expect_full() {
        "$@" >/dev/full 2>"$TMP/err"; rc=$?
        if [ $rc -eq 1 ] && grep -q ': cannot write to stdout: No space left on device$' "$TMP/err"; then pass
        else fail "$* >/dev/full -> exit $rc, '$(cat "$TMP/err")'"; fi
    }
    expect_full "$BIN/spring-lab" --csv
    expect_full "$BIN/spring-lab" --csv --animate
    expect_full "$BIN/spring-lab" --stability
    expect_full "$BIN/spring-lab" --plot phase
    expect_full "$BIN/network-lab" --csv --preset four
    expect_full "$BIN/network-lab" --modes --preset four
    expect_full "$BIN/network-lab" --plot network --preset four
    expect_full "$BIN/keyframe-lab" --csv --demo basis
    expect_full "$BIN/keyframe-lab" --plot 2
    expect_full "$BIN/bowl-lab" --list-presets
    expect_full "$BIN/bowl-lab" --describe steel-pair
    expect_full "$BIN/numlab" --list
    mkdir -p "$TMP/fixtures"
    "${NUMLAB_BUILD:-build}/tests/test_gltf" --write-fixtures "$TMP/fixtures" >/dev/null 2>&1 || fail "glTF fixtures"
    expect_full "$BIN/keyframe-lab" --list "$TMP/fixtures/embedded.gltf"
    expect_full "$BIN/keyframe-lab" --csv --gltf "$TMP/fixtures/embedded.gltf"
    # a long output stops at the first failed write, not after computing the rest for nobody (timeout: 124)
    expect_full timeout 10 "$BIN/spring-lab" --csv --method all --steps 100000000
    expect_full timeout 10 "$BIN/spring-lab" --csv --animate --c 0 --max-frames 100000000
    expect_full timeout 10 "$BIN/network-lab" --csv --preset chain --n 1000 --steps 100000000
fi

# One number grammar (README: the command-line contract), in every lab, for options and file fields alike: a decimal
# number, no hexadecimal, no space around it, no inf or nan. The same text is refused by a double option and by a
# count option (once, ' 3' and 0x10 were 3 and 16 for --k, refused for --steps).
for v in ' 3' '3 ' 0x10 0X1p4 inf nan 1e '1,5'; do
    expect_usage "^spring-lab: --k: '$v' is not a (finite )?number" "$BIN/spring-lab" --csv --k "$v"
    expect_usage "^spring-lab: --steps: '$v' is not a whole number" "$BIN/spring-lab" --csv --steps "$v"
    expect_usage "^network-lab: --dt: '$v' is not a (finite )?number" "$BIN/network-lab" --csv --dt "$v"
    expect_usage "^network-lab: --steps: '$v' is not a whole number" "$BIN/network-lab" --csv --steps "$v"
    expect_usage "^keyframe-lab: --at: '$v' is not a (finite )?number" "$BIN/keyframe-lab" --plot 1 --at "$v"
    expect_usage "^keyframe-lab: --times: '0:1:$v' is not a time range" "$BIN/keyframe-lab" --csv --demo basis \
        --times "0:1:$v"
    expect_usage "^bowl-lab: --seconds: '$v' is not a (finite )?number" "$BIN/bowl-lab" --seconds "$v" --wav "$TMP/x.wav"
    expect_usage "^bowl-lab: --seed: '$v' is not a whole number" "$BIN/bowl-lab" --seed "$v" --wav "$TMP/x.wav"
    expect_usage "^bowl-lab: --set: '$v' is not a (finite )?number in 'bowl_radius=$v'" "$BIN/bowl-lab" \
        --set "bowl_radius=$v" --wav "$TMP/x.wav"
    # file fields: a network file's number and mass index (its fields are parted by spaces), a gesture file's field
    # (parted by commas: a space in it is the field's)
    printf 't,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike\n0,0,0,%s,0,0\n1,0,0,0,0,0\n' "$v" >"$TMP/g.csv"
    case $v in *,*) continue ;; esac
    expect_usage "g\.csv:2: stir_hz '$v' is (not a number|out of range)" "$BIN/bowl-lab" --gesture "$TMP/g.csv" \
        --wav "$TMP/x.wav"
    case $v in *' '*) continue ;; esac
    printf 'mass %s 0 1\n' "$v" >"$TMP/n.net"
    expect_usage "n\.net:1: mass X: '$v' is not a finite number" "$BIN/network-lab" --csv --file "$TMP/n.net"
    printf 'mass 0 0 1\nmass 1 0 1\nspring 0 %s 10\n' "$v" >"$TMP/n.net"
    expect_usage "n\.net:3: .*'$v' is not a mass index" "$BIN/network-lab" --csv --file "$TMP/n.net"
done
# and what the grammar holds is taken the same everywhere: a sign, a fraction without a whole part, an exponent
expect_ok "$BIN/spring-lab" --csv --k +.5e3 --steps +2
expect_eq "--k +.5e3 --steps +2: the last step" "$(awk -F, '$1 == "midpoint"' "$TMP/out" | tail -n 1 | cut -d, -f2)" 2
printf 'mass 0 0 1\nmass +.5e1 0 1\nspring 0 +1 1E1\n' >"$TMP/n.net"
expect_ok "$BIN/network-lab" --csv --file "$TMP/n.net" --steps 0
expect_eq "a network file's +.5e1" "$(tail -n 1 "$TMP/out" | cut -d, -f8)" 5
[ -e "$TMP/x.wav" ] && fail "a refused gesture left a WAV" || pass

finish
