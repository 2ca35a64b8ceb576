#!/bin/sh
# Every exercise, graded as the grader does it and as `make exercise` does it: the stub fails its visible tests and
# scores at most a quarter; the solution passes them all and scores full marks, hidden tests included;
# results.json lists every case, the hidden ones "after_due_date".
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}

grade() {   # EXERCISE WHO: grades exercises/EXERCISE/WHO.c into $TMP/EXERCISE.WHO.{json,csv,log}
    "$B/grader/$1/judge" --exercise "exercises/$1" --submission "exercises/$1/$2.c" --probe-lib "$B/grader/$1/probe.a" \
        --results "$TMP/$1.$2.json" --csv-row "$TMP/$1.$2.csv" --jobs 2 >"$TMP/$1.$2.log" 2>&1
}

n=0
for dir in exercises/*/; do
    ex=$(basename "$dir")
    if [ ! -f "$dir/solution.c" ]; then echo "skip $ex: no solution.c (a student copy)"; continue; fi
    n=$((n + 1))
    grade "$ex" student & grade "$ex" solution & wait
    for who in student solution; do
        [ -s "$TMP/$ex.$who.csv" ] || { fail "$ex/$who.c: no CSV row: $(tail -n 3 "$TMP/$ex.$who.log")"; continue; }
        score=$(cut -d, -f2 "$TMP/$ex.$who.csv"); max=$(cut -d, -f3 "$TMP/$ex.$who.csv")
        status=$(cut -d, -f4 "$TMP/$ex.$who.csv")
        expect_eq "$ex/$who.c status" "$status" graded
        if [ "$who" = solution ]; then
            expect_eq "$ex/solution.c score" "$score" "$max"
            grep -q '"status":[[:space:]]*"failed"' "$TMP/$ex.$who.json" &&
                fail "$ex/solution.c: a failed test in results.json"
        else
            awk -v s="$score" -v m="$max" 'BEGIN { exit !(m > 0 && 4 * s <= m) }' && pass ||
                fail "$ex/student.c scores $score of $max, more than a quarter"
        fi
        # Exactly the hidden table's cases are hidden, and the visible table's visible (tests + the top level).
        hidden=$(grep -c 'GR_CASE(' "exercises/$ex/hidden/tests.c")
        visible=$(grep -c 'GR_CASE(' "exercises/$ex/tests.c")
        expect_eq "$ex/$who.c: hidden tests in results.json" \
            "$(grep -c '"visibility":[[:space:]]*"after_due_date"' "$TMP/$ex.$who.json")" "$hidden"
        expect_eq "$ex/$who.c: visible entries in results.json" \
            "$(grep -c '"visibility":[[:space:]]*"visible"' "$TMP/$ex.$who.json")" "$((visible + 1))"
        grep -q "^score $score / $max" "$TMP/$ex.$who.log" && pass || fail "$ex/$who.c: summary without the score"
    done
    if command -v nm >/dev/null 2>&1; then   # each side holds only its half of the tests (grader.h)
        nm "$B/grader/$ex/probe.a" | grep -q 'gr_ref_' && fail "$ex: a reference in the probe program"
        nm "$B/grader/$ex/judge" | grep -q 'gr_probe_' && fail "$ex: a probe in the judge"
        nm "$B/grader/$ex/probe.a" | grep -q 'gr_probe_' && pass || fail "$ex: no probes in the probe program"
        # Submissions can read the probe objects: no debug information, no path of this machine.
        grep -qF "$PWD" "$B/grader/$ex/probe.a" && fail "$ex: the probe objects name $PWD"
        readelf -S "$B/grader/$ex/probe.a" 2>/dev/null | grep -q '\.debug_' && fail "$ex: debug sections in probe.a"
    fi
    "$B/exercises/$ex/check-solution" "$ex" solution.c >"$TMP/check.out" 2>&1 && pass ||
        fail "$ex: the visible tests fail on the solution: $(cat "$TMP/check.out")"
    "$B/exercises/$ex/check-student" "$ex" student.c >"$TMP/check.out" 2>&1 &&
        fail "$ex: the stub passes the visible tests"
    grep -q "^0 of [0-9]* visible tests pass" "$TMP/check.out" && pass || fail "$ex: the stub passes a visible test"
done
[ "$n" -ge 9 ] && pass || fail "only $n exercises with solutions (at least nine expected)"
finish
