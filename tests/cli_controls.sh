#!/bin/sh
# Control characters in a file name reach no lab's message as they are (src/text.c, the escaper the grader shares):
# C0 (ESC), C1 as UTF-8 (CSI U+009B, OSC U+009D), C1 as a raw byte (not UTF-8), and every bidi control of UAX #9
# (ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI); valid UTF-8, Spanish and braille (whose bytes
# 0x80-0x9f are continuation bytes, never C1), is kept as it is. Each control sits between two letters, so that a
# match is that control and never a piece of a letter; its escaped form is written here by hand.
. tests/lib/cli.sh

# CONTROL-BYTES ESCAPED pairs, one a line
pairs="$(printf '\033') \\x1b
$(printf '\302\233') \\xc2\\x9b
$(printf '\302\235') \\xc2\\x9d
$(printf '\233') \\x9b
$(printf '\330\234') \\u061c
$(printf '\342\200\216') \\u200e
$(printf '\342\200\217') \\u200f
$(printf '\342\200\252') \\u202a
$(printf '\342\200\253') \\u202b
$(printf '\342\200\254') \\u202c
$(printf '\342\200\255') \\u202d
$(printf '\342\200\256') \\u202e
$(printf '\342\201\246') \\u2066
$(printf '\342\201\247') \\u2067
$(printf '\342\201\250') \\u2068
$(printf '\342\201\251') \\u2069"
kept=$(printf 'se\303\261al acci\303\263n \342\240\235\342\240\201')

# The message of each lab that names a file it was given.
message() {   # LAB NAME: the lab's error about NAME, in $TMP/err
    case $1 in
    spring-lab) "$BIN/spring-lab" --plot stability --out "$TMP/$2.bmp" ;;
    network-lab) "$BIN/network-lab" --csv --file "$TMP/$2.net" ;;
    keyframe-lab) "$BIN/keyframe-lab" --list "$TMP/$2.gltf" ;;
    bowl-lab) "$BIN/bowl-lab" --gesture "$TMP/$2.csv" --wav "$TMP/out.wav" ;;
    esac >"$TMP/out" 2>"$TMP/err" </dev/null
}

printf '%s\n' "$pairs" >"$TMP/pairs"
for lab in spring-lab network-lab keyframe-lab bowl-lab; do
    while read -r control escaped; do
        message $lab "x${control}y $kept"
        [ -s "$TMP/err" ] || { fail "$lab: no message for a name with $escaped"; continue; }
        LC_ALL=C grep -qF "x${control}y" "$TMP/err" && fail "$lab: $escaped reached the message as it is"
        grep -qF "x${escaped}y $kept" "$TMP/err" && pass ||
            fail "$lab: the message does not show x${escaped}y and the Spanish and braille: $(cat "$TMP/err")"
    done <"$TMP/pairs"
done
finish
