#!/bin/sh
# make student-dist: the students' tarball has every exercise's README, header, stub and visible tests, the labs and
# the library, and no solution, no hidden test, no grader fixture, no answer-shaped helper (the algorithms the
# students write live in the judge-only exercises/*/hidden/*.h); it is made of what is committed, so a graded class,
# scores and tried answers in the working tree stay out; unpacked, `make exercise` runs there for every exercise
# (the stub fails, the solution passes every visible test) and `make grade` grades with the visible tests.
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

# No answer-shaped helper ships: those the issue found (the accumulator, the step matrices and their powers, the
# frame loop, the resonator's closed form, RK4's radius and limit, slerp as a power, the measured order) and every
# function the judge-only headers define.
mkdir -p "$TMP/unpacked" && tar -xzf "$TMP/dist.tar.gz" -C "$TMP/unpacked" || fail "the tarball does not unpack"
S=$TMP/unpacked/numlab-student
helpers="ticks_feed semi_power want_animation mode_impulse step_matrix mat2_pow want_run rk4_radius_ref rk4_limit_ref
slerp_power order_reference $(sed -n 's/^static inline [^(]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/p' exercises/*/hidden/*.h)"
for h in $helpers; do
    grep -rlw -- "$h" "$S" >"$TMP/named" && fail "the students' copy names $h: $(cat "$TMP/named")" || pass
done
ls exercises/*/hidden/*.h >/dev/null 2>&1 && pass || fail "no judge-only header (exercises/*/hidden/*.h)"

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
    # A helper of a judge-only header named in a visible file (committed): student-dist refuses.
    echo "/* ticks_feed(&a, 6) */" >>"$TMP/repo/exercises/03-accumulator/tests.c"
    (cd "$TMP/repo" && git -c user.name=t -c user.email=t@t commit -qam "a leak" &&
        sh "$OLDPWD/tools/grader/student-dist.sh" "$TMP/leak.tar.gz") >"$TMP/out" 2>&1 &&
        fail "student-dist packed a visible file that names ticks_feed" || pass
    grep -q "name an answer the judge keeps to itself" "$TMP/out" && [ ! -e "$TMP/leak.tar.gz" ] && pass ||
        fail "student-dist on a leak: $(cat "$TMP/out")"
else
    echo "skipped: not a git checkout"
fi

# points.h: the visible tests' lines only (the hidden ones are named there).
tar -xzOf "$TMP/dist.tar.gz" numlab-student/exercises/01-euler-steps/points.h >"$TMP/points.h" || fail "no points.h"
grep -q '/\* hidden \*/' "$TMP/points.h" && fail "the students' points.h names hidden tests"
expect_eq "visible lines in the students' points.h" "$(grep -c '^#define GR_POINTS_' "$TMP/points.h")" \
    "$(grep -c 'GR_CASE(' exercises/01-euler-steps/tests.c)"

# Unpacked, every exercise's stub builds and fails its visible tests, with the friendly report, and its solution
# passes them all: the visible tests need nothing the copy lacks.
for dir in exercises/*/; do
    ex=$(basename "$dir")
    n=$(grep -c 'GR_CASE(' "$dir/tests.c")
    (cd "$S" && make -s --no-print-directory exercise EX="$ex") >"$TMP/out" 2>&1
    expect_eq "make exercise EX=$ex in the students' copy (the stub fails)" $? 2
    grep -Eq "^[0-9]+ of $n visible tests pass" "$TMP/out" && pass || fail "EX=$ex in the copy: $(tail -n 5 "$TMP/out")"
    cp "$dir/solution.c" "$S/exercises/$ex/student.c"
    (cd "$S" && make -s --no-print-directory exercise EX="$ex") >"$TMP/out" 2>&1
    expect_eq "make exercise EX=$ex in the students' copy (the solution passes)" $? 0
    grep -q "^$n of $n visible tests pass" "$TMP/out" && pass || fail "EX=$ex solved: $(tail -n 5 "$TMP/out")"
done
# The judge in the copy grades with the visible tests only: the solution scores their points.
want=$(sed -n 's/^#define GR_POINTS_[a-z0-9_]* *\([0-9.]*\) *\/\* visible.*/\1/p' exercises/03-accumulator/points.h |
    awk '{s += $1} END {print s}')
(cd "$S" && make -s --no-print-directory grade EXERCISE=exercises/03-accumulator \
    SUBMISSION=exercises/03-accumulator/student.c RESULTS="$TMP/results.json") >"$TMP/out" 2>&1
grep -q "^score $want / $want" "$TMP/out" && pass || fail "make grade in the copy (want $want): $(tail -n 5 "$TMP/out")"
finish
