#!/bin/sh
# grade-all: grades every submission of a directory, several at a time, into one CSV and a class report.
#   grade-all.sh JUDGE PROBE_LIB EXERCISE_DIR SUBMISSIONS_DIR RESULTS.csv [--similarity PCT] [--assignment NAME]
#                [judge options ...]
# `make grade-all EXERCISE=... SUBMISSIONS=DIR RESULTS=scores.csv` runs it. DIR is a folder of .c files (each *.c
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

if [ "${1:-}" = --one ]; then   # --one JUDGE LIB EX WORK K OPT1..OPTK N FILE JSON: one submission (by xargs)
    judge=$2 lib=$3 ex=$4 work=$5 k=$6
    shift 6
    j=0
    for a in "$@"; do   # the judge's K options stay in "$@"; xargs put N, FILE and JSON after them
        j=$((j + 1))
        [ $j -eq 1 ] && set --
        [ $j -le "$k" ] && set -- "$@" "$a"
        [ $j -eq $((k + 1)) ] && n=$a
        [ $j -eq $((k + 2)) ] && file=$a
        [ $j -eq $((k + 3)) ] && json=$a
    done
    safe=${json##*/}
    safe=${safe%.json}
    row=$work/rows/$(printf '%08d' "$n")
    if "$judge" --exercise "$ex" --submission "$file" --probe-lib "$lib" --results "$json" \
        --csv-row "$row.csv" --jobs 1 --quiet "$@" >"$row.log" 2>&1; then
        printf '%s: %s\n' "$safe" "$(tail -n 1 "$row.log")"
    else
        printf '%s: the grader failed: %s\n' "$safe" "$(tail -n 1 "$row.log")" >&2
        [ -s "$row.csv" ] || printf '%s,,,grader-error\n' "$safe" >"$row.csv"
    fi
    case $(sed 's/.*,//' "$row.csv") in   # a copy for the similarity report, under its number
        graded | compile-error) [ -f "$file" ] && [ ! -L "$file" ] && cp -- "$file" "$work/src/$n.c" ;;
    esac
    exit 0
fi

usage="usage: grade-all.sh JUDGE PROBE_LIB EXERCISE_DIR SUBMISSIONS_DIR RESULTS.csv [--similarity PCT] \
[--assignment NAME] [judge options]"
[ $# -ge 5 ] || { echo "$usage" >&2; exit 2; }
judge=$1 lib=$2 ex=$3 dir=$4 csv=$5
shift 5
assignment=${ex%/}
similarity=70 assignment=${assignment##*/}
while [ $# -ge 2 ]; do
    case $1 in
        --similarity) similarity=$2 ;;
        --assignment) assignment=$2 ;;
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
class=${NUMLAB_CLASS:-$(dirname "$(dirname "$judge")")/class}
[ -x "$class" ] || { echo "grade-all: '$class' is missing (make grade-all and make check build it)" >&2; exit 2; }
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
"$class" plan "$dir" "$work" "$json" || exit $?
total=$(($(tr -cd '\000' <"$work/grade.list" | wc -c) / 3))
jobs=$(nproc 2>/dev/null || echo 2)

xargs -0 -r -n 3 -P "$jobs" sh "$0" --one "$judge" "$lib" "$ex" "$work" $# "$@" <"$work/grade.list" 2>&1 |
    LC_ALL=C tr -d '\000-\010\013-\037\177'

sh "$(dirname "$0")/similar.sh" "$work/src" "$similarity" >"$work/pairs"
"$class" report "$work" --csv "$csv" --assignment "$assignment" --pairs "$work/pairs" --threshold "$similarity"
rc=$?
failed=$(cat "$work"/rows/*.csv 2>/dev/null | grep -c ',grader-error$')
echo "graded $((total - failed)) of $total submissions: $csv (results.json files in $json/)"
[ "$failed" -eq 0 ] && [ $rc -eq 0 ]
