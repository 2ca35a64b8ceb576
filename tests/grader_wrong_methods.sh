#!/bin/sh
# The tests against wrong methods (tests/grader/wrong-methods/NN-what.c): each submission is a
# cheap wrong implementation that once earned points by construction (an explicit step that only scales to match an
# energy ratio, a sampler that ignores the key interval, a slerp that only normalizes, ...). Graded by its
# exercise's judge (found from the NN prefix), each must score exactly the points its `deserves:` line states: the
# cases it honestly passes, no more.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
[ -f exercises/01-euler-steps/solution.c ] || { echo "skip: no hidden tests here (a student copy)"; exit 0; }

n=0
for f in tests/grader/wrong-methods/"${1:-}"*.c; do   # an argument NN: only exercise NN's
    name=$(basename "$f" .c)
    nn=$(echo "$name" | cut -c1-2)
    ex=$(cd exercises && ls -d "$nn"-*/ 2>/dev/null | head -n 1 | tr -d /)
    [ -n "$ex" ] || { fail "$name: no exercise numbered $nn"; continue; }
    deserves=$(sed -n 's/.*deserves: \([0-9][0-9.]*\).*/\1/p' "$f" | head -n 1)
    [ -n "$deserves" ] || { fail "$name: no deserves: line"; continue; }
    n=$((n + 1))
    "$B/grader/$ex/judge" --exercise "exercises/$ex" --submission "$f" --probe-lib "$B/grader/$ex/probe.a" \
        --results "$TMP/$name.json" --csv-row "$TMP/$name.csv" --jobs 2 >"$TMP/$name.log" 2>&1
    [ -s "$TMP/$name.csv" ] || { fail "$name: no CSV row: $(tail -n 3 "$TMP/$name.log")"; continue; }
    expect_eq "$name: status" "$(cut -d, -f4 "$TMP/$name.csv")" graded
    score=$(cut -d, -f2 "$TMP/$name.csv")
    if [ "$score" = "$deserves" ]; then pass; else
        fail "$name ($ex): score $score, deserves $deserves"
        grep -E '^ *(PASS|FAIL)' "$TMP/$name.log" | sed 's/^/    /'
    fi
    [ -n "${WRONG_METHODS_SCORES:-}" ] && echo "$name $score/$(cut -d, -f3 "$TMP/$name.csv") (deserves $deserves)"
done
if [ -z "${1:-}" ]; then   # every exercise with hidden tests has its wrong methods
    for dir in exercises/*/hidden/; do
        nn=$(basename "$(dirname "$dir")" | cut -c1-2)
        ls tests/grader/wrong-methods/"$nn"-*.c >/dev/null 2>&1 && pass || fail "exercise $nn: no wrong methods"
    done
fi
[ "$n" -ge 1 ] && pass || fail "no wrong-method submissions"
finish
