#!/bin/sh
# bowl-lab on the command line: the presets, renders checked independently with sox/soxi (header, format, length,
# level), byte-identical renders per seed, the event log and trace, no clobbering, --set and --describe, recorded
# gestures (--gesture), and every bad option, path or gesture line rejected with exit 2, a message naming it, and
# no file left behind.
. tests/lib/cli.sh
BL="$BIN/bowl-lab"
OUT="$TMP/out.d"
mkdir -p "$OUT"

# nothing in $OUT but what the test put there (no temporaries, no half files)
expect_files() {
    got=$(ls -A "$OUT" | tr '\n' ' ')
    expect_eq "files in the output directory ($1)" "$got" "$2"
}

expect_ok "$BL" --help && grep -q '^usage: bowl-lab' "$TMP/out" || fail "--help prints the usage"

# --list-presets: one a line, the name first
expect_ok "$BL" --list-presets
expect_eq "preset names" "$(cut -d' ' -f1 "$TMP/out" | tr '\n' ' ')" \
    "steel-pair rubbing scratching heavy-light neodymium-spin-lock "
expect_ok "$BL" --describe neodymium-spin-lock
grep -qE '^magnet +0\.9 ' "$TMP/out" && pass || fail "--describe shows the magnet"

# a render, checked by soxi: 48 kHz mono 16-bit PCM, exactly 0.5 s (1200 steps of 20 samples)
expect_ok "$BL" --seconds 0.5 --seed 3 --wav "$OUT/a.wav"
grep -q "wrote $OUT/a.wav" "$TMP/out" || fail "the summary names the file"
expect_eq "rate" "$(soxi -r "$OUT/a.wav")" 48000
expect_eq "channels" "$(soxi -c "$OUT/a.wav")" 1
expect_eq "bits" "$(soxi -b "$OUT/a.wav")" 16
expect_eq "encoding" "$(soxi -e "$OUT/a.wav")" "Signed Integer PCM"
expect_eq "samples" "$(soxi -s "$OUT/a.wav")" 24000
# stereo float
expect_ok "$BL" --seconds 0.25 --stereo --float --preset heavy-light --wav "$OUT/f.wav"
expect_eq "float channels" "$(soxi -V1 -c "$OUT/f.wav")" 2
expect_eq "float bits" "$(soxi -V1 -b "$OUT/f.wav")" 32
expect_eq "float encoding" "$(soxi -V1 -e "$OUT/f.wav")" "Floating Point PCM"

# sox's own statistics: never clipped (peak below full scale), no DC
expect_ok "$BL" --seconds 3 --seed 5 --preset steel-pair --wav "$OUT/s.wav"
sox "$OUT/s.wav" -n stat 2>"$TMP/stat"
peak=$(awk '/^Maximum amplitude/ {print $3}' "$TMP/stat")
mean=$(awk '/^Mean    amplitude/ {print $3}' "$TMP/stat")
awk -v p="$peak" 'BEGIN { exit !(p > 0.01 && p < 0.95) }' && pass || fail "peak $peak: silent or clipped"
expect_num "mean amplitude (DC)" "$mean" 0 0.001

