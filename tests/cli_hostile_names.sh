#!/bin/sh
# Every message that shows a name the user gave (an output's "wrote NAME", the summary, an error naming a file) goes
# through the project's escaper (src/text.c): run every output option of every lab with a hostile name, successful
# and refused, and check that stdout and stderr hold no ESC, no BEL, no C1 control (U+009B CSI, U+009D OSC), no
# bidi override (U+202E) and no line split by a newline in the name; and that the name is shown, escaped.
. tests/lib/cli.sh
ABS="$(cd "$BIN" && pwd)"
OUT="$TMP/out.d"
mkdir -p "$OUT"
esc=$(printf '\033') bel=$(printf '\007') csi=$(printf '\302\233') osc=$(printf '\302\235') rlo=$(printf '\342\200\256')
# the name: an OSC title, a screen clear, a newline followed by a fake line, a C1 CSI and OSC, a right-to-left override
H="$(printf '\033]0;pwn\007\033[2J\nFAKE LINE\302\233\302\235\342\200\256x')"

# clean NAME: the last run's stdout and stderr ($TMP/out, $TMP/err) hold none of the controls, and no line starts
# with the text after the name's newline
clean() {
    for f in "$TMP/out" "$TMP/err"; do
        for bad in "$esc" "$bel" "$csi" "$osc" "$rlo"; do
            grep -qF -- "$bad" "$f" && { fail "$1: a raw control reached $(basename "$f"): $(od -c "$f" | head -3)"; return; }
        done
        grep -q '^FAKE LINE' "$f" && { fail "$1: a newline in the name split a line of $(basename "$f")"; return; }
    done
    pass
}
# shown NAME: the escaped name is in stdout or stderr (the message still names the file)
shown() {
    cat "$TMP/out" "$TMP/err" | grep -qF '\x1b]0;pwn\x07\x1b[2J\x0aFAKE LINE\xc2\x9b\xc2\x9d\u202ex' && pass ||
        fail "$1: the escaped name is not shown: $(cat "$TMP/err" "$TMP/out" | head -c 300)"
}
# run NAME CMD...: CMD in $OUT (any exit status), then clean and shown
run() {
    name=$1; shift
    (cd "$OUT" && "$@") >"$TMP/out" 2>"$TMP/err" </dev/null
    clean "$name"
    shown "$name"
}

# success: each output's "wrote NAME" (the figures) and the render's summary
run "spring-lab --out" "$ABS/spring-lab" --plot stability --out "$H.svg"
run "network-lab --out" "$ABS/network-lab" --plot energy --preset four --steps 10 --out "$H.n.svg"
run "keyframe-lab --out" "$ABS/keyframe-lab" --plot 1 --out "$H.k.svg"
run "bowl-lab --spectrogram" "$ABS/bowl-lab" --seconds 0.1 --spectrogram "$H.b.svg"
run "bowl-lab --wav" "$ABS/bowl-lab" --seconds 0.1 --wav "$H.wav"
run "bowl-lab --wav, a CSV on stdout" "$ABS/bowl-lab" --seconds 0.1 --wav "$H.2.wav" --events -
expect_eq "the files written" "$(find "$OUT" -type f -exec printf x \; | wc -c | tr -d ' ')" 6
# refused: the file exists (each output option), and the same file twice
for opt in --events --trace --spectrum; do
    run "bowl-lab $opt exists" "$ABS/bowl-lab" --seconds 0.1 $opt "$H.wav"
done
run "bowl-lab --wav exists" "$ABS/bowl-lab" --seconds 0.1 --wav "$H.wav"
run "bowl-lab --spectrogram exists" "$ABS/bowl-lab" --seconds 0.1 --spectrogram "$H.svg"
run "spring-lab --out exists" "$ABS/spring-lab" --plot stability --out "$H.svg"
run "network-lab --out exists" "$ABS/network-lab" --plot energy --preset four --steps 10 --out "$H.svg"
run "keyframe-lab --out exists" "$ABS/keyframe-lab" --plot 1 --out "$H.svg"
run "bowl-lab the same file twice" "$ABS/bowl-lab" --seconds 0.1 --events "$H.a.csv" --trace "./$H.a.csv"
# refused: input files that do not exist, or are not what they should be
run "bowl-lab --gesture" "$ABS/bowl-lab" --gesture "$H.csv" --wav x.wav
run "keyframe-lab --gltf" "$ABS/keyframe-lab" --csv --gltf "$H.gltf"
run "keyframe-lab --list" "$ABS/keyframe-lab" --list "$H.gltf"
run "network-lab FILE" "$ABS/network-lab" --csv "$H.net"
run "a wrong extension" "$ABS/spring-lab" --plot stability --out "$H.txt"
printf 't,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike\n0,0,0,x,0,0\n' >"$OUT/$H.bad.csv"
run "a gesture file's error names it" "$ABS/bowl-lab" --gesture "$H.bad.csv" --wav x.wav
finish
