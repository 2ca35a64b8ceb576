#!/bin/sh
# The grader against hostile submissions (tests/grader/hostile/, for exercises/01-euler-steps, plus those written
# here because they name files of this machine: the solution and the hidden tests through #include, include_next,
# __OPTIMIZE__, .incbin, #line, __has_include and open at run time): graded together by grade-all, each gets exactly
# the score its `deserves:` line states, no secret's text reaches any results, the code runs as a sandbox user that
# sees no other process and leaves nothing behind, the results files are the judge's own (a forged one, and a
# symbolic link planted at the results path, are replaced), the reasons reach the student, and everything ends in
# bounded time. The submission's names stay inside its own file: a gr_put, main, write, hypot or test table of its
# own (weak, common, GNU unique, an ifunc) replaces nothing of the probe's or the libraries', and a reference to the
# probe's tables does not link. Then the commands' bad-usage errors. (tests/grader_sandbox.sh: files, terminals,
# names, no root.)
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
EX=01-euler-steps
[ -f exercises/$EX/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }

subs="$TMP/subs"
mkdir -p "$subs"
chmod 755 "$TMP"   # the sandbox users may pass through; what is secret must be unreadable by itself
cp tests/grader/hostile/*.c "$subs/"
sol="$PWD/exercises/$EX/solution.c"
hid="$PWD/exercises/$EX/hidden/tests.c"
# A line of each secret that must never reach a student.
sol_line=$(grep -m 1 'euler_semi_implicit_step' "$sol")
hid_line=$(head -n 1 "$hid")
# Attacks that name files of this machine, written here with their paths. Each gets 0, and no secret's text.
printf '/* The solution, by absolute path. deserves: 0 */\n#include "%s"\n' "$sol" >"$subs/includes_solution.c"
up="../../../../../../../../../../../.."   # enough to reach / from any working directory
printf '/* The solution, by a relative path from the copy. deserves: 0 */\n#include "%s%s"\n' "$up" "$sol" \
    >"$subs/includes_relative.c"
printf '/* The solution, only where the build optimizes (an include check without -O2 never sees it). deserves: 0 */
#ifdef __OPTIMIZE__\n#include "%s"\n#endif\n#include "exercise.h"\nstate euler_explicit_step(spring s, state y, double dt) { (void)s, (void)dt; return y; }
state euler_semi_implicit_step(spring s, state y, double dt) { (void)s, (void)dt; return y; }\n' "$sol" \
    >"$subs/includes_when_optimized.c"
printf '/* The solution, with include_next. deserves: 0 */\n#include_next "%s%s"\n' "$up" "$sol" >"$subs/include_next.c"
printf '/* The solution'"'"'s bytes in the program, read by the assembler, then printed. deserves: 0 */
#include <stdio.h>\n#include "exercise.h"\nextern const char secret[];\n__asm__(".section .rodata\\n.globl secret\\nsecret: .incbin \\"%s\\"\\n.byte 0\\n.text");
state euler_explicit_step(spring s, state y, double dt) { (void)s, (void)dt; puts(secret); return y; }
state euler_semi_implicit_step(spring s, state y, double dt) { (void)s, (void)dt; puts(secret); return y; }\n' \
    "$sol" >"$subs/incbin_solution.c"
printf '/* The hidden tests quoted by the compiler: #line names them, then an error. deserves: 0 */
#include "exercise.h"\n#line 1 "%s"\nthis is an error;\n' "$hid" >"$subs/line_hidden_tests.c"
printf '/* Whether the solution exists, from __has_include. deserves: 0 */\n#include <stdio.h>\n#include "exercise.h"
#if __has_include("%s")\n#define SEEN "SECRET-VISIBLE"\n#else\n#define SEEN "not visible"\n#endif
state euler_explicit_step(spring s, state y, double dt) { (void)s, (void)dt; puts(SEEN); return y; }
state euler_semi_implicit_step(spring s, state y, double dt) { (void)s, (void)dt; return y; }\n' "$sol" \
    >"$subs/has_include.c"
