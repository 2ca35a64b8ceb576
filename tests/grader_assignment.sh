#!/bin/sh
# grade-all of an assignment of three exercises (issue 23), on a Gradescope export as Gradescope lays it out: each
# folder holds 01.c, 02.c and 09.c under the names students give them, graded by the Gradescope package's own rule
# (tools/grader/uploads.h, through assignment.sh). The export: all three right, a group of two with 09 not handed in,
# a macOS Finder zip (__MACOSX/._01.c, ._02-rk4.c, .DS_Store beside the files) whose 09 does not compile, an empty
# folder, a student the metadata names with no folder, and a byte-identical copy of the first. Checked to the byte:
# scores.csv (a column an exercise, a column a test, the total), the Canvas and Moodle CSVs; and every count the
# summary prints against the CSV.
. tests/lib/cli.sh
. tests/lib/class_counts.sh
B=${NUMLAB_BUILD:-build}
[ -f exercises/01-euler-steps/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }
chmod 755 "$TMP"
EXS="01-euler-steps 02-rk4-step 09-stability-limit"
s01=exercises/01-euler-steps/solution.c s02=exercises/02-rk4-step/solution.c s09=exercises/09-stability-limit/solution.c
e="$TMP/export"
for n in 1 2 3 4 6; do mkdir -p "$e/submission_$n"; done
cp $s01 "$e/submission_1/01.c" && cp $s02 "$e/submission_1/02.c" && cp $s09 "$e/submission_1/09.c"
cp tests/grader/hostile/wrong_answer.c "$e/submission_2/01-euler.c"   # deserves 4 of 12 (grader_class.sh)
mkdir -p "$e/submission_2/lab" && cp $s02 "$e/submission_2/lab/02_rk4.c"
mkdir -p "$e/submission_3/__MACOSX"
cp $s01 "$e/submission_3/01.c" && cp $s01 "$e/submission_3/__MACOSX/._01.c" && cp $s02 "$e/submission_3/02-rk4.c"
cp $s02 "$e/submission_3/._02-rk4.c" && echo litter >"$e/submission_3/.DS_Store"
printf 'this is not C\n' >"$e/submission_3/09a.c"
cp "$e/submission_1/"*.c "$e/submission_6/"                          # a copy of submission_1, byte for byte
cat >"$e/submission_metadata.yml" <<'YML'
submission_1:
  :submitters:
  - :name: Ada Right
    :sid: '101'
    :email: ada@example.edu
submission_2:
  :submitters:
  - :name: Bo Group
    :sid: '102'
    :email: bo@example.edu
  - :name: Cy Group
    :sid: '103'
    :email: cy@example.edu
submission_3:
  :submitters:
  - :name: Di Mac
    :sid: '104'
    :email: di@example.edu
submission_4:
  :submitters:
  - :name: Ed Empty
    :sid: '105'
    :email: ed@example.edu
submission_5:
  :submitters:
  - :name: Flo Gone
    :sid: '106'
    :email: flo@example.edu
submission_6:
  :submitters:
  - :name: Gus Copy
    :sid: '107'
    :email: gus@example.edu
YML
timeout 300 sh tools/grader/grade-all.sh --exercises "$EXS" "$B/grader" exercises "$e" "$TMP/scores.csv" --timeout 2 \
    >"$TMP/out" 2>&1 </dev/null
expect_eq "assignment: grade-all's exit status" $? 0

# Each test's points, in the exercises' order (their points.h): 01 1 1 1 2 2 | 1 1 1 1 1 (hidden), 02 1 1 2 2 1 |
# 1 1 1 1 1, 09 1 1 1 1 3 | 1 1 1 1 1; 12 points each. The wrong 01 earns 4 (0,1,0,0,0,1,0,0,1,1: grader_class.sh).
full01=1,1,1,2,2,1,1,1,1,1 full02=1,1,2,2,1,1,1,1,1,1 full09=1,1,1,1,3,1,1,1,1,1
zero=0,0,0,0,0,0,0,0,0,0 blank=,,,,,,,,,
wrong01=0,1,0,0,0,1,0,0,1,1
nofile() { printf 'The submission was not graded: there is no C source file to grade. no .c file for %s was uploaded (upload one file named %s.c or %s*.c).' "$1" "$1" "${1%%-*}"; }
{
    printf 'submission,score,max_score,status,name,email,sid,reason,%s' "$(echo $EXS | tr ' ' ,)"
    python3 -c 'import csv, json, sys
tests = json.load(open(sys.argv[1]))["tests"]
csv.writer(sys.stdout, lineterminator="\n").writerow(
    [("" if t["visibility"] == "visible" else "[hidden] ") + t["name"] for t in tests])' \
        "$TMP/scores.d/submission_1.json" | sed 's/^/,/'
    echo "submission_1,36,36,graded,Ada Right,ada@example.edu,101,,12,12,12,$full01,$full02,$full09"
    for who in "Bo Group,bo@example.edu,102" "Cy Group,cy@example.edu,103"; do
        echo "submission_2,16,36,partial,$who,09-stability-limit: $(nofile 09-stability-limit),4,12,0,$wrong01,$full02,$zero"
    done
    echo "submission_3,24,36,partial,Di Mac,di@example.edu,104,09-stability-limit: The submission does not compile. 09a.c:1:1: error: unknown type name 'this',12,12,0,$full01,$full02,$zero"
    echo "submission_4,0,36,invalid-file,Ed Empty,ed@example.edu,105,01-euler-steps: $(nofile 01-euler-steps); 02-rk4-step: $(nofile 02-rk4-step); 09-stability-limit: $(nofile 09-stability-limit),0,0,0,$zero,$zero,$zero"
    echo "submission_5,,,missing,Flo Gone,flo@example.edu,106,\"named in submission_metadata.yml, but the export has no such folder\",,,,$blank,$blank,$blank"
    echo "submission_6,36,36,graded,Gus Copy,gus@example.edu,107,,12,12,12,$full01,$full02,$full09"
} >"$TMP/want.csv"
cmp -s "$TMP/want.csv" "$TMP/scores.csv" && pass || fail "scores.csv: $(diff "$TMP/want.csv" "$TMP/scores.csv")"
cat >"$TMP/want.canvas.csv" <<'CSV'
Student,ID,SIS User ID,SIS Login ID,Section,01-02-09
Ada Right,,101,ada@example.edu,,36
Bo Group,,102,bo@example.edu,,16
Cy Group,,103,cy@example.edu,,16
Di Mac,,104,di@example.edu,,24
Ed Empty,,105,ed@example.edu,,0
Gus Copy,,107,gus@example.edu,,36
CSV
cmp -s "$TMP/want.canvas.csv" "$TMP/scores.canvas.csv" && pass ||
    fail "scores.canvas.csv: $(diff "$TMP/want.canvas.csv" "$TMP/scores.canvas.csv")"
# The total in results.json is the Gradescope package's: the merged parts, tests prefixed with their exercise.
expect_eq "submission_2.json: the total" "$(python3 -c 'import json, sys; j = json.load(open(sys.argv[1]))
print(j["score"], j["max_score"], len(j["tests"]))' "$TMP/scores.d/submission_2.json")" "16 36 30"
grep -q 'identical  100%  submission_1 (Ada Right.*~  submission_6 (Gus Copy' "$TMP/out" && pass ||
    fail "similar: the copy of submission_1 is not found"
[ -f "$TMP/scores.01-euler-steps.similar.txt" ] && [ -f "$TMP/scores.09-stability-limit.similar.txt" ] && pass ||
    fail "similar: no report an exercise"
class_counts "$TMP/out" "$TMP/scores.csv"
finish
