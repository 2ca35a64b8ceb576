#!/bin/sh
# grade-all's class report reads each judge's row (NAME,SCORE,MAX_SCORE,STATUS) in the project's one number grammar:
# a row whose numbers do not parse ("12abc", "nan", "0x10", empty, a max of 0) is no score and no grading, never a
# number read as far as it goes. A stand-in judge (a shell script) writes the rows, so that each malformed one can be
# fed; a real judge's row (tests/grader_class.sh) reads as before.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
EX=01-euler-steps
[ -x "$B/grader/class" ] || { fail "no $B/grader/class (make check builds it)"; finish; }
subs="$TMP/subs"
mkdir -p "$subs"
# the row each submission's stand-in judge writes: its name says which
for name in good junk nan hex empty zero negative; do echo "int x;" >"$subs/$name.c"; done
mkdir -p "$TMP/grader/$EX"
cp "$B/grader/class" "$TMP/grader/class"  # grade-all runs the class tool beside the judges' folders
cat >"$TMP/grader/$EX/judge" <<'JUDGE'
#!/bin/sh
while [ $# -gt 0 ]; do
    case $1 in
        --submission) sub=$2; shift ;;
        --results) json=$2; shift ;;
        --csv-row) row=$2; shift ;;
    esac
    shift
done
name=$(basename "$sub" .c)
case $name in
    good) fields=4,12 ;; junk) fields=4,12abc ;; nan) fields=4,nan ;; hex) fields=4,0x10 ;;
    empty) fields=4, ;; zero) fields=0,0 ;; negative) fields=-1,12 ;;
esac
printf '%s,%s,graded\n' "$name" "$fields" >"$row"
printf '{"score": 4, "tests": [{"name": "t", "score": 4, "max_score": 12}]}\n' >"$json"
echo "graded"
JUDGE
chmod +x "$TMP/grader/$EX/judge"
sh tools/grader/grade-all.sh "$TMP/grader/$EX/judge" "$B/grader/$EX/probe.a" "exercises/$EX" "$subs" "$TMP/scores.csv" \
    >"$TMP/out" 2>&1
rc=$?
expect_eq "grade-all's exit status (1: the grader failed on some)" $rc 1
row() { grep "/$1\.c," "$TMP/scores.csv" | cut -d, -f2-4; }
expect_eq "a good row" "$(row good)" "4,12,graded"
for name in junk nan hex empty zero; do
    expect_eq "a row whose max_score does not parse ($name)" "$(row $name)" ",,grader-error"
done
expect_eq "a negative score (a penalty) is a score" "$(row negative)" "-1,12,graded"
finish
