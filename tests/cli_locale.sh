#!/bin/sh
# Every lab's headless paths under a comma-decimal locale (de_DE.UTF-8): the bytes on stdout and in every file
# written are those of the C locale's numbers (LC_ALL=C.UTF-8: the same UTF-8 character set, so the same braille),
# and the locale really writes "0,25" for the tools that follow it.
. tests/lib/cli.sh
. tests/lib/locale.sh
comma_locale
REF="LC_ALL=C.UTF-8"

# same_output NAME CMD...: stdout, stderr and exit status equal under both locales
same_output() {
    name=$1; shift
    env $REF "$@" >"$TMP/ref.out" 2>"$TMP/ref.err"; rc_ref=$?
    env $COMMA "$@" >"$TMP/de.out" 2>"$TMP/de.err"; rc_de=$?
    expect_eq "$name: exit" "$rc_de" "$rc_ref"
    [ $rc_ref -eq 0 ] && [ -s "$TMP/ref.out" ] || fail "$name: the reference run printed nothing (exit $rc_ref)"
    cmp -s "$TMP/ref.out" "$TMP/de.out" && pass || fail "$name: stdout differs under $COMMA: $(diff "$TMP/ref.out" \
        "$TMP/de.out" | head -n 3)"
    cmp -s "$TMP/ref.err" "$TMP/de.err" && pass || fail "$name: stderr differs under $COMMA"
}

same_output "spring --csv" "$BIN/spring-lab" --csv --steps 50
same_output "spring --csv --animate" "$BIN/spring-lab" --csv --animate --frame-hz 60
same_output "spring --stability" "$BIN/spring-lab" --stability --dt 0.01
same_output "spring --plot" "$BIN/spring-lab" --plot phase --steps 200 --width 72 --height 20
same_output "network --csv" "$BIN/network-lab" --csv --preset chain --n 3 --kick 0.2 --steps 40
same_output "network --modes" "$BIN/network-lab" --modes --preset chain --n 4
same_output "network --plot" "$BIN/network-lab" --plot energy --preset four --steps 100
same_output "keyframe --csv" "$BIN/keyframe-lab" --csv --demo bounce --times 0:2:0.125
same_output "keyframe --plot" "$BIN/keyframe-lab" --plot 3
same_output "bowl --describe" "$BIN/bowl-lab" --describe neodymium-spin-lock
same_output "bowl --events -" "$BIN/bowl-lab" --seconds 1 --events - --quiet
same_output "numlab --list" "$BIN/numlab" --list

# bowl-lab's files: the WAV, the CSVs and a replayed gesture, byte for byte
printf '%s\n' "t,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike" "0,2.5,0,1.25,0.0125,0" "0.5,0,-2.5,0,0,1.5" \
    "1,0,0,0,0,0" >"$TMP/g.csv"
for loc in ref de; do
    eval "set -- \$$( [ $loc = ref ] && echo REF || echo COMMA )"
    mkdir -p "$TMP/$loc"
    env "$@" "$BIN/bowl-lab" --gesture "$TMP/g.csv" --wav "$TMP/$loc/a.wav" --events "$TMP/$loc/e.csv" \
        --trace "$TMP/$loc/t.csv" --spectrum "$TMP/$loc/s.csv" >"$TMP/$loc.summary" 2>&1 || fail "bowl $loc: $(cat "$TMP/$loc.summary")"
done
for f in a.wav e.csv t.csv s.csv; do
    cmp -s "$TMP/ref/$f" "$TMP/de/$f" && pass || fail "bowl-lab's $f differs under $COMMA"
done
# the summary alike but for the folder and the speed (x real time)
summary() { sed -e "s|$TMP/[a-z]*/|DIR/|" -e 's/ ([0-9.]*x real time)//' "$1"; }
expect_eq "the summary" "$(summary "$TMP/de.summary")" "$(summary "$TMP/ref.summary")"
grep -q "wrote .*: 1.000 s of steel-pair" "$TMP/de.summary" && pass || fail "summary under $COMMA: $(cat "$TMP/de.summary")"

finish
