#!/bin/sh
# The launcher: lists the labs and the exercises, starts a lab, comes back to its menu when the lab quits; at 80 x 24
# the exercises' names have their column, an exercise's page names its real file, the README reads in whole
# paragraphs, and the visible tests' output fits the width, in a pager.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }

expect_ok "$BIN/numlab" --list
grep -q '^spring-lab' "$TMP/out" && pass || fail "--list names spring-lab"
expect_usage "^numlab: the menu needs a terminal" "$BIN/numlab"
expect_usage "^numlab: unknown option '--frob'" "$BIN/numlab" --frob

tui_start menu 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$BIN/numlab"
tui_expect menu "numlab: a terminal laboratory" "menu title"
tui_expect menu "1  spring-lab" "spring-lab listed"
tm send-keys -t menu Enter
tui_expect menu "step 1/18: Explicit Euler explodes" "Enter starts spring-lab"
tm send-keys -t menu q
tui_expect menu "1  spring-lab" "back to the menu after the lab quits"
tm send-keys -t menu q
expect_eq "numlab exit" "$(tui_exit_status menu)" 0
tui_sane menu

tui_start small 80 24 LANG=C.UTF-8 TERM=xterm-256color NUMLAB_HOME="$PWD" -- "$BIN/numlab"
tui_expect small " 9  05-network-forces  +05: " "the longest name in its column, the title after it"
tm send-keys -t small 9
tui_expect small "Your answer: $PWD/exercises/05-network-forces/student.c" "the exercise page names the real file"
tui_screen small | grep -q 'NN-topic' && fail "the exercise page says NN-topic: $(tui_screen small)"
tm send-keys -t small 1
# In the README "forces." ends a line and "A link" starts the next: the pager joins them and wraps the paragraph.
tui_expect small "^ under the sum of their links' forces. A link between masses" "the README's paragraphs joined"
tui_expect small '^ f = \( k \(L - rest\) \+ c \(\(v_j - v_i\) \. u\) \) u      on mass i' "a code block as written"
tm send-keys -t small q
tui_expect small "2  run the tests" "back on the exercise page"
tm send-keys -t small 2
tui_wait small "^ +FAIL  a stretched spring and its damper on a 3-4-5 triangle, by hand +1 pt$" 60 && pass ||
    fail "the tests in a pager, their lines within 80 columns: $(tui_screen small)"
tui_screen small | awk 'length > 80 {exit 1}' && pass || fail "a line wider than 80 columns"
tm send-keys -t small G
tui_expect small "^ 0 of 5 visible tests pass \(0 of 6 points\)\. Read" "the summary at the pager's end"
tm send-keys -t small q q q
expect_eq "numlab exit (80 x 24)" "$(tui_exit_status small)" 0
tui_sane small

# menu_titles SESSION README ELLIPSIS: each exercise's row shows its README's title (its first line) whole, or its
# first whole words and the ellipsis: the menu cuts a title between two words, never inside one ("... spline cúbico
# de gl").
menu_titles() {
    tui_screen "$1" >"$TMP/menu.screen"
    cut=0
    for readme in exercises/*/"$2"; do
        ex=$(basename "$(dirname "$readme")") full=$(sed -n '1s/^# //p' "$readme")
        shown=$(sed -n "s/^ *[0-9]*  $ex  *//p" "$TMP/menu.screen" | sed 's/ *$//')
        [ -n "$shown" ] || continue   # below the screen's last row
        if [ "$shown" = "$full" ]; then pass; continue; fi
        cut=$((cut + 1)) prefix=${shown%"$3"}
        case $full in "$prefix "*) [ "$prefix" != "$shown" ] && pass || fail "$1: $ex's title cut without '$3': '$shown'" ;;
        *) fail "$1: $ex's title '$full' shown as '$shown', not cut between two words" ;; esac
    done
    [ "$cut" -ge 1 ] && pass || fail "$1: no title long enough to be cut (the check would not see a bad cut)"
}

