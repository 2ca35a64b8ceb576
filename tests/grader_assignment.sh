#!/bin/sh
# grade-all of an assignment of three exercises, on a Gradescope export as Gradescope lays it out: each
# folder holds 01.c, 02.c and 09.c under the names students give them, graded by the Gradescope package's own rule
# (tools/grader/uploads.h, through assignment.sh). The export: all three right, a group of two with 09 not handed in,
# a macOS Finder zip (its __MACOSX folder, ._NAME copies and .DS_Store beside the files) whose 09 does not compile, an empty
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
  :created_at: 2026-12-01 10:00:00.123456789 -08:00
submission_2:
  :submitters:
  - :name: Bo Group
    :sid: '102'
    :email: bo@example.edu
  - :name: Cy Group
    :sid: '103'
    :email: cy@example.edu
  :created_at: 2026-12-02 22:29:00.000000000 -08:00
submission_3:
  :submitters:
  - :name: Di Mac
    :sid: '104'
    :email: di@example.edu
  :created_at: '2026-12-02 05:59:00.5 +00:00'
submission_4:
  :submitters:
  - :name: Ed Empty
    :sid: '105'
    :email: ed@example.edu
  :created_at: 2026-12-01T23:00:00-05:00
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
    Points Possible,,,,,36
"Right, Ada",,101,ada@example.edu,,36
"Group, Bo",,102,bo@example.edu,,16
"Group, Cy",,103,cy@example.edu,,16
"Mac, Di",,104,di@example.edu,,24
"Empty, Ed",,105,ed@example.edu,,0
"Gone, Flo",,106,flo@example.edu,,0
"Copy, Gus",,107,gus@example.edu,,36
CSV
cmp -s "$TMP/want.canvas.csv" "$TMP/scores.canvas.csv" && pass ||
    fail "scores.canvas.csv: $(diff "$TMP/want.canvas.csv" "$TMP/scores.canvas.csv")"
# The total in results.json is the Gradescope package's: the merged parts, tests prefixed with their exercise.
expect_eq "submission_2.json: the total" "$(python3 -c 'import json, sys; j = json.load(open(sys.argv[1]))
print(j["score"], j["max_score"], len(j["tests"]))' "$TMP/scores.d/submission_2.json")" "16 36 30"
grep -q 'identical  2 submissions: submission_1 (Ada Right.*, submission_6 (Gus Copy' "$TMP/out" && pass ||
    fail "similar: the copy of submission_1 is not found"
[ -f "$TMP/scores.01-euler-steps.similar.txt" ] && [ -f "$TMP/scores.09-stability-limit.similar.txt" ] && pass ||
    fail "similar: no report an exercise"
class_counts "$TMP/out" "$TMP/scores.csv"

# --- ONLY=: one submission regraded, every other row as it was ----------------------------------------------------
# The group of submission_2 hands in its 09 late; the instructor regrades it by a student's sid (103, Cy Group):
# 4 + 12 + 12 = 28, every part graded now. Every other row of scores.csv, of the LMS files, every other results.json
# and feedback file stay byte for byte as they were.
cp "$TMP/scores.csv" "$TMP/before.csv" && cp "$TMP/scores.canvas.csv" "$TMP/before.canvas.csv"
cp -r "$TMP/scores.d" "$TMP/before.d" && cp -r "$TMP/scores.feedback" "$TMP/before.feedback"
cp $s09 "$e/submission_2/09.c"
timeout 300 sh tools/grader/grade-all.sh --exercises "$EXS" "$B/grader" exercises "$e" "$TMP/scores.csv" --only 103 \
    --timeout 2 >"$TMP/out" 2>&1 </dev/null
