#!/bin/sh
# --glyphs SET and NUMLAB_GLYPHS, as a user meets them: each lab draws its charts in each set, and only in that set's
# characters (braille U+2800..U+28FF; octants U+1CD00.. and the quarter blocks of the Legacy Computing blocks;
# sextants U+1FB00..U+1FB3B; quadrants and half blocks from Block Elements U+2580..U+259F; ascii 7-bit); braille and
# ascii are the bytes they were before the sets (the default and --ascii); bad sets are refused by name.
. tests/lib/cli.sh
SL="$BIN/spring-lab"
export LANG=C.UTF-8
unset LC_ALL LC_CTYPE NUMLAB_GLYPHS

# the code points of a chart's lines, in hex, one a line (the frame's box drawing and the text left out)
code_points() {
    iconv -f UTF-8 -t UTF-32BE <"$1" | od -An -v -tx1 |
        awk '{ for (i = 1; i <= NF; i++) { w = w $i; if (++n == 4) { sub(/^0+/, "", w); print toupper(w); w = ""; n = 0 } } }' |
        grep -vE '^(.|..|25[0-7].)$' | sort -u
}

# only_in FILE SET: every non-ASCII cell of the plot is one of SET's characters, and some are
only_in() {
    code_points "$1" >"$TMP/cps"
    [ -s "$TMP/cps" ] || { fail "$2: no glyph of the set drawn"; return; }
    case $2 in
        braille)  bad=$(grep -vE '^28[0-9A-F]{2}$' "$TMP/cps") ;;
        octant)   bad=$(grep -vE '^(1CD[0-9A-E][0-9A-F]|1CEA[038B]|1FB8[25]|1FBE[67]|25(8[0-9A-F]|9[0-9A-F]))$' "$TMP/cps")
                  grep -qE '^1CD' "$TMP/cps" || bad="no octant (U+1CDxx) at all" ;;
        sextant)  bad=$(grep -vE '^(1FB([0-2][0-9A-F]|3[0-9AB])|258C|2590|2588)$' "$TMP/cps")
                  grep -qE '^1FB' "$TMP/cps" || bad="no sextant at all" ;;
        quadrant) bad=$(grep -vE '^(2580|2584|2588|258C|2590|259[6-9A-F])$' "$TMP/cps") ;;
        half)     bad=$(grep -vE '^(2580|2584|2588)$' "$TMP/cps") ;;
    esac
    if [ -n "$bad" ]; then fail "$2: characters of another set: $(echo $bad | head -c 200)"; else pass; fi
}

PHASE="--plot phase --k 1600 --c 0 --dt 0.02 --steps 40 --method semi --width 72 --height 18"
for set in braille octant sextant quadrant half; do
    expect_ok "$SL" $PHASE --glyphs "$set" && cp "$TMP/out" "$TMP/$set.txt" && only_in "$TMP/$set.txt" "$set"
    # NUMLAB_GLYPHS gives the same bytes; --glyphs wins over it
    expect_ok env NUMLAB_GLYPHS="$set" "$SL" $PHASE
    cmp -s "$TMP/out" "$TMP/$set.txt" && pass || fail "NUMLAB_GLYPHS=$set: not the bytes of --glyphs $set"
    expect_ok env NUMLAB_GLYPHS=ascii "$SL" $PHASE --glyphs "$set"
    cmp -s "$TMP/out" "$TMP/$set.txt" && pass || fail "--glyphs $set under NUMLAB_GLYPHS=ascii: not --glyphs $set"
done
# the sets differ: each draws the same curve its own way
[ "$(cat "$TMP"/braille.txt "$TMP"/octant.txt "$TMP"/sextant.txt "$TMP"/quadrant.txt "$TMP"/half.txt | md5sum)" != "" ] &&
    [ "$(md5sum "$TMP"/*.txt | awk '{print $1}' | sort -u | wc -l)" -eq 5 ] && pass || fail "two glyph sets drew the same bytes"

# braille is the default in a UTF-8 locale, ascii is --ascii and the default in C: the bytes of before
expect_ok "$SL" $PHASE
cmp -s "$TMP/out" "$TMP/braille.txt" && pass || fail "the default is not --glyphs braille"
expect_ok "$SL" $PHASE --ascii && cp "$TMP/out" "$TMP/ascii.txt"
LC_ALL=C grep -q "$(printf '[\200-\377]')" "$TMP/ascii.txt" && fail "--ascii: non-ASCII bytes" || pass
expect_ok "$SL" $PHASE --glyphs ascii
cmp -s "$TMP/out" "$TMP/ascii.txt" && pass || fail "--glyphs ascii is not --ascii"
expect_ok env LC_ALL=C "$SL" $PHASE
cmp -s "$TMP/out" "$TMP/ascii.txt" && pass || fail "LC_ALL=C: not ASCII"
# the stability chart's golden file (tests/golden/spring_stability_ascii.txt) still holds for --glyphs ascii
expect_ok "$SL" --plot stability --k 1600 --c 0 --dt 0.04 --glyphs ascii --width 72 --height 18 --method explicit,semi,rk4
cmp -s "$TMP/out" tests/golden/spring_stability_ascii.txt && pass || fail "--glyphs ascii: not the golden stability chart"

