#!/bin/sh
# assignment: grades one student's uploads for an assignment of one or several exercises into one results.json.
#   assignment.sh GRADER_DIR EXERCISES_DIR UPLOADS RESULTS.json NN-topic [NN-topic ...]
# JUDGE_OPTS (environment): options for every judge, e.g. "--timeout 2 --hidden-visibility hidden --lang es".
# GRADER_DIR holds NN-topic/judge, NN-topic/probe.a and merge-results; UPLOADS is a folder of what was uploaded
# (any depth: Gradescope keeps the student's folders). Which file is graded:
#   - one exercise: UPLOADS' student.c, else the one .c file uploaded under any name;
#   - several: for each exercise NN-topic, the one .c file named NN-topic.c, NN.c, or NN followed by '-', '_' or
#     a letter (01-mine.c, 01_euler.c, 01a.c);
# none or several is a 0 for that exercise, with a message saying what was found and what to upload (the judge
# words it, in its language: --not-submitted, --found, --in-assignment). With several
# exercises each is graded on its own, then merged (merge-results: tests prefixed and tagged with their exercise).
# File names are data: they reach the judge as arguments, never a shell's parsing.
# Exit status: 0 graded (whatever the score), 1 the grader failed, 2 bad usage.
set -u

if [ "${1:-}" = --list ]; then   # --list FILE...: prints the names, comma-separated, for a message
    shift
    for f in "$@"; do printf '%s, ' "${f##*/}"; done
    exit 0
fi

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

# The .c files (NUL-safe count) that match a find expression, and the grading of the one that does.
matches() { find "$uploads" -type f \( "$@" \) -print0 | tr -dc '\000' | wc -c | tr -d ' '; }
found() { find "$uploads" -type f \( "$@" \) -exec sh "$0" --list {} + | sed 's/, $//'; }

parts="" status=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for ex in $exercises; do
    nn=${ex%%-*}
    if [ "$count" -eq 1 ]; then
        out=$results rule=""
        set -- -name '*.c'
    else
        out=$tmp/$ex.json rule=--in-assignment
        set -- -name "$ex.c" -o -name "$nn.c" -o -name "$nn[-_A-Za-z]*.c"
    fi
    n=$(matches "$@")
    if [ "$count" -eq 1 ] && { [ -e "$uploads/student.c" ] || [ -L "$uploads/student.c" ]; }; then
        "$grader/$ex/judge" --exercise "$exdir/$ex" --probe-lib "$grader/$ex/probe.a" --results "$out" \
            $JUDGE_OPTS --submission "$uploads/student.c" || status=1
    elif [ "$n" -eq 1 ]; then
        find "$uploads" -type f \( "$@" \) -exec "$grader/$ex/judge" --exercise "$exdir/$ex" \
            --probe-lib "$grader/$ex/probe.a" --results "$out" $JUDGE_OPTS --submission {} + || status=1
    elif [ "$n" -eq 0 ]; then
        "$grader/$ex/judge" --exercise "$exdir/$ex" --probe-lib "$grader/$ex/probe.a" --results "$out" \
            --not-submitted 0 $rule $JUDGE_OPTS || status=1
    else
        "$grader/$ex/judge" --exercise "$exdir/$ex" --probe-lib "$grader/$ex/probe.a" --results "$out" \
            --not-submitted "$n" --found "$(found "$@")" $rule $JUDGE_OPTS || status=1
    fi
    parts="$parts $ex=$out"
done
if [ "$count" -gt 1 ]; then
    "$grader/merge-results" "$results" $parts || exit 1
    echo "assignment: $results (${exercises# })"
fi
exit $status