expect_eq "ONLY: exit status" $? 0
expect_eq "ONLY: one line graded" "$(grep -c '^submission_[0-9]*: ' "$TMP/out")" 1
grep -v '^submission_2,' "$TMP/before.csv" >"$TMP/want.rest" && grep -v '^submission_2,' "$TMP/scores.csv" >"$TMP/got.rest"
cmp -s "$TMP/want.rest" "$TMP/got.rest" && pass || fail "ONLY: other rows changed: $(diff "$TMP/want.rest" "$TMP/got.rest")"
expect_eq "ONLY: the regraded rows" "$(grep '^submission_2,' "$TMP/scores.csv" | cut -d, -f1-7,9-11 | tr '\n' ' ')" \
    "submission_2,28,36,graded,Bo Group,bo@example.edu,102,4,12,12 submission_2,28,36,graded,Cy Group,cy@example.edu,103,4,12,12 "
expect_eq "ONLY: the Canvas file" "$(diff "$TMP/before.canvas.csv" "$TMP/scores.canvas.csv" | grep '^[<>]' | tr '\n' ' ')" \
    '< "Group, Bo",,102,bo@example.edu,,16 < "Group, Cy",,103,cy@example.edu,,16 > "Group, Bo",,102,bo@example.edu,,28 > "Group, Cy",,103,cy@example.edu,,28 '
for n in 1 3 4 6; do
    cmp -s "$TMP/before.d/submission_$n.json" "$TMP/scores.d/submission_$n.json" && pass || fail "ONLY: submission_$n.json changed"
done
for f in submission_1 submission_3 submission_4 submission_6; do
    cmp -s "$TMP/before.feedback/$f.txt" "$TMP/scores.feedback/$f.txt" && pass || fail "ONLY: $f.txt changed"
done
grep -q '^score 28 / 36 (graded)$' "$TMP/scores.feedback/submission_2.txt" && pass || fail "ONLY: submission_2.txt not rewritten"
expect_usage "ONLY: 'nobody' names no submission" \
    sh tools/grader/grade-all.sh --exercises "$EXS" "$B/grader" exercises "$e" "$TMP/scores.csv" --only nobody
expect_usage "ONLY: submission_1 was not graded by an earlier grade-all" \
    sh tools/grader/grade-all.sh --exercises "$EXS" "$B/grader" exercises "$e" "$TMP/fresh.csv" --only submission_2
rm "$e/submission_2/09.c"

# --- the due date and the late policy ---------------------------------------------------------------------------
# DUE 2026-12-01T23:59:00-05:00 is 2026-12-02 04:59:00 UTC. submission_1 at 18:00 UTC the day before: on time.
# submission_2 at 2026-12-03 06:29 UTC: 25.5 hours late, two days (or part of one): 16 x (1 - 2 x 10%) = 12.8.
# submission_3 at 05:59:00.5 UTC: 1.0001 hours, 1 to the hundredth, one day: 24 x 0.9 = 21.6. submission_4 at
# 23:00 -05:00: on time, 0. submission_6 has no :created_at:: flagged, no final_score. submission_5 has no folder.
late_columns() {   # CSV: submission,late_hours,final_score of each row
    python3 -c 'import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")):
    print(r["submission"], r["late_hours"] or "-", r["final_score"] or "-", r["submitted_at"] or "-")' "$1"
}
late() {   # CSV options: grade-all of the export again with options
    l_csv=$1
    shift
    timeout 300 sh tools/grader/grade-all.sh --exercises "$EXS" "$B/grader" exercises "$e" "$l_csv" "$@" --timeout 2 \
        >"$TMP/out" 2>&1 </dev/null
    rc=$?
}
late "$TMP/late.csv" --due 2026-12-01T23:59:00-05:00 --late-penalty 10
expect_eq "late: exit status" $rc 0
head -n 1 "$TMP/late.csv" | grep -q '^submission,score,max_score,status,name,email,sid,reason,submitted_at,late_hours,final_score,01-euler-steps,' &&
    pass || fail "late: the columns: $(head -c 160 "$TMP/late.csv")"