# In ASCII (LANG=C) the menu cuts with "...".
tui_start ascii 80 24 LANG=C TERM=xterm-256color NUMLAB_HOME="$PWD" -- "$BIN/numlab"
tui_expect ascii "1  spring-lab" "the menu in ASCII"
menu_titles ascii README.md "..."
tm send-keys -t ascii q
expect_eq "numlab exit (ASCII)" "$(tui_exit_status ascii)" 0

# In Spanish at 80 x 24: the menu, its help, the exercise page and the messages, every line whole (a title cut at
# the screen's edge would lose its last word).
expect_usage "^numlab: el menú necesita un terminal" env LANG=es_ES.UTF-8 "$BIN/numlab"
expect_ok env LANG=es_ES.UTF-8 "$BIN/numlab" --help
head -n 1 "$TMP/out" | grep -q '^uso: numlab  ' && pass || fail "numlab --help in Spanish: $(head -n 3 "$TMP/out")"
grep -q '^  --list  *los laboratorios y los ejercicios, uno por línea$' "$TMP/out" && pass ||
    fail "numlab --help's --list line in Spanish: $(cat "$TMP/out")"
grep -q '^  --help  *este texto$' "$TMP/out" && pass || fail "numlab --help's --help line in Spanish: $(cat "$TMP/out")"
tui_start es 80 24 LANG=es_ES.UTF-8 TERM=xterm-256color NUMLAB_HOME="$PWD" -- "$BIN/numlab"
tui_expect es "^ numlab: laboratorio de terminal: métodos numéricos de animación y sonido *$" "the menu's title in Spanish"
tui_expect es "^  Primero laboratorios y luego ejercicios\\. Al salir de uno, vuelve aquí\\. *$" "the menu's line in Spanish"
menu_titles es README.es.md "…"
tm send-keys -t es 9
tui_expect es "^  Su respuesta: $PWD/exercises/05-network-forces/student\\.c" "the exercise page in Spanish"
tui_expect es "^   1  leer la tarea  +README\\.md: idea, tarea, firmas y pistas *$" "reading the task, in Spanish"
tui_expect es "^   2  ejecutar las pruebas  +las pruebas visibles de su student\\.c, paginadas *$" "the tests, in Spanish"
tui_screen es | LC_ALL=C awk "$TUI_CELLS_AWK"'{ if (cells($0, a) > 80) exit 1 }' && pass || fail "a Spanish line wider than 80 columns"
tm send-keys -t es q q
expect_eq "numlab exit (Spanish)" "$(tui_exit_status es)" 0
tui_sane es

# Started with SIGCHLD ignored (inherited through exec, as from some service managers and shells): the lab's exit
# status must still be waited for, and numlab must come back to an idle menu, not spin on waitpid.
if env --ignore-signal=CHLD true 2>/dev/null; then
    tui_start ign 100 30 LANG=C.UTF-8 TERM=xterm-256color -- env --ignore-signal=CHLD "$BIN/numlab"
    tui_expect ign "1  spring-lab" "menu with SIGCHLD ignored"
    pid=$(tui_pid ign numlab)
    grep -q '^SigIgn:.*[13579bdf]....$' "/proc/$pid/status" && pass || fail "numlab did not start with SIGCHLD ignored"
    tm send-keys -t ign Enter
    tui_expect ign "step 1/18: Explicit Euler explodes" "Enter starts spring-lab (SIGCHLD ignored)"
    tm send-keys -t ign q
    tui_expect ign "1  spring-lab" "back to the menu after the lab quits (SIGCHLD ignored)"
    expect_blocked "$pid" 2 "numlab idle at the menu (SIGCHLD ignored)"
    tm send-keys -t ign q
    expect_eq "numlab exit (SIGCHLD ignored)" "$(tui_exit_status ign)" 0
    tui_sane ign
else
    echo "skip: env --ignore-signal (coreutils 8.31) is missing"
fi

finish
