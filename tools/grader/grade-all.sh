#!/bin/sh
# grade-all: grades every .c file of a directory (one submission each), several at a time, into one CSV.
#   grade-all.sh JUDGE PROBE_LIB EXERCISE_DIR SUBMISSIONS_DIR RESULTS.csv [judge options ...]
# `make grade-all EXERCISE=... SUBMISSIONS=DIR RESULTS=scores.csv` runs it. The CSV has a header and one row per
# submission, sorted: submission,score,max_score,status (graded, compile-error, or grader-error); each submission's
# results.json goes to RESULTS.d/NAME.json (NAME: the file's name without .c). Every file is written whole or not
# at all. Exit status: 0 all graded, 1 the grader failed on some, 2 bad usage.
set -u

if [ "${1:-}" = --one ]; then   # one submission (run by xargs below): --one JUDGE LIB EX JSON_DIR ROW_DIR FILE [opts]
    judge=$2 lib=$3 ex=$4 json=$5 rows=$6 file=$7
    shift 7
    name=$(basename "$file" .c)
    if "$judge" --exercise "$ex" --submission "$file" --probe-lib "$lib" --results "$json/$name.json" \
        --csv-row "$rows/$name.csv" --jobs 1 --quiet "$@" >"$rows/$name.log" 2>&1; then
        printf '%s: %s\n' "$name" "$(tail -n 1 "$rows/$name.log")"
    else
        printf '%s: the grader failed: %s\n' "$name" "$(tail -n 1 "$rows/$name.log")" >&2
        printf '"%s",,,grader-error\n' "$(printf '%s' "$file" | sed 's/"/""/g')" >"$rows/$name.csv"
    fi
    exit 0
fi

usage="usage: grade-all.sh JUDGE PROBE_LIB EXERCISE_DIR SUBMISSIONS_DIR RESULTS.csv [judge options]"
[ $# -ge 5 ] || { echo "$usage" >&2; exit 2; }
judge=$1 lib=$2 ex=$3 dir=$4 csv=$5
shift 5
if [ ! -d "$dir" ]; then
    echo "grade-all: SUBMISSIONS: '$dir' is not a directory (allowed: a directory of .c files)" >&2
    exit 2
fi
case "$csv" in
    *.csv) ;;
    *) echo "grade-all: RESULTS: '$csv' does not end in .csv (allowed: a path like scores.csv)" >&2; exit 2 ;;
esac
[ -d "$(dirname "$csv")" ] || { echo "grade-all: RESULTS: the directory of '$csv' does not exist" >&2; exit 2; }
files=$(find "$dir" -maxdepth 1 -type f -name '*.c' | sort)
[ -n "$files" ] || { echo "grade-all: SUBMISSIONS: no .c files in '$dir'" >&2; exit 2; }

json=${csv%.csv}.d
mkdir -p "$json" || exit 2
rows=$(mktemp -d) || exit 1
trap 'rm -rf "$rows"' EXIT
jobs=$(nproc 2>/dev/null || echo 2)

printf '%s\n' "$files" | tr '\n' '\0' |
    xargs -0 -P "$jobs" -I{} sh "$0" --one "$judge" "$lib" "$ex" "$json" "$rows" {} "$@"

tmp=$(mktemp "$csv.XXXXXX") || exit 1
if ! { echo "submission,score,max_score,status" && cat "$rows"/*.csv | sort; } >"$tmp" || ! mv "$tmp" "$csv"; then
    rm -f "$tmp"
    exit 1
fi
total=$(printf '%s\n' "$files" | wc -l | tr -d ' ')
failed=$(grep -c ',grader-error$' "$csv")
echo "graded $((total - failed)) of $total submissions: $csv (results.json files in $json/)"
[ "$failed" -eq 0 ]
