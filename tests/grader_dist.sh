#!/bin/sh
# make student-dist: the students' tarball has every exercise's README, header, stub and visible tests, the labs and
# the library, and no solution, no hidden test, no grader fixture; unpacked, `make exercise` runs there.
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

# Unpacked, the stub of exercise 01 builds and fails its visible tests, with the friendly report.
mkdir -p "$TMP/unpacked" && tar -xzf "$TMP/dist.tar.gz" -C "$TMP/unpacked"
(cd "$TMP/unpacked/numlab-student" && make -s --no-print-directory exercise EX=01) >"$TMP/out" 2>&1
expect_eq "make exercise in the students' copy (the stub fails)" $? 2
grep -q "^0 of 5 visible tests pass" "$TMP/out" && pass || fail "make exercise in the copy: $(tail -n 5 "$TMP/out")"
finish
