#!/bin/sh
# bowl-lab --plot alias|warp|precision: the sampling studies on the command line. Their numbers against hand
# calculations (the folded frequency |f - k fs|, the bilinear's 2 atan(wT/2), the float's 2^24 / fs), the series'
# CSV the same bytes in every language, --listen's WAV (checked by sox), and every bad option refused with exit 2
# and a message naming it.
. tests/lib/cli.sh
BL="$BIN/bowl-lab"

# alias at 48 kHz: 30 kHz folds to |30000 - 48000| = 18000 Hz, the spectrum's peak within a tenth of a bin (5.86 Hz)
expect_ok "$BL" --plot alias --series
expect_eq "the CSV's header" "$(head -1 "$TMP/out")" "series,x,y"
line=$(grep '^# k ' "$TMP/out")
expect_num "alias: folded" "$(echo "$line" | sed 's/.*folded \([^ ]*\) Hz.*/\1/')" 18000 1e-9
expect_num "alias: peak" "$(echo "$line" | sed 's/.*peak \([^ ]*\) Hz.*/\1/')" 18000 0.586
expect_eq "alias: 4097 bins" "$(grep -c '^spectrum,' "$TMP/out")" 4097
# --rate 8000 --freq 11000: |11000 - 8000| = 3000 Hz
expect_ok "$BL" --plot alias --series --rate 8000 --freq 11000
expect_num "alias at 8 kHz" "$(grep '^# k ' "$TMP/out" | sed 's/.*folded \([^ ]*\) Hz.*/\1/')" 3000 1e-9
# the chart and its sentence
expect_ok "$BL" --plot alias --width 60 --height 12
grep -q 'heard at |f - 1 fs| = 18000.0 Hz' "$TMP/out" && pass || fail "the chart's sentence names the folded frequency"

# warp at 48 kHz: the bilinear plays 1290 Hz at 2 atan(x)/(2x), x = pi 1290 / 48000: -4.1010 cents (undamped; 3/s
# moves it by less than 1e-6); the body 0.589% low, 1200 log2(0.994114) = -10.22 cents
expect_ok "$BL" --plot warp --series --decay 0
cents() { grep "^# $1" "$TMP/out" | sed 's/.*measured \([^ ]*\) cents.*/\1/'; }
expect_num "warp: bilinear" "$(cents bilinear)" -4.1010348 1e-6
expect_num "warp: body" "$(cents body)" -10.2209 1e-3
expect_eq "warp: three series of 40" "$(cut -d, -f1 "$TMP/out" | grep -v '^#' | sort | uniq -c | awk '{print $1 $2}' \
    | tr '\n' ' ')" "40bilinear 40body 40impulse-invariance 1series "

# precision: the float's longest decay -1 / (48000 ln(1 - 2^-24)) = 349.525 s
expect_ok "$BL" --plot precision --series
expect_num "precision: float's longest decay" \
    "$(grep '^# longest' "$TMP/out" | sed 's/.*float \([^ ]*\) s.*/\1/')" 349.5253 1e-3

# machine output: the same bytes in Spanish
expect_ok "$BL" --plot warp --series
cp "$TMP/out" "$TMP/en.csv"
LANGUAGE=es LANG=es_MX.UTF-8 LC_ALL=es_MX.UTF-8 expect_ok "$BL" --plot warp --series
cmp -s "$TMP/out" "$TMP/en.csv" && pass || fail "--series is the same bytes in Spanish"

# --listen: the resonator past Nyquist to hear. 5 kHz at 8 kHz, undamped, is a 3 kHz tone: sox's rough frequency
# (fs / (2 pi)) rms(x[n] - x[n-1]) / rms(x) of a sine at f is (fs / pi) sin(pi f / fs) = 2352.6 Hz for 3 kHz
LISTEN="$TMP/listen.wav"
expect_ok "$BL" --plot alias --freq 5000 --rate 8000 --decay 0 --listen "$LISTEN" --series
grep -q "wrote .*listen.wav: 2 s of a 5000 Hz resonator at 8000 Hz, heard at 3000.0 Hz" "$TMP/err" && pass ||
    fail "--listen says what it wrote: $(cat "$TMP/err")"
expect_eq "--listen: rate" "$(soxi -r "$LISTEN")" 8000
expect_eq "--listen: samples" "$(soxi -s "$LISTEN")" 16000
expect_num "--listen: rough frequency" "$(sox "$LISTEN" -n stat 2>&1 | sed -n 's/^Rough *frequency: *//p')" 2352.6 2
expect_usage "^bowl-lab: --listen: '.*listen.wav' already exists" "$BL" --plot alias --listen "$LISTEN"
expect_ok "$BL" --plot alias --listen "$LISTEN" --force --series
expect_eq "--force replaced it: 48 kHz" "$(soxi -r "$LISTEN")" 48000
expect_usage "^bowl-lab: --listen goes with --plot alias" "$BL" --plot warp --listen "$TMP/w.wav"
expect_usage "^bowl-lab: --listen: " "$BL" --plot alias --listen "$TMP/no/such/dir/x.wav"
expect_usage "^bowl-lab: --force goes with --listen" "$BL" --plot alias --force
[ ! -e "$TMP/w.wav" ] && [ -z "$(ls -A "$TMP" | grep -v -e '^out$' -e '^err$' -e '^en.csv$' -e '^listen.wav$')" ] &&
    pass || fail "a refused --listen leaves nothing: $(ls -A "$TMP" | tr '\n' ' ')"

# bad input: named, exit 2
expect_usage "^bowl-lab: --plot: 'pie' is not a study \(allowed: alias, warp, precision\)" "$BL" --plot pie
expect_usage "^bowl-lab: --freq" "$BL" --plot alias --freq 0
expect_usage "^bowl-lab: --rate" "$BL" --plot alias --rate 100
expect_usage "^bowl-lab: --seed goes with" "$BL" --plot alias --seed 3
expect_usage "^bowl-lab: --series goes with --plot" "$BL" --series
expect_usage "^bowl-lab: --wav and --plot are separate modes" "$BL" --plot warp --wav "$TMP/x.wav"

finish