# the same seed gives the same bytes; another seed another render
expect_ok "$BL" --seconds 1 --seed 7 --wav "$OUT/x.wav"
expect_ok "$BL" --seconds 1 --seed 7 --wav "$OUT/y.wav"
cmp -s "$OUT/x.wav" "$OUT/y.wav" && pass || fail "two renders with seed 7 differ"
expect_ok "$BL" --seconds 1 --seed 8 --wav "$OUT/z.wav"
cmp -s "$OUT/x.wav" "$OUT/z.wav" && fail "seeds 7 and 8 gave the same bytes" || pass
rm -f "$OUT"/*

# an existing file is an error and stays untouched; --force replaces it
echo "earlier take" >"$OUT/take.wav"
expect_usage "--wav: '.*take.wav' already exists.*--force" "$BL" --seconds 0.1 --wav "$OUT/take.wav"
expect_eq "untouched" "$(cat "$OUT/take.wav")" "earlier take"
expect_ok "$BL" --seconds 0.1 --wav "$OUT/take.wav" --force
expect_eq "replaced" "$(head -c 4 "$OUT/take.wav")" "RIFF"
expect_files "after --force" "take.wav "
rm -f "$OUT"/*

# bad options: exit 2, the option and value named, nothing written
expect_usage "--seconds: '0'" "$BL" --seconds 0 --wav "$OUT/b.wav"
expect_usage "--seconds: 'abc' is not a number" "$BL" --seconds abc --wav "$OUT/b.wav"
expect_usage "--seconds: '601' is out of range" "$BL" --seconds 601 --wav "$OUT/b.wav"
expect_usage "--seconds: 'nan'" "$BL" --seconds nan --wav "$OUT/b.wav"
expect_usage "--seed: '-1'" "$BL" --seed -1 --wav "$OUT/b.wav"
expect_usage "--seed: '1.5' is not a whole number" "$BL" --seed 1.5 --wav "$OUT/b.wav"
expect_usage "--preset: 'glass' is not a preset \(allowed: steel-pair" "$BL" --preset glass --wav "$OUT/b.wav"
expect_usage "--describe: 'glass'" "$BL" --describe glass
expect_usage "--stir: '11' is out of range" "$BL" --stir 11 --wav "$OUT/b.wav"
expect_usage "--stir-radius: '0.2'" "$BL" --stir-radius 0.2 --wav "$OUT/b.wav"
expect_usage "--tilt: '90' is out of range" "$BL" --tilt 90 --wav "$OUT/b.wav"
expect_usage "--reverse: '-2'" "$BL" --reverse -2 --wav "$OUT/b.wav"
expect_usage "--stop: 'soon'" "$BL" --stop soon --wav "$OUT/b.wav"
expect_usage "--layers: 'echo' is not a layer" "$BL" --layers rub,echo --wav "$OUT/b.wav"
expect_usage "--layers: '' " "$BL" --layers "" --wav "$OUT/b.wav"
expect_usage "unknown option '--volume'" "$BL" --volume 3 --wav "$OUT/b.wav"
expect_usage "--wav needs a value" "$BL" --wav
expect_usage "unexpected argument 'extra'" "$BL" --wav "$OUT/b.wav" extra
expect_usage "--wav: '-' is not a file" "$BL" --wav -
expect_usage "--events and --trace cannot both go to stdout" "$BL" --events - --trace -
expect_usage "--wav: '.*b.wav' is also the --events file" "$BL" --wav "$OUT/b.wav" --events "$OUT/b.wav"
expect_usage "--trace and --spectrum cannot both go to stdout" "$BL" --trace - --spectrum -
expect_usage "--spectrum: an empty file name" "$BL" --spectrum ""
expect_usage "--wav: cannot create '.*nodir/b.wav': No such file or directory" "$BL" --wav "$OUT/nodir/b.wav"
echo x >"$OUT/plain"
expect_usage "--events: cannot create '.*plain/e.csv'" "$BL" --wav "$OUT/b.wav" --events "$OUT/plain/e.csv"
expect_usage "--trace: '.*out.d' is a directory" "$BL" --trace "$OUT"
expect_files "after bad options" "plain "
rm -f "$OUT/plain"

# without --wav and without a terminal: say what to use
expect_usage "^bowl-lab: the interactive lab needs a terminal; without one use --wav FILE, --events FILE.csv, --trace FILE.csv, --spectrum FILE.csv, --spectrogram FILE, --list-presets, --describe NAME or --plot NAME \(see --help\)$" "$BL"
expect_usage "^bowl-lab: the interactive lab needs a terminal" "$BL" --preset rubbing --stir 2  # an option it takes
expect_usage "^bowl-lab: --seconds goes with --wav" "$BL" --preset rubbing --seconds 2  # one it would drop

# the event log: a header, time-ordered rows of known events; steel-pair collides within 2 s
expect_ok "$BL" --seconds 2 --seed 1 --events "$OUT/e.csv" --quiet
expect_eq "events header" "$(head -n 1 "$OUT/e.csv")" "t,event,sphere,value,impulse,x,y,z"
tail -n +2 "$OUT/e.csv" | awk -F, '
    $2 !~ /^(collision|bowl_impact|gate_open|gate_close|latch_on|latch_off)$/ { bad = 1 }
    $1 < last { bad = 1 } { last = $1 } END { exit bad }' && pass || fail "events: unknown kinds or out of order"
[ "$(grep -c ',collision,both,' "$OUT/e.csv")" -ge 1 ] && pass || fail "no collision in 2 s of steel-pair"
# the magnets snap together: a collision, then latch_on
expect_ok "$BL" --preset neodymium-spin-lock --seconds 2 --events - --quiet
grep -q ',latch_on,both,' "$TMP/out" && pass || fail "neodymium-spin-lock never latched"
# the trace: one row per 1/60 s frame plus the start, 25 columns, gates within [0, 1]
expect_ok "$BL" --seconds 0.5 --trace "$OUT/t.csv" --wav "$OUT/t.wav"
expect_eq "trace rows" "$(wc -l <"$OUT/t.csv" | tr -d ' ')" 32
expect_eq "trace columns" "$(awk -F, '{print NF}' "$OUT/t.csv" | sort -u)" 25
expect_eq "trace last frame" "$(tail -n 1 "$OUT/t.csv" | cut -d, -f1,2)" "30,0.500000"
tail -n +2 "$OUT/t.csv" | awk -F, '$11 < 0 || $11 > 1 || $12 < 0 || $12 > 1 { exit 1 }' && pass ||
    fail "gate out of [0, 1]"
grep -qiE 'nan|inf' "$OUT/t.csv" && fail "the trace holds nan or inf"
# the spectrum of the last 8192 samples: 4097 bins from 0 to 24 kHz; an impact-only render peaks at a ball mode
expect_ok "$BL" --seconds 1 --layers impact --spectrum "$OUT/sp.csv" --quiet
expect_eq "spectrum header" "$(head -n 1 "$OUT/sp.csv")" "freq,db"
expect_eq "spectrum rows" "$(wc -l <"$OUT/sp.csv" | tr -d ' ')" 4098
expect_eq "spectrum last bin" "$(tail -n 1 "$OUT/sp.csv" | cut -d, -f1)" "24000.000"
top=$(tail -n +2 "$OUT/sp.csv" | sort -t, -k2 -g | tail -n 1 | cut -d, -f1)
awk -v f="$top" 'BEGIN { exit !(f > 2000 && f < 11000) }' && pass || fail "impact spectrum peaks at $top Hz"
grep -qiE 'nan|inf' "$OUT/sp.csv" && fail "the spectrum holds nan or inf"
# a CSV to stdout sends the summary to stderr
expect_ok "$BL" --seconds 0.2 --trace - --wav "$OUT/u.wav"
expect_eq "stdout is pure CSV" "$(grep -c '^wrote' "$TMP/out")" 0
grep -q "^wrote $OUT/u.wav" "$TMP/err" && pass || fail "the summary went to stderr"
rm -f "$OUT"/*

# an interrupted render leaves nothing behind
"$BL" --seconds 600 --wav "$OUT/long.wav" --events "$OUT/long.csv" >/dev/null 2>"$TMP/err" &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid
expect_eq "interrupted exit" "$?" 1
grep -q "interrupted" "$TMP/err" && pass || fail "no message on interrupt"
expect_files "after an interrupt" ""

# --describe lists every key --set takes; --set changes the preset (described or rendered), checked whole
expect_ok "$BL" --describe steel-pair
grep -qE '^bowl_modes\.f1 +190 ' "$TMP/out" && pass || fail "--describe lists bowl_modes.f1"
expect_ok "$BL" --describe steel-pair --set magnet=0.25 --set bowl_modes.count=8
grep -qE '^magnet +0\.25 ' "$TMP/out" && grep -qE '^bowl_modes\.count +8 ' "$TMP/out" && pass ||
    fail "--set shows in --describe"
expect_usage "--set: '2' is out of range for magnet \(allowed: 0\.\.1\)" "$BL" --set magnet=2 --wav "$OUT/b.wav"
expect_usage "--set: 'volume=3' is not KEY=VALUE with a key of --describe" "$BL" --set volume=3 --wav "$OUT/b.wav"
expect_usage "--set: 'x' is not a number in 'magnet=x'" "$BL" --set magnet=x --wav "$OUT/b.wav"
expect_usage "--set: 'magnet' is not KEY=VALUE" "$BL" --set magnet --wav "$OUT/b.wav"
expect_usage "--set: '2.5' is out of range for ball_modes.count \(allowed: a whole number" \
    "$BL" --set ball_modes.count=2.5 --wav "$OUT/b.wav"
expect_usage "--set: the mechanics do not fit together: 'gate_lo/gate_hi'" "$BL" --set gate_lo=0.9 --wav "$OUT/b.wav"
expect_usage "--set: the sound parameters do not fit together: 'bright_lo/bright_hi'" "$BL" --set bright_lo=20000 --wav "$OUT/b.wav"
expect_usage "--set: the mechanics do not fit together: 'bowl_radius'" "$BL" --set bowl_radius=0.02 --wav "$OUT/b.wav"
expect_files "after bad --set" ""
# a change of sound only keeps the mechanics: the same events, other samples
expect_ok "$BL" --seconds 1 --events "$OUT/e1.csv" --wav "$OUT/s1.wav" --quiet
expect_ok "$BL" --seconds 1 --events "$OUT/e2.csv" --wav "$OUT/s2.wav" --quiet --set ball_modes.f1=3000
cmp -s "$OUT/e1.csv" "$OUT/e2.csv" && pass || fail "a sound parameter changed the mechanics"
cmp -s "$OUT/s1.wav" "$OUT/s2.wav" && fail "ball_modes.f1 changed nothing" || pass
# --layers none: silence (exactly zero samples)
expect_ok "$BL" --seconds 0.5 --layers none --wav "$OUT/none.wav" --quiet
expect_eq "no layer, no sound" "$(sox "$OUT/none.wav" -n stat 2>&1 | awk '/^Maximum amplitude/ {print $3}')" \
    "0.000000"
rm -f "$OUT"/*

# --gesture: a recorded gesture; the render lasts until its last row
cat >"$OUT/g.csv" <<'CSV'
# tilt, then stir, then a strike, then level and still
t,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike
0,10,0,0,0,0
0.5,0,0,1.5,0.014,0
1.0,0,0,1.5,0.014,2
1.5,0,0,0,0,0
2.0,0,0,0,0,0
CSV
expect_ok "$BL" --gesture "$OUT/g.csv" --wav "$OUT/g1.wav" --events "$OUT/ge.csv"
expect_eq "gesture length" "$(soxi -s "$OUT/g1.wav")" 96000
grep -q "wrote $OUT/g1.wav: 2.000 s of steel-pair" "$TMP/out" && pass || fail "gesture summary: $(cat "$TMP/out")"
expect_ok "$BL" --gesture "$OUT/g.csv" --wav "$OUT/g2.wav" --quiet
cmp -s "$OUT/g1.wav" "$OUT/g2.wav" && pass || fail "a gesture replayed twice differs"
expect_ok "$BL" --gesture "$OUT/g.csv" --wav "$OUT/g3.wav" --seconds 1.25 --quiet
expect_eq "--seconds overrides the gesture's end" "$(soxi -s "$OUT/g3.wav")" 60000
# the strike at t = 1 strikes the spheres' modes there (a sound event, not a mechanical one): the 50 ms after it are
# more than twice as loud as in the same gesture without it
sed 's/^1.0,0,0,1.5,0.014,2$/1.0,0,0,1.5,0.014,0/' "$OUT/g.csv" >"$OUT/g0.csv"
expect_ok "$BL" --gesture "$OUT/g0.csv" --wav "$OUT/g0.wav" --quiet
a=$(sox "$OUT/g1.wav" -n trim 1.0 0.05 stat 2>&1 | awk '/^Maximum amplitude/ {print $3}')
b=$(sox "$OUT/g0.wav" -n trim 1.0 0.05 stat 2>&1 | awk '/^Maximum amplitude/ {print $3}')
awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 2 * b) }' && pass || fail "the strike: peak $a vs $b without"
rm -f "$OUT"/*
# bad gesture files: file:line, exit 2, nothing written
G="$TMP/bad.csv"
H="t,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike"
bad_gesture() {  # bad_gesture 'FILE TEXT (printf format)' 'PATTERN'
    printf "$1" >"$G"
    expect_usage "$2" "$BL" --gesture "$G" --wav "$OUT/b.wav"
}
bad_gesture 't,tilt\n0,0\n' "--gesture: .*bad.csv:1: the header is 't,tilt' \(allowed: t,tilt_x_deg,"
bad_gesture "# c\n$H\n0,0,0,0,0,0\n1,0,0,12,0,0\n" "bad.csv:4: stir_hz '12' is out of range \(allowed: Hz, -10..10"
bad_gesture "$H\n1,0,0,0,0,0\n0.5,0,0,0,0,0\n" "bad.csv:3: t 0.5 comes before the previous row's 1"
bad_gesture "$H\n0,0,0,0,0\n" "bad.csv:2: 5 fields, expected 6"
bad_gesture "$H\n0,0,x,0,0,0\n" "bad.csv:2: tilt_y_deg 'x' is not a number"
bad_gesture "$H\n" "bad.csv:1: no rows"
bad_gesture "$H\n0,0,0,1,0.01,0\n" "--gesture: '.*bad.csv' ends at t = 0 s: nothing to render"
expect_usage "--gesture: cannot read '.*nofile.csv': No such file" "$BL" --gesture "$TMP/nofile.csv" --wav "$OUT/b.wav"
# a gesture file sets the render's length, under the cap of --seconds (600 s): a last row at 3600 s (allowed in the
# file: --seconds may render a part) is refused at once, naming the file, the value and the cap
printf "$H\n0,10,0,0,0,0\n3600,0,0,1,0.01,0\n" >"$G"
expect_quick 0.3 "^bowl-lab: --gesture: '.*bad.csv' ends at t = 3600 s, a render that long is refused \(allowed: at most 600 s; give --seconds to render a part\)$" \
    "$BL" --gesture "$G" --wav "$OUT/b.wav"
expect_ok "$BL" --gesture "$G" --wav "$OUT/part.wav" --seconds 0.5 --quiet
expect_eq "a part of a long gesture" "$(soxi -s "$OUT/part.wav")" 24000
rm -f "$OUT/part.wav"
# not a regular file, too large, or cut by a NUL: refused at once (a FIFO used to block, /dev/zero to spin)
mkfifo "$TMP/pipe.csv"
timeout 10 "$BL" --gesture "$TMP/pipe.csv" --wav "$OUT/b.wav" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && grep -qF -- "--gesture: '$TMP/pipe.csv' is a FIFO (allowed: a regular file of at most 64 MiB)" \
    "$TMP/err" && pass || fail "--gesture FIFO: exit $rc (124: it blocked), '$(cat "$TMP/err")'"
timeout 10 "$BL" --gesture /dev/zero --wav "$OUT/b.wav" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] &&
    grep -qF -- "--gesture: '/dev/zero' is a character device (allowed: a regular file of at most 64 MiB)" "$TMP/err" &&
    pass || fail "--gesture /dev/zero: exit $rc (124: it spun), '$(cat "$TMP/err")'"
truncate -s 67108865 "$TMP/huge.csv"   # 64 MiB and a byte, sparse: refused from its size, never read
expect_usage "--gesture: '.*huge.csv' has 67108865 bytes \(allowed: a regular file of at most 64 MiB\)" \
    "$BL" --gesture "$TMP/huge.csv" --wav "$OUT/b.wav"
printf "$H\n0,0,0,0,0,0\n1,0,0,0,0,0\000,junk\n" >"$G"   # row 3 would read as 1,0,0,0,0,0
expect_usage "--gesture: '.*bad.csv' has a NUL byte on line 3, column 12 \(allowed: a text file, without NUL bytes\)" \
    "$BL" --gesture "$G" --wav "$OUT/b.wav"
expect_usage "--gesture: a recorded gesture replaces --stir" "$BL" --gesture "$G" --stir 2 --wav "$OUT/b.wav"
expect_usage "^bowl-lab: --gesture goes with --wav, --events, --trace, --spectrum or --spectrogram \(see --help\)$" "$BL" --gesture "$G"
expect_files "after bad gestures" ""

# A long output path is cut in the message, never the reason after it; a path with an escape sequence is shown escaped
# in the summary, not acted on.
long="$TMP/$(printf 'x%.0s' $(seq 1 200))"
mkdir -p "$long"
"$BL" --preset steel-pair --seconds 0.1 --wav "$long/missing/a.wav" >"$TMP/out" 2>"$TMP/err"
expect_eq "a missing folder: exit status" $? 2
grep -q "\.\.\..*/missing/a.wav': No such file or directory" "$TMP/err" && pass || fail "long path: $(cat "$TMP/err")"
esc=$(printf '\033')
"$BL" --preset steel-pair --seconds 0.1 --wav "$OUT/e${esc}[2J.wav" >"$TMP/out" 2>&1
expect_eq "an escape in the name: exit status" $? 0
grep -q "$esc" "$TMP/out" && fail "an escape sequence reached the terminal"
grep -qF 'e\x1b[2J.wav' "$TMP/out" && pass || fail "the summary: $(cat "$TMP/out")"
rm -f "$OUT/e${esc}[2J.wav"

