#!/bin/sh
# bowl-lab on the command line: the presets, renders checked independently with sox/soxi (header, format, length,
# level), byte-identical renders per seed, the event log and trace, no clobbering, and every bad option or path
# rejected with exit 2, a message naming it, and no file left behind.
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
expect_usage "no --wav FILE and no terminal.*--wav FILE" "$BL"
expect_usage "no --wav FILE and no terminal" "$BL" --preset rubbing --seconds 2

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

finish
