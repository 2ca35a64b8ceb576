#!/bin/sh
# The hidden tests' words: each exercises/NN-topic/hidden/LANG.po is whole (every title and label of its hidden
# tests translated, none fuzzy, the printf arguments as in English: tools/grader/po-hidden.sh check), and no word
# only a hidden test has reaches the shared catalogue po/LANG.po, which the students' copy holds.
. tests/lib/cli.sh
command -v xgettext >/dev/null || { fail "xgettext not found (make deps installs gettext)"; finish; exit 1; }
ls exercises/*/hidden/tests.c >/dev/null 2>&1 || { echo "skip: no hidden tests here (a student copy)"; exit 0; }
out=$(sh tools/grader/po-hidden.sh check "$TMP" 2>&1) && pass || fail "$out"
n=0
for po in exercises/*/hidden/*.po; do
    msgcat --no-wrap "$po" | sed -n 's/^msgid "\(..*\)"$/\1/p' >"$TMP/ids"
    while IFS= read -r id; do
        n=$((n + 1))
        grep -qF "msgid \"$id\"" po/*.po || continue
        # in the shared catalogue: only when a visible test (or the grader) says the same words
        find exercises tools/grader -path '*/hidden' -prune -o -type f \( -name '*.c' -o -name '*.h' \) -print |
            xargs grep -lF -- "\"$id\"" | grep -q . || fail "$po: '$id' is in po/ but in no visible source"
    done <"$TMP/ids"
done
[ "$n" -gt 100 ] && pass || fail "only $n hidden strings found"
finish
