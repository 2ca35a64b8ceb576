#!/bin/sh
# Every step of every lab in Spanish (LANG=es_ES.UTF-8) at 80 x 24, the terminal most students open: the checks of
# tui_layout.sh (every word whole, every page reachable, no overlap; the shell's words as the catalogue has them)
# and no word of the lists below on any screen or in the help. Then, in the Spanish of Latin America
# (es_MX.UTF-8, not installed on most machines), what else a student reads against the same lists: the launcher's
# screens (the menu, an exercise's page), each program's --help, and its errors for a bad value, an unknown option
# and a missing terminal.
#
# The lists: English function words (tui_layout.sh's ENGLISH), the Spain-only words a Latin American reads as
# foreign (tests/i18n_catalogue.sh refuses them in the catalogue), and the English nouns that were left on Spanish
# screens (preset, step, spring, cubic spline, sandbox, missing, ...). Names are no words: an option (--steps), a
# hyphenated name (backward-euler, steel-pair) and the names a Spanish screen keeps (explicit, semi, rk4, exact:
# the toggles and --method) are not in the lists; units (s, ms, Hz, N/m) are not words of either list.
SPAIN_ONLY="fichero|ficheros|omisión|coste|costes|pulse|pulsa|pulsar|ordenador"
ENGLISH_NOUNS="preset|presets|step|steps|substeps|spring|springs|cubic spline|missing|sandbox|namespaces|frame|frames|"\
"mass|masses|damping|stiffness|parameters|methods|layers|quit|help|paused|running|more|back|wrote|seed|sound|bowl|"\
"file|files|allowed|usage|option|number|between|terminal too small"
LAYOUT_LANG=es_ES.UTF-8 LAYOUT_SIZES=80x24 LAYOUT_WORDS="$SPAIN_ONLY|$ENGLISH_NOUNS"
export LAYOUT_LANG LAYOUT_SIZES LAYOUT_WORDS
sh tests/tui_layout.sh
walk=$?

. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
# tui_layout.sh's ENGLISH, NAMES_AWK and first_foreign, as it defines them
eval "$(sed -n '/^ENGLISH=/p; /^NAMES_AWK=/,/^}'"'"'$/p; /^first_foreign() {/,/^}$/p' tests/tui_layout.sh)"
ENGLISH_RE="$ENGLISH|$LAYOUT_WORDS"

# clean WHAT FILE: FILE (what a student read) is not empty and shows no word of the lists.
clean() {
    hit=$(first_foreign <"$2")
    [ -z "$hit" ] && pass || fail "$1 shows '$(printf '%s' "$hit" | cut -f 1)': $(printf '%s' "$hit" | cut -f 2-)"
    [ -s "$2" ] || fail "$1: nothing to read"
}
# es WHAT CMD...: CMD's output and errors in Spanish, clean.
es() {
    what=$1; shift
    env -u LC_ALL -u LANGUAGE -u LC_MESSAGES LANG=es_MX.UTF-8 "$@" >"$TMP/said" 2>&1 </dev/null
    clean "$what" "$TMP/said"
}
# screen_clean WHAT SESSION: the session's screen, clean.
screen_clean() { tui_screen "$2" >"$TMP/screen"; clean "$1" "$TMP/screen"; }

# The launcher: its menu and an exercise's page.
tui_start menu 80 24 LANG=es_MX.UTF-8 TERM=xterm-256color NUMLAB_HOME="$PWD" -- "$BIN/numlab"
tui_wait menu "Primero laboratorios" 10 || fail "the launcher's menu in Spanish: $(tui_screen menu)"
screen_clean "the launcher's menu" menu
tm send-keys -t menu 5
tui_wait menu "Su respuesta" 10 || fail "an exercise's page in Spanish: $(tui_screen menu)"
screen_clean "an exercise's page" menu
tm send-keys -t menu q q
expect_eq "numlab exit" "$(tui_exit_status menu)" 0

# Each program's help and its errors.
for prog in numlab spring-lab network-lab keyframe-lab bowl-lab; do
    es "$prog --help" "$BIN/$prog" --help
    es "$prog's unknown option" "$BIN/$prog" --frobnicate
done
for lab in spring-lab network-lab keyframe-lab bowl-lab; do
    es "$lab without a terminal" "$BIN/$lab"
done
es "spring-lab's value out of range" "$BIN/spring-lab" --csv --k -1
es "spring-lab's unknown method" "$BIN/spring-lab" --csv --method nope
es "spring-lab's number that is no integer" "$BIN/spring-lab" --csv --steps 2.5
es "network-lab's unknown preset" "$BIN/network-lab" --csv --preset nope
es "network-lab's missing file" "$BIN/network-lab" --csv --file "$TMP/none.net"
es "keyframe-lab's missing file" "$BIN/keyframe-lab" --list "$TMP/none.gltf"
es "bowl-lab's unknown preset" "$BIN/bowl-lab" --preset nope --wav "$TMP/x.wav"
es "bowl-lab's presets" "$BIN/bowl-lab" --list-presets
[ "$walk" -eq 0 ] || fail "the walk in Spanish (above)"
finish
