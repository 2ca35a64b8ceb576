#!/bin/sh
# make student-dist: the students' tarball has every exercise's README, header, stub and visible tests, the labs and
# the library, and no solution, no hidden test, no grader fixture; it is made of what is committed, so a graded
# class, scores and tried answers in the working tree stay out; unpacked, `make exercise` runs there.
. tests/lib/cli.sh
[ -f exercises/01-euler-steps/solution.c ] || { echo "skip: already a student copy"; exit 0; }

expect_ok sh tools/grader/student-dist.sh "$TMP/dist.tar.gz"
tar -tzf "$TMP/dist.tar.gz" >"$TMP/list" || fail "the tarball does not list"
grep -E 'solution\.c$|/hidden/|^numlab-student/tests/grader' "$TMP/list" && fail "the tarball gives answers away"
grep -v '^numlab-student/' "$TMP/list" && fail "files outside numlab-student/"
for dir in exercises/*/; do
    for f in README.md exercise.h student.c tests.c; do
        grep -qx "numlab-student/$dir$f" "$TMP/list" && pass || fail "the tarball lacks $dir$f"
    done
done
for f in Makefile include/numlab/spring.h src/spring.c labs/spring-lab.c tools/grader/judge.c tools/grader/grader.h \
    tools/deps.sh; do
    grep -qx "numlab-student/$f" "$TMP/list" && pass || fail "the tarball lacks $f"
done

# What the working tree holds and the commit does not stays out: a clone with a graded class, scores, a tried answer.
if git rev-parse --verify -q HEAD >/dev/null 2>&1; then
    git clone -q "$PWD" "$TMP/repo" 2>/dev/null || fail "cannot clone the checkout"
    mkdir -p "$TMP/repo/class"
    cp exercises/01-euler-steps/solution.c "$TMP/repo/class/alice.c"
    echo "submission,score" >"$TMP/repo/scores.csv"
    echo "/* TRIED-ANSWER */" >>"$TMP/repo/exercises/01-euler-steps/student.c"
    (cd "$TMP/repo" && sh "$OLDPWD/tools/grader/student-dist.sh" "$TMP/clean.tar.gz") >"$TMP/out" 2>&1 && pass ||
        fail "student-dist in a clone: $(cat "$TMP/out")"
    tar -tzf "$TMP/clean.tar.gz" | grep -E 'class/|scores\.csv' && fail "working-tree files in the tarball"
    tar -xzOf "$TMP/clean.tar.gz" numlab-student/exercises/01-euler-steps/student.c | grep -q TRIED-ANSWER &&
        fail "an uncommitted student.c in the tarball"
    grep -q "left out (not committed)" "$TMP/out" && pass || fail "student-dist does not say what it left out"
    expect_eq "the list beside the tarball" "$(wc -l <"$TMP/clean.tar.gz.txt" | tr -d ' ')" \
        "$(tar -tzf "$TMP/clean.tar.gz" | grep -vc '/$')"
else
    echo "skipped: not a git checkout"
fi

# points.h: the visible tests' lines only (the hidden ones are named there).
tar -xzOf "$TMP/dist.tar.gz" numlab-student/exercises/01-euler-steps/points.h >"$TMP/points.h" || fail "no points.h"
grep -q '/\* hidden \*/' "$TMP/points.h" && fail "the students' points.h names hidden tests"
expect_eq "visible lines in the students' points.h" "$(grep -c '^#define GR_POINTS_' "$TMP/points.h")" \
    "$(grep -c 'GR_CASE(' exercises/01-euler-steps/tests.c)"

# Unpacked, the stub of exercise 01 builds and fails its visible tests, with the friendly report.
mkdir -p "$TMP/unpacked" && tar -xzf "$TMP/dist.tar.gz" -C "$TMP/unpacked"
(cd "$TMP/unpacked/numlab-student" && make -s --no-print-directory exercise EX=01) >"$TMP/out" 2>&1
expect_eq "make exercise in the students' copy (the stub fails)" $? 2
grep -q "^0 of 5 visible tests pass" "$TMP/out" && pass || fail "make exercise in the copy: $(tail -n 5 "$TMP/out")"
finish