# refused by name, with the allowed sets; the environment's preference falls back to ASCII where it cannot be shown
ALLOWED='\(allowed: auto, braille, octant, sextant, quadrant, half, ascii\)$'
expect_usage "^spring-lab: --glyphs: 'oct' is not a glyph set $ALLOWED" "$SL" --plot phase --glyphs oct
expect_usage "^spring-lab: --glyphs: '' is not a glyph set $ALLOWED" "$SL" --plot phase --glyphs ''
expect_usage "^spring-lab: NUMLAB_GLYPHS: 'Braille' is not a glyph set $ALLOWED" env NUMLAB_GLYPHS=Braille "$SL" --csv
expect_usage "^network-lab: NUMLAB_GLYPHS: 'x' is not a glyph set" env NUMLAB_GLYPHS=x "$BIN/network-lab" --modes
expect_usage "^spring-lab: --glyphs: 'octant' needs a UTF-8 locale \(allowed in this one: auto, ascii\)$" \
    env LC_ALL=C "$SL" --plot phase --glyphs octant
expect_ok env LC_ALL=C NUMLAB_GLYPHS=octant "$SL" $PHASE
cmp -s "$TMP/out" "$TMP/ascii.txt" && pass || fail "NUMLAB_GLYPHS=octant in the C locale: not ASCII"
expect_usage "^keyframe-lab: --glyphs goes with the interactive lab or --plot \(see --help\)$" \
    "$BIN/keyframe-lab" --csv --demo basis --glyphs half

# every lab takes it: its charts in the set asked for
expect_ok "$BIN/network-lab" --plot network --preset grid --n 4 --steps 10 --glyphs sextant --width 60 --height 16 &&
    only_in "$TMP/out" sextant
expect_ok "$BIN/network-lab" --plot energy --preset four --steps 200 --glyphs quadrant --width 60 --height 16 &&
    only_in "$TMP/out" quadrant
expect_ok "$BIN/keyframe-lab" --plot 2 --at 0.5 --glyphs octant --width 60 --height 14 && only_in "$TMP/out" octant
expect_ok "$BIN/keyframe-lab" --plot 2 --at 0.5 --glyphs half --width 60 --height 14 && only_in "$TMP/out" half
expect_ok "$BIN/bowl-lab" --preset steel-pair --seconds 0.2 --seed 1 --spectrogram - --glyphs ascii
LC_ALL=C grep -q "$(printf '[\200-\377]')" "$TMP/out" && fail "bowl-lab --spectrogram - --glyphs ascii: non-ASCII" || pass
for lab in spring-lab network-lab keyframe-lab bowl-lab numlab; do
    "$BIN/$lab" --help >"$TMP/help" 2>&1
    grep -q -- '--glyphs SET' "$TMP/help" && grep -q -- '--ascii' "$TMP/help" && pass || fail "$lab --help: no --glyphs"
done

# the launcher's test screen: each set, named, without a terminal; --glyphs picks one
expect_ok "$BIN/numlab" --glyphs-test </dev/null
for set in braille octant sextant quadrant half ascii; do
    grep -q "^$set: " "$TMP/out" && pass || fail "numlab --glyphs-test: no '$set:' sample"
done
grep -q 'NUMLAB_GLYPHS' "$TMP/out" && pass || fail "numlab --glyphs-test: does not say how to choose"
expect_eq "numlab --glyphs-test samples" "$(grep -cE '^[a-z]+: ' "$TMP/out")" 6
expect_ok "$BIN/numlab" --glyphs-test --glyphs quadrant
expect_eq "--glyphs-test --glyphs quadrant: one sample" "$(grep -cE '^[a-z]+: ' "$TMP/out")" 1
sed -n '2,$p' "$TMP/out" | grep -v NUMLAB_GLYPHS >"$TMP/quadrant-sample.txt"
only_in "$TMP/quadrant-sample.txt" quadrant
expect_ok env LC_ALL=C "$BIN/numlab" --glyphs-test
expect_eq "--glyphs-test in C: the ascii sample alone" "$(grep -E '^[a-z]+: ' "$TMP/out" | cut -d: -f1)" ascii
LC_ALL=C grep -q "$(printf '[\200-\377]')" "$TMP/out" && fail "--glyphs-test in C: non-ASCII" || pass

echo "$checks checks passed, $failures failed"
[ "$failures" -eq 0 ]