# At run time: the secrets, another submission, the system's password hashes, the grader's own results.
cat >"$subs/reads_at_run_time.c" <<EOF
/* Opens what it should not and prints OPENED for each one it could. deserves: 0 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include "exercise.h"
static void try(const char *path) { int fd = open(path, O_RDONLY); if (fd >= 0) { printf("OPENED %s\\n", path); close(fd); } }
state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    try("$sol"); try("$hid"); try("$subs/wrong_answer.c"); try("/etc/shadow"); try("/etc/passwd");
    try("$PWD/build/grader/$EX/judge"); try("$TMP/scores.d/wrong_answer.json");
    return y;
}
state euler_semi_implicit_step(spring s, state y, double dt) { return euler_explicit_step(s, y, dt); }
EOF

# A file planted where forge_results.c's results will go: a link to something precious.
mkdir -p "$TMP/scores.d"
echo precious >"$TMP/victim"
ln -s "$TMP/victim" "$TMP/scores.d/forge_results.json"

# Bounded work: every hostile run is stopped at its limits, so grading the suite costs what compiling it and
# running each case up to --timeout costs, in processor time (which, unlike the wall clock, a loaded machine
# does not stretch); the runaway guard is the timeout.
cpu_of timeout 300 sh tools/grader/grade-all.sh "$B/grader/$EX/judge" "$B/grader/$EX/probe.a" exercises/$EX "$subs" \
    "$TMP/scores.csv" --timeout 0.3 >"$TMP/grade-all.out" 2>&1
expect_eq "grade-all exit status" $rc 0
echo "grading the hostile suite used $cpu s of CPU"
[ "$cpu" -le 60 ] && pass || fail "grading the hostile suite used $cpu s of CPU (allowed: 60)"
expect_eq "csv header" "$(head -n 1 "$TMP/scores.csv" | cut -d, -f1-8)" \
    "submission,score,max_score,status,name,email,sid,reason"
expect_eq "csv rows" "$(tail -n +2 "$TMP/scores.csv" | wc -l | tr -d ' ')" "$(ls "$subs" | wc -l | tr -d ' ')"

for f in "$subs"/*.c; do
    name=$(basename "$f" .c)
    deserves=$(sed -n 's/.*deserves: \([0-9][0-9]*\).*/\1/p' "$f" | head -n 1)
    row=$(grep "^$f," "$TMP/scores.csv")
    expect_eq "$name: score" "$(echo "$row" | cut -d, -f2)" "$deserves"
    expect_eq "$name: max_score" "$(echo "$row" | cut -d, -f3)" 12
    score=$(sed -n 's/^[[:space:]]*"score":[[:space:]]*\([0-9.]*\),.*/\1/p' "$TMP/scores.d/$name.json" | head -n 1)
    expect_eq "$name: score in results.json" "$score" "$deserves"
done

json="$TMP/scores.d"
expect_eq "the planted link's target" "$(cat "$TMP/victim")" precious
[ -f "$json/forge_results.json" ] && [ ! -L "$json/forge_results.json" ] && pass ||
    fail "forge_results.json is not a regular file written by the judge"
