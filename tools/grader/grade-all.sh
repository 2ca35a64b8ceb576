#!/bin/sh
# grade-all: grades every submission of a directory, several at a time, into one CSV and a class report.
#   grade-all.sh JUDGE PROBE_LIB EXERCISE_DIR SUBMISSIONS_DIR RESULTS.csv [--similarity PCT] [--assignment NAME]
#                [--due ISO-8601] [--late-penalty PCT|zero] [--missing zero|blank] [--only SUBMISSION_OR_SID]
#                [judge options ...]
# (grade-all's options first, the judge's after them; an empty value is an option not given). --due, --late-penalty
# and --missing: the late policy and the LMS files' (class_week.c); --only: regrade one into an existing RESULTS, every
# other row as it was (class_regrade.c). RESULTS.feedback/NAME.txt: a feedback file a submission (class_feedback.c).
#   grade-all.sh --exercises "NN-topic ..." GRADER_DIR EXERCISES_DIR SUBMISSIONS_DIR RESULTS.csv [options]
# The second form grades an assignment of several exercises: each folder of the export as the Gradescope package
# grades it (assignment.sh: the file of each exercise by uploads.h's rule, the parts merged), and scores.csv gets a
# column an exercise after the reason, the total in score, and a similarity report an exercise
# (RESULTS.NN-topic.similar.txt). `make grade-all EXERCISE=... SUBMISSIONS=DIR RESULTS=scores.csv` runs it (or
# EXERCISES="01 02 09"). DIR is a folder of .c files (each *.c
# entry a submission) or a Gradescope export (one folder a submission holding its .c file under any name, and
# submission_metadata.yml naming the students). `class plan` (tools/grader/class.c, built next to the judges'
# folders) lists them; the judge grades each; `class report` writes RESULTS.csv (submission,score,max_score,status,
# then the student, the reason and one column a test; a row a student), RESULTS.canvas.csv and RESULTS.moodle.csv
# (gradebook imports), RESULTS.similar.txt (similar pairs, tools/grader/similar.sh; advisory, PCT 70 by default)
# and prints the class summary. Each results.json goes to RESULTS.d/NAME.json, NAME being the file's name without .c
# (or the folder's name) when it is plain (letters, digits, '.', '_', '-', not starting with '.' or '-'), else that
# name with every other character replaced by '_' and '@N' appended (N: its place in the list), so no name can take
# another's file. Names are data: they never reach a shell's parsing, and control characters in them are shown
# escaped. Every file is written whole or not at all. Exit status: 0 all graded, 1 the grader failed on some, 2 bad
# usage.
set -u

if [ "${1:-}" = --one ]; then   # --one KIND A B C WORK K OPT1..OPTK N FILE JSON: one submission (by xargs)
    # KIND judge: A B C are the judge, its probe library, the exercise; KIND assignment: the grader's folder, the
    # exercises' folder and the exercises (FILE is then the submission's folder, graded by assignment.sh).
    kind=$2 a=$3 b=$4 c=$5 work=$6 k=$7
    shift 7
    j=0
    for arg in "$@"; do   # the judge's K options stay in "$@"; xargs put N, FILE and JSON after them
        j=$((j + 1))
        [ $j -eq 1 ] && set --
        [ $j -le "$k" ] && set -- "$@" "$arg"
        [ $j -eq $((k + 1)) ] && n=$arg
        [ $j -eq $((k + 2)) ] && file=$arg
        [ $j -eq $((k + 3)) ] && json=$arg
    done
    safe=${json##*/}
    safe=${safe%.json}
    row=$work/rows/$(printf '%08d' "$n")
    if [ "$kind" = assignment ]; then
        parts=$work/parts/$(printf '%08d' "$n")
        mkdir -p "$parts" || exit 1
        # shellcheck disable=SC2086
        ASSIGNMENT_PARTS=$parts JUDGE_OPTS="--jobs 1 --quiet $*" sh "$(dirname "$0")/assignment.sh" "$a" "$b" \
            "$file" "$json" $c >"$row.log" 2>&1
    else
        "$a" --exercise "$c" --submission "$file" --probe-lib "$b" --results "$json" --csv-row "$row.csv" --jobs 1 \
            --quiet "$@" >"$row.log" 2>&1
    fi
    if [ $? -eq 0 ]; then
        printf '%s: %s\n' "$safe" "$(tail -n 1 "$row.log")"
    else
        printf '%s: the grader failed: %s\n' "$safe" "$(tail -n 1 "$row.log")" >&2
        [ "$kind" = assignment ] || [ -s "$row.csv" ] || printf '%s,,,grader-error\n' "$safe" >"$row.csv"
    fi
    [ "$kind" = assignment ] && exit 0   # class plan copied each exercise's file for the similarity report
    case $(sed 's/.*,//' "$row.csv") in   # a copy for the similarity report, under its number
        graded | compile-error) [ -f "$file" ] && [ ! -L "$file" ] && cp -- "$file" "$work/src/$n.c" ;;
    esac
    exit 0
