#!/bin/sh
# make exercise, as a student uses it: with no EX it lists the exercises and exits 0; EX=9, EX=09 and the folder
# all name exercise 09; what a test printed appears under that test, passing or failing, with no escape sequence
# reaching the terminal; an endless loop is said once as what it is, each test stopped at the same time limit the
# grader uses.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
O=$B/obj/grader

expect_ok make -s --no-print-directory exercise
grep -q '^  09-stability-limit ' "$TMP/out" && pass || fail "make exercise lists no exercises: $(head -n 3 "$TMP/out")"
for ex in 9 09 exercises/09-stability-limit/ 09-stability-limit; do
    make -s --no-print-directory exercise EX=$ex >"$TMP/out" 2>&1
    grep -q '^numlab exercise 09-stability-limit:' "$TMP/out" && pass || fail "EX=$ex: $(head -n 2 "$TMP/out")"
done
expect_usage "EX='77' is not an exercise" make -s --no-print-directory exercise EX=77

# A student file that prints (with an escape sequence) and loops forever in one of its two functions.
cat >"$TMP/student.c" <<'EOF'
#include <stdio.h>
#include "exercise.h"
state euler_explicit_step(spring s, state y, double dt)
{
    printf("debug: x=%g v=%g\033[2J\n", y.x, y.v);
    double a = (-s.k * (y.x - s.target) - s.c * y.v) / s.m;
    return (state){y.x + y.v * dt, y.v + a * dt};
}
state euler_semi_implicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    for (;;)
        y.x += 1;
    return y;
}
EOF
make -s --no-print-directory "$O/core/check_runner.o" "$O/core/values.o" "$O/core/i18n.o" "$B/obj/src/lang.o" \
    "$O/ex/01-euler-steps/check-visible.o" ||
    fail "cannot build the runner's objects"
cat >>"$TMP/student.c" <<'EOF'
int main(int argc, char **argv)   /* kept for the student's own experiments: renamed away, no warning */
{
    (void)argc, (void)argv;
    return 0;
}
EOF
sanitize=0
case "$B" in *sanitize*) sanitize=1 ;; esac
# compile EX FILE: FILE as exercise EX's student.c is compiled by make exercise, into FILE.o; its messages in
# $TMP/warnings.
compile() {
    make -s --no-print-directory -n SANITIZE=$sanitize "$O/ex/$1/student.o" -W "exercises/$1/student.c" |
        grep -- '-Dmain=' | sed "s|exercises/$1/student.c|$2|; s|-o [^ ]*|-o $2.o|" >"$TMP/compile.sh"
    sh "$TMP/compile.sh" >"$TMP/warnings" 2>&1
}
compile 01-euler-steps "$TMP/student.c" || fail "the student file does not compile: $(cat "$TMP/warnings")"
[ -s "$TMP/warnings" ] && fail "a kept main() warns: $(cat "$TMP/warnings")"
# Exercise 05's type is spring_link: a submission including <unistd.h> (which declares link()) compiles cleanly.
{ echo '#include <unistd.h>'; cat exercises/05-network-forces/student.c; } >"$TMP/net.c"
compile 05-network-forces "$TMP/net.c" && [ ! -s "$TMP/warnings" ] && pass ||
    fail "a 05 submission with <unistd.h>: $(cat "$TMP/warnings")"
san=""
[ $sanitize = 1 ] && san="-fsanitize=address,undefined"
cc $san -o "$TMP/run" "$O/core/check_runner.o" "$O/core/values.o" "$O/core/i18n.o" "$B/obj/src/lang.o" \
    "$O/ex/01-euler-steps/check-visible.o" "$TMP/student.c.o" $(pkg-config --libs check) -lm ||
    fail "cannot link the runner"
# each endless loop is stopped at the 2 s limit: at most 2 s of CPU each (CPU time: a loaded machine gives a loop
# less of it, never more), where a limit left unset would let three loops spin for 30 s
# ... whatever Check's timeout multiplier in the environment says (the limit is the grader's)
export CK_TIMEOUT_MULTIPLIER=5
cpu_of "$TMP/run" 01-euler-steps student.c >"$TMP/out" 2>&1
unset CK_TIMEOUT_MULTIPLIER
# The first visible test runs the explicit step twice from rest: its two lines, under it.
sed -n '/^  PASS  explicit Euler: two steps/,/^  [PF]/p' "$TMP/out" >"$TMP/first"
grep -q '| debug: x=0 v=0?\[2J' "$TMP/first" && grep -q '| debug: x=0 v=250?\[2J' "$TMP/first" && pass ||
    fail "the first test's printing is not under it: $(cat "$TMP/first")"
grep -q "$(printf '\033')" "$TMP/out" && fail "an escape sequence reached the terminal"
expect_eq "the endless loop, said in full once" "$(grep -c 'an endless loop?' "$TMP/out")" 1
expect_eq "and briefly after (the other two that call it)" "$(grep -c 'did not finish within 2 s either' "$TMP/out")" 2
grep -A1 'did not finish within 2 s: an endless loop?' "$TMP/out" | tr -s ' \n' ' ' |
    grep -q 'did not finish within 2 s: an endless loop? (the grader allows the same time)' && pass ||
    fail "the loop message: $(grep -m 1 'did not finish' "$TMP/out")"
[ "$cpu" -le 9 ] && pass || fail "three loops at a 2 s limit used $cpu s of CPU (allowed: 9)"
expect_eq "tests passed (the two explicit-only ones)" "$(sed -n 's/^\([0-9]*\) of 5 visible tests pass.*/\1/p' "$TMP/out")" 2

# Each README states the time limit its tests have (GR_TIME_LIMIT in tests.c, else the grader's 2 s).
for dir in exercises/*/; do
    limit=$(sed -n 's/^GR_TIME_LIMIT(\([0-9.]*\));.*/\1/p' "$dir/tests.c")
    grep -q "Each test may take at most ${limit:-2} s, in \`make exercise\` as when graded." "$dir/README.md" && pass ||
        fail "$dir/README.md does not state the ${limit:-2} s limit"
done
finish