# In Spanish (LANG=es_ES.UTF-8, installed or not): the messages and the summary in Spanish; every file and every CSV
# on stdout the same bytes as in English (numbers keep their '.'), and a recorded gesture replays to the same WAV.
ES="env LANG=es_ES.UTF-8"
"$BL" --preset steel-pair --seconds 0.3 --seed 2 --wav "$OUT/g.wav" --quiet
printf '# g\nt,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike\n0,0,5,1.5,0.014,0\n0.1,0,0,1.5,0.014,2\n0.4,0,0,-1,0.014,0\n' \
    >"$TMP/es-g.csv"
for lang in C.UTF-8 es_ES.UTF-8; do
    mkdir -p "$TMP/$lang"
    env LANG=$lang "$BL" --gesture "$TMP/es-g.csv" --stereo --float --wav "$TMP/$lang/r.wav" \
        --events "$TMP/$lang/e.csv" --trace "$TMP/$lang/t.csv" --spectrum "$TMP/$lang/s.csv" >"$TMP/$lang/summary"
    env LANG=$lang "$BL" --seconds 0.5 --layers impact,body --events - --quiet >"$TMP/$lang/stdout.csv"
    env LANG=$lang "$BL" --describe rubbing --set magnet=0.25 >"$TMP/$lang/describe"
