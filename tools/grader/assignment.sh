#!/bin/sh
# assignment: grades one student's uploads for an assignment of one or several exercises into one results.json.
#   assignment.sh GRADER_DIR EXERCISES_DIR UPLOADS RESULTS.json NN-topic [NN-topic ...]
# JUDGE_OPTS (environment): options for every judge, e.g. "--timeout 2 --hidden-visibility hidden --lang es".
# GRADER_DIR holds NN-topic/judge, NN-topic/probe.a, pick-upload and merge-results; UPLOADS is a folder of what was
# uploaded (any depth: Gradescope keeps the student's folders). Which file is graded for each exercise is the one rule
# of tools/grader/uploads.h (grade-all's too): macOS's litter (__MACOSX, ._NAME, .DS_Store) never counts; one
# exercise: student.c, else the one .c file; several: the one named NN-topic.c, NN.c or NN-*.c, NN_*.c, NNx.c.
# ASSIGNMENT_PARTS=DIR (environment; grade-all sets it): each exercise's results.json and CSV row (the judge's
# --csv-row) are kept as DIR/NN-topic.json and DIR/NN-topic.csv. With several, the last line is the assignment's
# total, "score S / M  (RESULTS.json)" (merge-results), as one exercise's judge ends.
# pick-upload applies it and runs the judge; none or several is a 0 for that exercise, with a message saying what was
# found and what to upload (the judge words it, in its language: --not-submitted, --found, --in-assignment).
# With several exercises each is graded on its own, then merged (merge-results: tests prefixed
# and tagged with their exercise). File names are data: they reach the judge as arguments, never a shell's parsing.
# Exit status: 0 graded (whatever the score), 1 the grader failed, 2 bad usage.
set -u

usage="usage: assignment.sh GRADER_DIR EXERCISES_DIR UPLOADS RESULTS.json NN-topic..."
[ $# -ge 5 ] || { echo "$usage" >&2; exit 2; }
grader=$1 exdir=$2 uploads=$3 results=$4
shift 4
exercises=""
while [ $# -gt 0 ]; do
    [ -x "$grader/$1/judge" ] && [ -f "$exdir/$1/exercise.h" ] ||
        { echo "assignment: '$1' is not a built exercise (allowed: names under $exdir with a judge in $grader)" >&2
          exit 2; }
    exercises="$exercises $1"
    shift
done
JUDGE_OPTS=${JUDGE_OPTS:-}
[ -n "$exercises" ] || { echo "$usage" >&2; exit 2; }
[ -d "$uploads" ] || { echo "assignment: UPLOADS: '$uploads' is not a directory" >&2; exit 2; }
case "$uploads" in -*) uploads=./$uploads ;; esac
count=0
for ex in $exercises; do count=$((count + 1)); done

parts="" status=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
keep=${ASSIGNMENT_PARTS:-$tmp}
for ex in $exercises; do
    out=$results row=""
    [ "$count" -eq 1 ] || out=$keep/$ex.json
    [ -z "${ASSIGNMENT_PARTS:-}" ] || row=$keep/$ex.csv
    "$grader/pick-upload" "$uploads" "$ex" "$count" "$grader/$ex/judge" --exercise "$exdir/$ex" \
        --probe-lib "$grader/$ex/probe.a" --results "$out" ${row:+--csv-row "$row"} $JUDGE_OPTS || status=1
    parts="$parts $ex=$out"
done
if [ "$count" -gt 1 ]; then
    "$grader/merge-results" "$results" $parts || exit 1
fi
exit $status
