#!/bin/sh
# Machine output never changes with the language: every headless command's CSV, tables, JSON-like listings and
# files are byte for byte the same under Spanish (es_ES.UTF-8, compiled here: comma decimals and Spanish messages;
# and es_AR.UTF-8, which this machine lacks: the language without the locale) as under the C locale. Only what a
# person reads (messages on stderr, --plot's charts, --help) may differ; the exit status may not.
. tests/lib/cli.sh
. tests/lib/locale.sh
spanish_locale
REF="LC_ALL=C.UTF-8"

# same_machine NAME CMD...: stdout and exit status equal under the C locale and both Spanish environments
same_machine() {
    name=$1; shift
    env $REF "$@" >"$TMP/ref.out" 2>"$TMP/ref.err"; rc_ref=$?
    [ $rc_ref -eq 0 ] && [ -s "$TMP/ref.out" ] || fail "$name: the reference run printed nothing (exit $rc_ref)"
    for es in "$SPANISH" "LANG=es_AR.UTF-8"; do
        env -u LC_ALL $es "$@" >"$TMP/es.out" 2>"$TMP/es.err"; rc_es=$?
        expect_eq "$name under $es: exit" "$rc_es" "$rc_ref"
        cmp -s "$TMP/ref.out" "$TMP/es.out" && pass || fail "$name: stdout differs under $es: $(diff "$TMP/ref.out" \
            "$TMP/es.out" | head -n 3)"
    done
}

same_machine "spring --csv" "$BIN/spring-lab" --csv --steps 50
same_machine "spring --csv --animate" "$BIN/spring-lab" --csv --animate --frame-hz 60 --frame-jitter 0.3
same_machine "spring --stability" "$BIN/spring-lab" --stability --dt 0.01
same_machine "spring --plot order --series" "$BIN/spring-lab" --plot order --series
same_machine "spring --plot spiral --series" "$BIN/spring-lab" --plot spiral --series
same_machine "network --csv" "$BIN/network-lab" --csv --preset chain --n 3 --kick 0.2 --steps 40
same_machine "network --csv four" "$BIN/network-lab" --csv --preset four --steps 40
same_machine "network --modes" "$BIN/network-lab" --modes --preset chain --n 4
for demo in bounce spin hemisphere; do
    same_machine "keyframe --csv --demo $demo" "$BIN/keyframe-lab" --csv --demo $demo --times 0:2:0.125
done
same_machine "bowl --events -" "$BIN/bowl-lab" --seconds 1 --events - --quiet

# bowl-lab's files, byte for byte
for loc in ref es; do
    mkdir -p "$TMP/$loc"
    [ $loc = ref ] && set -- $REF || set -- $SPANISH
    env -u LC_ALL "$@" "$BIN/bowl-lab" --seconds 1 --wav "$TMP/$loc/a.wav" --events "$TMP/$loc/e.csv" \
        --trace "$TMP/$loc/t.csv" --spectrum "$TMP/$loc/s.csv" >"$TMP/$loc.summary" 2>&1 ||
        fail "bowl $loc: $(cat "$TMP/$loc.summary")"
done
for f in a.wav e.csv t.csv s.csv; do
    cmp -s "$TMP/ref/$f" "$TMP/es/$f" && pass || fail "bowl-lab's $f differs under $SPANISH"
done

# and a message does change: the test would prove nothing if the programs ignored the language
env -u LC_ALL $SPANISH "$BIN/spring-lab" --csv foo 2>"$TMP/msg" >/dev/null
grep -q "argumento inesperado 'foo'" "$TMP/msg" && pass || fail "spring-lab's error is not Spanish under $SPANISH: $(cat "$TMP/msg")"

finish