done
for f in r.wav e.csv t.csv s.csv stdout.csv describe; do
    cmp -s "$TMP/C.UTF-8/$f" "$TMP/es_ES.UTF-8/$f" && pass || fail "bowl-lab's $f differs in Spanish"
done
grep -q "^escrito $TMP/es_ES.UTF-8/r.wav: 0\.400 s de steel-pair, semilla 1, 48000 Hz estéreo .*colisiones [0-9]*, " \
    "$TMP/es_ES.UTF-8/summary" && pass || fail "the summary in Spanish: $(cat "$TMP/es_ES.UTF-8/summary")"
es_usage() {  # es_usage PATTERN ARGS...: exit 2 and the message in Spanish
    pattern=$1; shift
    $ES "$BL" "$@" >"$TMP/out" 2>"$TMP/err"
    expect_eq "Spanish: $* exit" $? 2
    grep -qE -- "$pattern" "$TMP/err" && pass || fail "Spanish: $*: $(cat "$TMP/err")"
}
es_usage "^bowl-lab: --layers: 'rub,x' no es una lista|^bowl-lab: --layers: 'x' no es una capa en 'rub,x' \(se admite: " \
    --layers rub,x --wav "$OUT/x.wav"
es_usage "^bowl-lab: --seconds: '0.0001' es más corto que un paso de 1/2400 s \(se admite: 0 < S <= 600\)$" \
    --seconds 0.0001 --wav "$OUT/x.wav"
es_usage "^bowl-lab: --set: '3' está fuera de rango para magnet \(se admite: 0\.\.1\)$" --set magnet=3 --wav "$OUT/x.wav"
es_usage "^bowl-lab: --wav: '$OUT/g.wav' ya existe \(se admite: un archivo nuevo, o añada --force para reemplazarlo\)$" \
    --seconds 0.1 --wav "$OUT/g.wav"
printf 't,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike\n0,0,0,12,0,0\n' >"$TMP/es-bad.csv"
es_usage "^bowl-lab: --gesture: .*es-bad.csv:2: stir_hz '12' está fuera de rango \(se admite: Hz, -10\.\.10 \(negativo: sentido horario\)\)$" \
    --gesture "$TMP/es-bad.csv" --wav "$OUT/x.wav"
rm -f "$OUT/g.wav"
expect_files "after the Spanish runs" ""

finish
