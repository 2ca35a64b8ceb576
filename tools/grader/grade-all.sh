#!/bin/sh
# grade-all: grades every *.c entry of a directory (one submission each), several at a time, into one CSV.
#   grade-all.sh JUDGE PROBE_LIB EXERCISE_DIR SUBMISSIONS_DIR RESULTS.csv [judge options ...]
# `make grade-all EXERCISE=... SUBMISSIONS=DIR RESULTS=scores.csv` runs it. The CSV has a header and one line per
# submission, in the order of their names: submission,score,max_score,status (graded, compile-error, invalid-file or
# grader-error). Each submission's results.json goes to RESULTS.d/NAME.json, NAME being the file's name without .c
# when it is plain (letters, digits, '.', '_', '-', not starting with '.' or '-'), else that name with every other
# character replaced by '_' and '@N' appended (N: its place in the list), so no name can take another's file. Names
# are data: they never reach a shell's parsing, and control characters in them are shown escaped. Every file is
# written whole or not at all. Exit status: 0 all graded, 1 the grader failed on some, 2 bad usage.
set -u

if [ "${1:-}" = --number ]; then   # --number LIST FILE...: appends "N\0FILE\0" for each, N counting on from LIST
    list=$2
    shift 2
    n=$(tr -cd '\n' <"$list" | wc -c)
    for file in "$@"; do
        n=$((n + 1))
        printf '%s\0%s\0' "$n" "$file" >>"$list"
        printf '\n' >>"$list.count"
    done
    exit 0
fi

if [ "${1:-}" = --one ]; then   # --one JUDGE LIB EX JSON_DIR ROW_DIR K OPT1..OPTK N FILE: one submission (by xargs)
    judge=$2 lib=$3 ex=$4 json=$5 rows=$6 k=$7
    shift 7
    j=0
    for a in "$@"; do   # the judge's K options stay in "$@"; xargs put N and FILE after them
        j=$((j + 1))
        [ $j -eq 1 ] && set --
        [ $j -le "$k" ] && set -- "$@" "$a"
        [ $j -eq $((k + 1)) ] && n=$a
        [ $j -eq $((k + 2)) ] && file=$a
    done
    name=${file##*/}
    name=${name%.c}
    safe=$(printf '%s' "$name" | LC_ALL=C tr -c 'A-Za-z0-9._-' '_')
    case "$safe" in
        [.-]* | '') safe="_$safe@$n" ;;
        *) [ "$safe" = "$name" ] || safe="$safe@$n" ;;
    esac
    row=$rows/$(printf '%08d' "$n")
    if "$judge" --exercise "$ex" --submission "$file" --probe-lib "$lib" --results "$json/$safe.json" \
        --csv-row "$row.csv" --jobs 1 --quiet "$@" >"$row.log" 2>&1; then
        printf '%s: %s\n' "$safe" "$(tail -n 1 "$row.log")"
    else
        printf '%s: the grader failed: %s\n' "$safe" "$(tail -n 1 "$row.log")" >&2
        [ -s "$row.csv" ] || printf '%s,,,grader-error\n' "$safe" >"$row.csv"
    fi
    exit 0
fi

usage="usage: grade-all.sh JUDGE PROBE_LIB EXERCISE_DIR SUBMISSIONS_DIR RESULTS.csv [judge options]"
[ $# -ge 5 ] || { echo "$usage" >&2; exit 2; }
judge=$1 lib=$2 ex=$3 dir=$4 csv=$5
shift 5
case "$dir" in -*) dir=./$dir ;; esac
case "$csv" in -*) csv=./$csv ;; esac
if [ ! -d "$dir" ]; then
    echo "grade-all: SUBMISSIONS: '$dir' is not a directory (allowed: a directory of .c files)" >&2
    exit 2
fi
case "$csv" in
    *.csv) ;;
    *) echo "grade-all: RESULTS: '$csv' does not end in .csv (allowed: a path like scores.csv)" >&2; exit 2 ;;
esac
[ -d "$(dirname "$csv")" ] || { echo "grade-all: RESULTS: the directory of '$csv' does not exist" >&2; exit 2; }

json=${csv%.csv}.d
mkdir -p "$json" || exit 2
rows=$(mktemp -d) || exit 1
trap 'rm -rf "$rows"' EXIT
: >"$rows/list"
: >"$rows/list.count"
# Every entry named *.c (files, links, directories...: the judge gives each a score and a reason), NUL-separated.
find "$dir" -mindepth 1 -maxdepth 1 -name '*.c' -print0 | sort -z | xargs -0 -r sh "$0" --number "$rows/list"
total=$(wc -l <"$rows/list.count" | tr -d ' ')
[ "$total" -gt 0 ] || { echo "grade-all: SUBMISSIONS: no .c files in '$dir'" >&2; exit 2; }
jobs=$(nproc 2>/dev/null || echo 2)

xargs -0 -n 2 -P "$jobs" sh "$0" --one "$judge" "$lib" "$ex" "$json" "$rows" $# "$@" <"$rows/list" 2>&1 |
    LC_ALL=C tr -d '\000-\010\013-\037\177'

tmp=$(mktemp "$csv.XXXXXX") || exit 1
if ! { echo "submission,score,max_score,status" && cat "$rows"/*.csv; } >"$tmp" || ! mv "$tmp" "$csv"; then
    rm -f "$tmp"
    exit 1
fi
failed=$(grep -c ',grader-error$' "$csv")
echo "graded $((total - failed)) of $total submissions: $csv (results.json files in $json/)"
[ "$failed" -eq 0 ]
