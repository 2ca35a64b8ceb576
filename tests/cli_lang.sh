#!/bin/sh
# The language of messages: English by default; Spanish under es_ES/es_MX/es_AR (installed or not: a locale this
# machine lacks still names the language) and under LANGUAGE=es; machine output the same bytes in every language.
. tests/lib/cli.sh
ENGLISH="spring-lab: unexpected argument 'foo' (see --help)"
SPANISH="spring-lab: argumento inesperado 'foo' (véase --help)"

# message ENV...: the first line spring-lab prints on stderr for a stray argument, under exactly that environment
message() { env -i PATH="$PATH" "$@" "$BIN/spring-lab" foo 2>&1 >/dev/null | head -n 1; }

expect_eq "no language" "$(message)" "$ENGLISH"
expect_eq "LANG=C.UTF-8" "$(message LANG=C.UTF-8)" "$ENGLISH"
expect_eq "a language with no catalogue" "$(message LANG=C.UTF-8 LC_MESSAGES=de_DE.UTF-8)" "$ENGLISH"
for loc in es_ES.UTF-8 es_MX.UTF-8 es_AR.UTF-8; do
    expect_eq "LANG=$loc (not installed)" "$(message LANG=$loc)" "$SPANISH"
    expect_eq "LC_ALL=$loc (not installed)" "$(message LC_ALL=$loc)" "$SPANISH"
    expect_eq "LC_MESSAGES=$loc (not installed)" "$(message LANG=C.UTF-8 LC_MESSAGES=$loc)" "$SPANISH"
done
expect_eq "LANGUAGE=es" "$(message LANG=C.UTF-8 LANGUAGE=es)" "$SPANISH"
expect_eq "LANGUAGE=es_MX:en" "$(message LANG=C.UTF-8 LANGUAGE=es_MX:en)" "$SPANISH"
expect_eq "LC_ALL=C.UTF-8 wins over LANG=es" "$(message LANG=es_ES.UTF-8 LC_ALL=C.UTF-8)" "$ENGLISH"

# the same with the Spanish locales compiled (localedef, from the locales package's sources)
have_locales=1
for loc in es_ES es_MX es_AR; do
    localedef -i $loc -f UTF-8 "$TMP/locale/$loc.UTF-8" >/dev/null 2>&1 ||
        { mkdir -p "$TMP/locale" && localedef -i $loc -f UTF-8 "$TMP/locale/$loc.UTF-8" >/dev/null 2>&1; } ||
        have_locales=0
done
if [ $have_locales = 1 ]; then
    for loc in es_ES.UTF-8 es_MX.UTF-8 es_AR.UTF-8; do
        expect_eq "LANG=$loc (compiled)" "$(message LOCPATH="$TMP/locale" LANG=$loc)" "$SPANISH"
    done
    SPANISH_ENV="LOCPATH=$TMP/locale LANG=es_ES.UTF-8"
    # the locale really is Spanish: its own numbers have a comma (so the comparisons below prove something)
    expect_eq "es_ES writes 0,25" "$(env $SPANISH_ENV /usr/bin/printf '%.2f' 0.25)" "0,25"
else
    echo "note: localedef could not compile es_ES/es_MX/es_AR (install the locales package): the uninstalled path only"
    SPANISH_ENV="LANG=es_ES.UTF-8"
fi

# machine output: stdout (unless the first argument is --files-only: a summary for people) and every written file
# byte for byte the same in Spanish as in English
same_machine_output() {
    files_only=0; [ "$1" = --files-only ] && { files_only=1; shift; }
    name=$1; shift
    (cd "$TMP" && rm -rf en es && mkdir en es)
    (cd "$TMP/en" && env -i PATH="$PATH" LANG=C.UTF-8 "$@" >../en.out 2>/dev/null); rc_en=$?
    (cd "$TMP/es" && env -i PATH="$PATH" $SPANISH_ENV "$@" >../es.out 2>/dev/null); rc_es=$?
    expect_eq "$name: exit" "$rc_es" "$rc_en"
    [ $rc_en -eq 0 ] && [ -s "$TMP/en.out" ] || fail "$name: the English run printed nothing (exit $rc_en)"
    [ $files_only = 1 ] || cmp -s "$TMP/en.out" "$TMP/es.out" && pass || fail "$name: stdout differs in Spanish: $(diff "$TMP/en.out" \
        "$TMP/es.out" | head -n 3)"
    diff -r "$TMP/en" "$TMP/es" >/dev/null && pass || fail "$name: the files written differ in Spanish"
}
B=$(cd "$BIN" && pwd)
same_machine_output "spring --csv" "$B/spring-lab" --csv --steps 50
same_machine_output "spring --stability" "$B/spring-lab" --stability --dt 0.01
same_machine_output "network --csv" "$B/network-lab" --csv --preset chain --n 3 --kick 0.2 --steps 40
same_machine_output "network --modes" "$B/network-lab" --modes --preset chain --n 4
same_machine_output "keyframe --csv" "$B/keyframe-lab" --csv --demo bounce --times 0:2:0.125
same_machine_output --files-only "bowl --wav" "$B/bowl-lab" --seconds 0.25 --seed 3 --wav out.wav
finish
