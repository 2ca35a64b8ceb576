#!/bin/sh
# The grader against hostile submissions (tests/grader/hostile/, for exercises/01-euler-steps, plus two that include
# the solution by path): graded together by grade-all, each gets exactly the score its `deserves:` line states, the
# results files are the judge's own (a forged one, and a symbolic link planted at the results path, are replaced),
# the reasons reach the student, and everything ends in bounded time. Then the commands' bad-usage errors.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
EX=01-euler-steps
[ -f exercises/$EX/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }

subs="$TMP/subs"
mkdir -p "$subs"
cp tests/grader/hostile/*.c "$subs/"
printf '/* The solution, by absolute path. deserves: 0 */\n#include "%s/exercises/%s/solution.c"\n' "$PWD" $EX \
    >"$subs/includes_solution.c"
up="../../../../../../../../../../../.."   /* enough to reach / from any working directory */
printf '/* The solution, by a relative path from the copy. deserves: 0 */\n#include "%s%s/exercises/%s/solution.c"\n' \
    "$up" "$PWD" $EX >"$subs/includes_relative.c"

# A file planted where forge_results.c's results will go: a link to something precious.
mkdir -p "$TMP/scores.d"
echo precious >"$TMP/victim"
ln -s "$TMP/victim" "$TMP/scores.d/forge_results.json"

start=$(date +%s)
timeout 120 sh tools/grader/grade-all.sh "$B/grader/$EX/judge" "$B/grader/$EX/probe.a" exercises/$EX "$subs" \
    "$TMP/scores.csv" --timeout 0.3 >"$TMP/grade-all.out" 2>&1
rc=$?
elapsed=$(($(date +%s) - start))
expect_eq "grade-all exit status" $rc 0
[ $elapsed -le 60 ] && pass || fail "grading the hostile suite took ${elapsed}s"
expect_eq "csv header" "$(head -n 1 "$TMP/scores.csv")" "submission,score,max_score,status"
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
has includes_solution "may include only the C library's headers and exercise.h"
has includes_relative "may include only the C library's headers and exercise.h"
grep -q "spring_params\|euler_explicit_step(spring s" "$json/includes_solution.json" &&
    fail "the included file's content reached the student"
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
expect_usage "--submission: '$TMP/none.c'" "$J" --exercise exercises/$EX --submission "$TMP/none.c" \
    --results "$TMP/r.json" --probe-lib "$B/grader/$EX/probe.a"
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
