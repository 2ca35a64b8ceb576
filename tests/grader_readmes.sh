#!/bin/sh
# Each exercise's README in Spanish (README.es.md) says what the English one says: the same title number, each
# linking to the other on its third line, the same code blocks in the same order, the same code spans (formulas,
# signatures, commands) and the same numbers in its prose, counted; and the time limit its tests have.
. tests/lib/cli.sh
# fences FILE: the lines of its ``` blocks; spans FILE: its `code spans`, sorted; numbers FILE: the numbers of the
# prose (outside code), sorted.
fences() { awk '/^```/ { inside = !inside; print; next } inside' "$1"; }
prose() { awk '/^```/ { inside = !inside; next } !inside' "$1" | sed 1,3d | sed 's/`[^`]*`//g'; }
spans() { awk '/^```/ { inside = !inside; next } !inside' "$1" | tr '\n' ' ' | grep -o '`[^`]*`' | sort; }
numbers() { prose "$1" | grep -oE -- '-?[0-9]+(\.[0-9]+)?' | sort; }
n=0
for en in exercises/*/README.md; do
    dir=${en%/README.md} es=${en%.md}.es.md
    n=$((n + 1))
    [ -f "$es" ] || { fail "$dir: no README.es.md"; continue; }
    expect_eq "$dir: the English README's link" "$(sed -n 3p "$en")" "[Leer en español](README.es.md)"
    expect_eq "$dir: the Spanish README's link" "$(sed -n 3p "$es")" "[Read in English](README.md)"
    expect_eq "$dir: the title's number" "$(sed -n '1s/^\(# [0-9]*:\).*/\1/p' "$es")" \
        "$(sed -n '1s/^\(# [0-9]*:\).*/\1/p' "$en")"
    for what in fences spans numbers; do
        $what "$en" >"$TMP/en" && $what "$es" >"$TMP/es"
        cmp -s "$TMP/en" "$TMP/es" && [ -s "$TMP/en" ] && pass ||
            fail "$dir: the $what differ: $(diff "$TMP/en" "$TMP/es" | head -n 6 | tr '\n' ' ')"
    done
    limit=$(sed -n 's/^GR_TIME_LIMIT(\([0-9.]*\));.*/\1/p' "$dir/tests.c")
    tr '\n' ' ' <"$es" | grep -q "Cada prueba puede tardar como mucho ${limit:-2} s, en \`make exercise\` igual que al calificar\." &&
        pass || fail "$es does not state the ${limit:-2} s limit"
done
[ "$n" -ge 11 ] && pass || fail "only $n exercises"
finish