fi

usage="usage: grade-all.sh JUDGE PROBE_LIB EXERCISE_DIR SUBMISSIONS_DIR RESULTS.csv [--similarity PCT] \
[--assignment NAME] [judge options]
       grade-all.sh --exercises \"NN-topic ...\" GRADER_DIR EXERCISES_DIR SUBMISSIONS_DIR RESULTS.csv [options]"
exercises="" kind=judge
if [ "${1:-}" = --exercises ] && [ $# -ge 6 ]; then   # an assignment: GRADER_DIR's judges, EXERCISES_DIR's exercises
    exercises=$2 kind=assignment judge=$3 lib=$4 ex=$4 dir=$5 csv=$6
    shift 6
elif [ $# -ge 5 ]; then
    judge=$1 lib=$2 ex=$3 dir=$4 csv=$5
    shift 5
else
    echo "$usage" >&2
    exit 2
fi
assignment=${ex%/}
similarity=70 assignment=${assignment##*/}
[ "$kind" = judge ] || assignment=$(echo $exercises | sed 's/-[^ ]*//g; s/ /-/g')   # 01-02-09, as its zip
due="" late_penalty="" missing="" only=""
while [ $# -ge 2 ]; do
    case $1 in
        --similarity) similarity=$2 ;;
        --assignment) assignment=$2 ;;
        --due) due=$2 ;;
        --late-penalty) late_penalty=$2 ;;
        --missing) missing=$2 ;;
        --only) only=$2 ;;
        *) break ;;
    esac
    shift 2
done
case "$similarity" in
    '' | *[!0-9]* | 0*) ok=false ;;
    *) ok=true && [ "$similarity" -le 100 ] 2>/dev/null || ok=false ;;
esac
if ! $ok; then
    echo "grade-all: SIMILARITY: '$(printf '%s' "$similarity" | LC_ALL=C tr -d '\000-\037\177')' is not allowed" \
        "(allowed: a percentage, 1..100)" >&2
    exit 2
fi
if [ "$kind" = judge ]; then class=${NUMLAB_CLASS:-$(dirname "$(dirname "$judge")")/class}; else class=${NUMLAB_CLASS:-$judge/class}; fi
[ -x "$class" ] || { echo "grade-all: '$class' is missing (make grade-all and make check build it)" >&2; exit 2; }
if ! wrong=$("$class" policy "$due" "$late_penalty" "$missing" 2>&1); then   # before anything is graded
    printf '%s\n' "$wrong" | sed 's/^class: /grade-all: /' >&2
    exit 2
fi
case "$dir" in -*) dir=./$dir ;; esac
case "$csv" in -*) csv=./$csv ;; esac
if [ ! -d "$dir" ]; then
    echo "grade-all: SUBMISSIONS: '$dir' is not a directory (allowed: a directory of .c files or a Gradescope export)" >&2
    exit 2
fi
case "$csv" in
    *.csv) ;;
    *) echo "grade-all: RESULTS: '$csv' does not end in .csv (allowed: a path like scores.csv)" >&2; exit 2 ;;
esac
[ -d "$(dirname "$csv")" ] || { echo "grade-all: RESULTS: the directory of '$csv' does not exist" >&2; exit 2; }

json=${csv%.csv}.d
mkdir -p "$json" || exit 2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
mkdir "$work/rows" "$work/src" || exit 1
# shellcheck disable=SC2086
"$class" plan "$dir" "$work" "$json" ${only:+--only "$only"} $exercises || exit $?
jobs=$(nproc 2>/dev/null || echo 2)

xargs -0 -r -n 3 -P "$jobs" sh "$0" --one "$kind" "$judge" "$lib" "${exercises:-$ex}" "$work" $# "$@" \
    <"$work/grade.list" 2>&1 | LC_ALL=C tr -d '\000-\010\013-\037\177'

if [ "$kind" = judge ]; then
    sh "$(dirname "$0")/similar.sh" "$work/src" "$similarity" "$ex/student.c" >"$work/pairs"
    "$class" report "$work" --csv "$csv" --assignment "$assignment" --pairs "$work/pairs" --threshold "$similarity" \
        --due "$due" --late-penalty "$late_penalty" --missing "$missing" --only "$only"
else
    mkdir -p "$work/pairs" || exit 1
    set --
    for e in $exercises; do
        sh "$(dirname "$0")/similar.sh" "$work/src/$e" "$similarity" "$lib/$e/student.c" >"$work/pairs/$e"
        set -- "$@" --exercise "$e"
    done
    "$class" report "$work" --csv "$csv" --assignment "$assignment" --threshold "$similarity" "$@" \
        --due "$due" --late-penalty "$late_penalty" --missing "$missing" --only "$only"
fi