cat >"$TMP/want.late" <<'EOF'
submission_1 0 36 2026-12-01 10:00:00.123456789 -08:00
submission_2 25.5 12.8 2026-12-02 22:29:00.000000000 -08:00
submission_2 25.5 12.8 2026-12-02 22:29:00.000000000 -08:00
submission_3 1 21.6 2026-12-02 05:59:00.5 +00:00
submission_4 0 0 2026-12-01T23:00:00-05:00
submission_5 - - -
submission_6 - - -
EOF
late_columns "$TMP/late.csv" >"$TMP/got.late"
cmp -s "$TMP/want.late" "$TMP/got.late" && pass || fail "late: $(diff "$TMP/want.late" "$TMP/got.late")"
cat >"$TMP/want.canvas.csv" <<'EOF'
Student,ID,SIS User ID,SIS Login ID,Section,01-02-09
    Points Possible,,,,,36
"Right, Ada",,101,ada@example.edu,,36
"Group, Bo",,102,bo@example.edu,,12.8
"Group, Cy",,103,cy@example.edu,,12.8
"Mac, Di",,104,di@example.edu,,21.6
"Empty, Ed",,105,ed@example.edu,,0
"Gone, Flo",,106,flo@example.edu,,0
"Copy, Gus",,107,gus@example.edu,,
EOF
cmp -s "$TMP/want.canvas.csv" "$TMP/late.canvas.csv" && pass ||
    fail "late: the Canvas file: $(diff "$TMP/want.canvas.csv" "$TMP/late.canvas.csv")"
grep -qF 'due 2026-12-01T23:59:00-05:00: 2 on time, 2 late (final_score: 10% off a day or part of one), 1 without :created_at: (flagged: no final_score)' "$TMP/out" &&
    pass || fail "late: the summary: $(grep '^due' "$TMP/out")"
# No policy: late work is flagged (no final_score, nothing for the LMS), never scored as if on time.
# docs/grade-all/ (docs/exercises.md's sample files) is this run's output: it stays what grade-all writes.
for f in scores.csv scores.canvas.csv scores.moodle.csv scores.feedback/submission_2.txt; do
    cmp -s "docs/grade-all/$f" "$TMP/late${f#scores}" && pass || fail "docs/grade-all/$f is not what grade-all writes now"
done
late "$TMP/flag.csv" --due 2026-12-01T23:59:00-05:00 --missing blank
late_columns "$TMP/flag.csv" | cut -d' ' -f1-3 | tr '\n' ' ' >"$TMP/got.flag"
expect_eq "no policy: the late are flagged" "$(cat "$TMP/got.flag")" \
    "submission_1 0 36 submission_2 25.5 - submission_2 25.5 - submission_3 1 - submission_4 0 0 submission_5 - - submission_6 - - "
grep -qF '2 late (flagged: no LATE_PENALTY' "$TMP/out" && pass || fail "no policy: not said"
expect_eq "no policy: the Canvas grades" "$(tail -n +3 "$TMP/flag.canvas.csv" | sed 's/.*,//' | tr '\n' ' ')" "36    0   "
grep -qF '1 student named in the metadata submitted nothing: blank in the LMS files (MISSING=blank)' "$TMP/out" && pass ||
    fail "MISSING=blank: not said"
late "$TMP/zero.csv" --due 2026-12-01T23:59:00-05:00 --late-penalty zero
expect_eq "LATE_PENALTY=zero" "$(late_columns "$TMP/zero.csv" | cut -d' ' -f3 | tr '\n' ' ')" "36 0 0 0 0 - - "
expect_usage "DUE: '2026-12-01 23:59' is not a date and time \(allowed: ISO 8601 with its offset" \
    sh tools/grader/grade-all.sh --exercises "$EXS" "$B/grader" exercises "$e" "$TMP/x.csv" --due "2026-12-01 23:59"
expect_usage "LATE_PENALTY: '10' needs DUE" \
    sh tools/grader/grade-all.sh --exercises "$EXS" "$B/grader" exercises "$e" "$TMP/x.csv" --late-penalty 10
expect_usage "MISSING: 'none' is not a policy \(allowed: zero or blank\)" \
    sh tools/grader/grade-all.sh --exercises "$EXS" "$B/grader" exercises "$e" "$TMP/x.csv" --missing none
[ -e "$TMP/x.csv" ] && fail "bad usage: a CSV was written"
finish