grep -q FORGED "$json"/*.json && fail "a forged results file survived"
grep -q '"score":[[:space:]]*999' "$json"/*.json && fail "a forged score survived"
grep -q 'forge: kill the judge: Operation not permitted' "$json/forge_results.json" && pass ||
    fail "forge_results.c could signal the judge (or its output was lost)"
grep -q 'forge: fork: Operation not permitted' "$json/forge_results.json" && pass ||
    fail "forge_results.c could start a process"

has() {   # NAME TEXT: results.json of NAME contains TEXT
    grep -qF -- "$2" "$json/$1.json" && pass || fail "$1.json does not say: $2"
}
has compile_error "error: expected"
has compile_error "The submission does not compile."
has calls_libnumlab "undefined reference to \`spring_step_explicit'"
has references_probe "undefined reference to \`gr_hidden'"   # nothing of the probe's is there for it
has unique_gr_put "unique_gr_put.c defines gr_put so that the whole program would see it"
for name in includes_solution includes_relative includes_when_optimized include_next; do
    has $name "may include only the C library's headers and exercise.h"
done
for f in "$json"/*.json; do   # no secret's text in anything a student sees
    grep -qF -- "$sol_line" "$f" && fail "$(basename "$f"): the solution's text reached the student"
    grep -qF -- "$hid_line" "$f" && fail "$(basename "$f"): the hidden tests' text reached the student"
    grep -q 'OPENED\|SECRET-VISIBLE\|NEIGHBOUR\|^left \|tty: typed\|root:\|HIDDEN TITLE' "$f" &&
        fail "$(basename "$f"): $(grep -o 'OPENED[^"]*\|SECRET-VISIBLE\|NEIGHBOUR[^"]*\|tty: typed[^"]*\|HIDDEN TITLE[^"]*' "$f" | head -n 3)"
done
pass
has incbin_solution "The submission does not compile."
has line_hidden_tests "The submission does not compile."
grep -q "not visible\|The submission does not compile." "$json/has_include.json" && pass ||
    fail "has_include: neither 'not visible' nor a refusal"
has reads_at_run_time '"status":	"failed"'

# Least privilege: the code runs as a sandbox user of its own (never root, no groups), and is not dumpable.
if [ "$(id -u)" = 0 ]; then
    uid=$(sed -n 's/.*whoami: uid=\([0-9]*\) euid=\([0-9]*\) gid=\([0-9]*\) groups=0 dumpable=0.*/\1/p' \
        "$json/who_am_i.json" | head -n 1)
    [ -n "$uid" ] && [ "$uid" -ge 61000 ] && [ "$uid" -lt 61512 ] && pass ||
        fail "who_am_i: not a sandbox uid without groups, not dumpable: $(grep -o 'whoami[^"]*' "$json/who_am_i.json" | head -n 1)"
else
    echo "skipped: the sandbox uids need a root judge (not root here)"
fi
has who_am_i "dumpable=0"
has neighbours "0 other processes in view"
has asm_bomb "limit of 16 MiB a file"
has macro_bomb "The submission does not compile."
has tty_inject "tty: open /dev/tty:"
for d in /tmp /var/tmp /dev/shm; do
    ls -d "$d"/numlab-leftover-* >/dev/null 2>&1 && fail "leftovers: $(ls -d "$d"/numlab-leftover-*)"
done
ipcs -m 2>/dev/null | grep -qi '0x6e756d6c' && fail "leftovers: a System V segment outlived its test"
pass
has infinite_loop "did not finish within 0.3 s"
has segfault "crashed: signal 11"
has exit_in_constructor "sent no values"
has exit_in_function "sent no values"
has fake_output "100%: Checks: 10, Failures: 0, Errors: 0"   # shown as output, never believed
has keeps_main '"status":	"passed"'

# Bad usage: exit 2 and a message naming what is wrong.
J="$B/grader/$EX/judge"
expect_usage "--exercise" "$J"
expect_usage "--timeout: 'abc'" "$J" --exercise exercises/$EX --submission "$subs/keeps_main.c" \
    --results "$TMP/r.json" --probe-lib "$B/grader/$EX/probe.a" --timeout abc
expect_usage "--submission: ''" "$J" --exercise exercises/$EX --submission "" \
    --results "$TMP/r.json" --probe-lib "$B/grader/$EX/probe.a"
expect_usage "--without: 'apparmor'" "$J" --exercise exercises/$EX --submission x.c \
    --results "$TMP/r.json" --probe-lib "$B/grader/$EX/probe.a" --without apparmor
expect_usage "--results: '$TMP/no/r.json'" "$J" --exercise exercises/$EX --submission "$subs/keeps_main.c" \
    --results "$TMP/no/r.json" --probe-lib "$B/grader/$EX/probe.a"
expect_usage "--cc: 'no-such-cc'" "$J" --exercise exercises/$EX --submission "$subs/keeps_main.c" \
    --results "$TMP/r.json" --probe-lib "$B/grader/$EX/probe.a" --cc no-such-cc
GA="sh tools/grader/grade-all.sh $J x exercises/$EX"
expect_usage "SUBMISSIONS: '$TMP/none' is not a directory" $GA "$TMP/none" s.csv
expect_usage "RESULTS: 'scores.txt' does not end in .csv" $GA "$subs" scores.txt
expect_usage "EXERCISE='exercises/99-nope'" make -s --no-print-directory grade EXERCISE=exercises/99-nope \
    SUBMISSION=x.c RESULTS=r.json
finish
