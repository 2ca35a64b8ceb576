#!/bin/sh
# The READMEs show what the programs print today. In README.md (under C.UTF-8) and README.es.md (under es_MX.UTF-8,
# the Spanish most students have, installed or not), every "$ COMMAND" of an indented block that is followed by
# output lines is run from a scratch directory of its own (files it writes land there) with the labs on PATH, and prints those
# lines, standard error included: a line that ends in "..." shows the start of its line, and a line "..." alone the
# start of the output. Commands shown without output (a file to write, a lab to open) are not run. README.es.md's
# screen, spring-lab's first step at 80 x 24 once its animation has ended, is what tmux captures from the lab.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
BIN_ABS=$(cd "$BIN" && pwd)

# examples README: "COMMAND<TAB>LINE_NUMBER", then the command's shown output, each line "> LINE", for the commands
# that show output.
examples() {
    awk 'function flush() { if (cmd != "" && n > 0) { print cmd "\t" at; for (i = 1; i <= n; i++) print "> " out[i] }
                            cmd = ""; n = 0 }
         /^    \$ / { flush(); cmd = substr($0, 7); sub(/  +# .*$/, "", cmd); at = NR; next }
         /^    / && cmd != "" { out[++n] = substr($0, 5); next }
         { flush() }
         END { flush() }' "$1"
}

# check_readme README LANG: runs its examples under LANG and compares.
check_readme() {
    examples "$1" >"$TMP/examples"
    count=0
    while IFS= read -r line; do
        case $line in
        "> "*) printf '%s\n' "${line#> }" >>"$TMP/want"; continue ;;
        esac
        [ -n "${cmd:-}" ] && compare "$1"
        cmd=${line%	*} at=${line##*	}
        : >"$TMP/want"
        count=$((count + 1))
    done <"$TMP/examples"
    [ -n "${cmd:-}" ] && compare "$1"
    cmd=""
    [ "$count" -ge 5 ] && pass || fail "$1: only $count examples with output found"
}

# compare README: runs $cmd and matches its output against $TMP/want (the shown lines).
compare() {
    run=$TMP/run.$1.$at
    mkdir -p "$run" && ln -s "$PWD/labs" "$PWD/docs" "$run/"
    (cd "$run" && env -u LC_ALL -u LANGUAGE -u LC_MESSAGES PATH="$BIN_ABS:$PATH" LANG=$lang sh -c "$cmd" 2>&1) \
        >"$TMP/got"
    awk -v where="$1:$at: $cmd" 'FILENAME == ARGV[1] { want[++n] = $0; next } { got[++m] = $0 }
        END {
            for (i = 1; i <= n; i++) {
                w = want[i]
                if (w == "...") exit 0
                if (w ~ /\.\.\.$/) { p = substr(w, 1, length(w) - 3); if (substr(got[i], 1, length(p)) == p) continue }
                else if (got[i] == w) continue
                printf "%s: line %d shows \"%s\", the program prints \"%s\"\n", where, i, w, got[i]; exit 1
            }
            if (m != n) { printf "%s: shows %d lines, the program prints %d\n", where, n, m; exit 1 }
        }' "$TMP/want" "$TMP/got" >"$TMP/diff" && pass || fail "$(cat "$TMP/diff")"
}

lang=C.UTF-8; check_readme README.md
lang=es_MX.UTF-8; check_readme README.es.md

# The Spanish screen: the block that starts with spring-lab's header, as the lab draws it at 80 x 24.
awk '/^     spring-lab  paso 1\// { on = 1 } on && !/^    / { exit } on { print substr($0, 5) }' README.es.md \
    >"$TMP/screen.want"
[ "$(wc -l <"$TMP/screen.want")" -eq 24 ] && pass || fail "README.es.md: no 24-row screen of spring-lab's first step"
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
tui_start screen 80 24 LANG=es_MX.UTF-8 TERM=xterm-256color -- "$BIN/spring-lab"
i=0
while :; do
    tui_screen screen | sed 's/ *$//' >"$TMP/screen.got"
    cmp -s "$TMP/screen.want" "$TMP/screen.got" && { pass; break; }
    i=$((i + 1))
    [ $i -lt 200 ] || { fail "README.es.md's screen is not what spring-lab shows at 80 x 24 in es_MX.UTF-8:"
                        diff "$TMP/screen.want" "$TMP/screen.got" | head -n 20; break; }
    sleep 0.1
done
tm send-keys -t screen q
expect_eq "spring-lab exit" "$(tui_exit_status screen)" 0
finish
