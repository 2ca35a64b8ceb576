#!/bin/sh
# grade-all as a course uses it: a Gradescope export of ten students (submission folders holding their .c
# file under any name, submission_metadata.yml naming them, with quotes, accents, commas, a newline and escape
# sequences in the names, a formula for a name, a group of two), two identical pairs (byte for byte, and but for
# comments and white space), a folder with two .c files, one with none, one the metadata does not name and a name
# with no folder. Checked: scores.csv to the byte (a row a student, a column a test, the points known from the
# exercise's tests.c and hidden/tests.c), the Canvas and Moodle CSVs, the similarity report (both pairs found and
# marked, no pair among clearly different files), the summary (mean and median by hand below); then hostile
# metadata, a flat folder, sim_c missing and bad usage.
. tests/lib/cli.sh
. tests/lib/class_counts.sh
B=${NUMLAB_BUILD:-build}
EX=01-euler-steps
[ -f exercises/$EX/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }
J="$B/grader/$EX/judge"
LIB="$B/grader/$EX/probe.a"
chmod 755 "$TMP"
esc=$(printf '\033')
grade_all() {   # DIR CSV [options]: grade-all, its output in $TMP/out, its status in $rc
    g_dir=$1 g_csv=$2
    shift 2
    timeout 120 sh tools/grader/grade-all.sh "$J" "$LIB" exercises/$EX "$g_dir" "$g_csv" "$@" --timeout 1 \
        >"$TMP/out" 2>&1 </dev/null
    rc=$?
    return $rc
}
section() {   # FILE HEADING: the lines under HEADING up to the next empty line
    awk -v h="$2" 'index($0, h) == 1 { on = 1; next } on && $0 == "" { exit } on' "$1"
}
csv_ok() {   # FILE: RFC 4180, every row as wide as the header
    python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8"), strict=True))
sys.exit(len(rows) < 2 or any(len(r) != len(rows[0]) for r in rows))' "$1" && pass || fail "$1 is not a rectangular CSV"
}

# --- the export -------------------------------------------------------------------------------------------------
ex=exercises/$EX
e="$TMP/export"
sol=$ex/solution.c
for n in 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1012; do mkdir -p "$e/submission_$n"; done
cp $sol "$e/submission_1001/euler.c"                          # right
cp $sol "$e/submission_1002/student.c"                        # byte-identical to 1001
cp $ex/student.c "$e/submission_1003/student.c"               # the stub
mkdir -p "$e/submission_1004/lab 1"
cp tests/grader/hostile/wrong_answer.c "$e/submission_1004/lab 1/steps.c"   # wrong: x moves with the new v
# 1005: 1004 with other comments and other white space: identical after normalizing
{ echo '// mine, all mine'; tail -n +3 tests/grader/hostile/wrong_answer.c | sed -e 's/^    /\t/' -e 's/ \* dt/*dt/'; } \
    >"$e/submission_1005/wrong.c"
# 1006: the solution, but the semi-implicit step is the explicit one
sed '/^state euler_semi_implicit_step/,$d' $sol >"$e/submission_1006/group.c"
printf 'state euler_semi_implicit_step(spring s, state y, double dt)\n{\n    return euler_explicit_step(s, y, dt);\n}\n' \
    >>"$e/submission_1006/group.c"
sed 's#) / s.m;#);   /* forgot the mass */#' $sol >"$e/submission_1007/euler.c"                # the mass left out
sed 's/double a = acceleration(s, y);/double a = acceleration(s, y)/' $sol >"$e/submission_1008/euler.c"   # no ';'
cp $sol "$e/submission_1009/a.c" && cp $ex/student.c "$e/submission_1009/b.c"   # two .c files
echo "I could not make it work" >"$e/submission_1010/README.txt"                 # none
mkdir -p "$e/__MACOSX" "$e/submission_1012/__MACOSX"                             # macOS litter, not submissions
cp $sol "$e/submission_1012/._euler.c" && cp $sol "$e/submission_1012/__MACOSX/._halves.c"
echo litter >"$e/submission_1012/.DS_Store"
cat >"$e/submission_1012/halves.c" <<'EOF'
#include "exercise.h"
/* Two half steps of something else entirely. */
state euler_explicit_step(spring s, state y, double dt)
{
    state h = y;
    for (int i = 0; i < 2; i++) {
        double f = -s.k * (h.x - s.target) / s.m;
        h.x += 0.5 * dt * h.v;
        h.v += 0.5 * dt * f;
    }
    return h;
}

state euler_semi_implicit_step(spring s, state y, double dt)
{
    (void)dt;
    return (state){s.target + (y.x - s.target) * 0.5, 0.0};
}
EOF
cat >"$e/submission_metadata.yml" <<'EOF'
# Gradescope's export, with names as students type them
submission_1001:
  :submitters:
  - :name: Jane Doe
    :sid: '1234'
    :email: jane@example.edu
  :created_at: 2026-11-20 10:00:00.000000000 -08:00
  :score: 0.0
submission_1002:
  :submitters:
  - :name: 'Zoë O''Brien'
    :sid: '1235'
    :email: zoe@example.edu
  :created_at: 2026-11-20 10:01:00.000000000 -08:00
submission_1003:
  :submitters:
  - :name: "Smith, \"Ace\": Jr."
    :sid: 1236
    :email: ace@example.edu
submission_1004:
  :submitters:
  - :name: "Ann\nLee \e[2J\e]0;owned\a"
    :sid: '1237'
    :email: ann@example.edu
submission_1005:
  :submitters:
  - :name: =HYPERLINK("http://example.com")
    :sid: '1238'
    :email: eve@example.edu
submission_1006:
  :submitters:
  - :name: Bo Li
    :sid: '1239'
    :email: bo@example.edu
  - :name: Chloé Dubois
    :sid: '1240'
    :email: chloe@example.edu
EOF
for entry in "1007|Müller, Jörg|jorg" "1008|Kim Park|kim" "1009|Two Files|two" "1010|No Files|none" \
    "1011|Gone Missing|gone"; do   # plain names (the sid is 234 past the folder's number)
    n=${entry%%|*} rest=${entry#*|}
    printf "submission_%s:\n  :submitters:\n  - :name: %s\n    :sid: '%s'\n    :email: %s@example.edu\n" \
        "$n" "${rest%|*}" $((n + 234)) "${rest#*|}" >>"$e/submission_metadata.yml"
done

# --- grade-all on it --------------------------------------------------------------------------------------------
grade_all "$e" "$TMP/scores.csv"
expect_eq "export: grade-all exit status" "$rc" 0
# The columns: the contract first, the student, the reason, then each test's points in the exercise's order (its
# points.h: explicit_by_hand 1, semi_by_hand 1, mass_damping_target 1, seed_explicit_explodes 2, seed_table 2; hidden:
# jordan_block 1, explicit_energy_gain 1, explicit_closed_form 1, semi_modified_energy 1, semi_damped_matrix 1), named
# as the judge names them (taken from 1001's results.json, so that renaming a test does not break this test).
#   1001, 1002 the solution: all 12.   1003 the stub: nothing.   1012 two half steps of something else: nothing.
#   1004, 1005 x moved with the new v (wrong_answer.c, deserves 4): the semi-implicit-only cases.
#   1006 semi-implicit = explicit: the explicit-only cases, 1 + 2 + 1 + 1 = 5.
#   1007 the mass left out: nothing (every case has m != 1).
#   1008 does not compile, 1009 and 1010 hand in two .c files and none: 0. 1011 has no folder: no score at all.
{
    printf 'submission,score,max_score,status,name,email,sid,reason'
    python3 -c 'import csv, json, sys
tests = json.load(open(sys.argv[1]))["tests"]
csv.writer(sys.stdout, lineterminator="\n").writerow(
    [("" if t["visibility"] == "visible" else "[hidden] ") + t["name"] for t in tests])' \
        "$TMP/scores.d/submission_1001.json" | sed 's/^/,/'
    cat <<'EOF'
submission_1001,12,12,graded,Jane Doe,jane@example.edu,1234,,1,1,1,2,2,1,1,1,1,1
submission_1002,12,12,graded,Zoë O'Brien,zoe@example.edu,1235,,1,1,1,2,2,1,1,1,1,1
submission_1003,0,12,graded,"Smith, ""Ace"": Jr.",ace@example.edu,1236,,0,0,0,0,0,0,0,0,0,0
submission_1004,4,12,graded,Ann\x0aLee \x1b[2J\x1b]0;owned\x07,ann@example.edu,1237,,0,1,0,0,0,1,0,0,1,1
submission_1005,4,12,graded,"'=HYPERLINK(""http://example.com"")",eve@example.edu,1238,,0,1,0,0,0,1,0,0,1,1
submission_1006,5,12,graded,Bo Li,bo@example.edu,1239,,1,0,0,2,0,0,1,1,0,0
submission_1006,5,12,graded,Chloé Dubois,chloe@example.edu,1240,,1,0,0,2,0,0,1,1,0,0
submission_1007,0,12,graded,"Müller, Jörg",jorg@example.edu,1241,,0,0,0,0,0,0,0,0,0,0
submission_1008,0,12,compile-error,Kim Park,kim@example.edu,1242,"The submission does not compile. euler.c:12:5: error: expected ',' or ';' before 'return'",0,0,0,0,0,0,0,0,0,0
submission_1009,0,12,invalid-file,Two Files,two@example.edu,1243,"2 .c files in the folder (allowed: exactly one): a.c, ...",0,0,0,0,0,0,0,0,0,0
submission_1010,0,12,invalid-file,No Files,none@example.edu,1244,no .c file in the folder (allowed: exactly one),0,0,0,0,0,0,0,0,0,0
submission_1011,,,missing,Gone Missing,gone@example.edu,1245,"named in submission_metadata.yml, but the export has no such folder",,,,,,,,,,
submission_1012,0,12,graded,,,,,0,0,0,0,0,0,0,0,0,0
EOF
} >"$TMP/want.csv"
expect_eq "scores.csv: ten test columns" "$(head -n 1 "$TMP/want.csv" | grep -o '\[hidden\]' | wc -l | tr -d ' ')" 5
cmp -s "$TMP/want.csv" "$TMP/scores.csv" && pass || fail "scores.csv: $(diff "$TMP/want.csv" "$TMP/scores.csv")"
csv_ok "$TMP/scores.csv"
# Canvas and Moodle: a row a student whose score is theirs (not 1012, no student), and the student with no folder
# (1011) at 0 (MISSING=zero by default). Canvas's as it documents its import and exports its gradebook: the Points
# Possible row under the header, the name "Last, First" (a name with a comma as written), its own user ID (not in the
# export) empty, the sid as SIS User ID, the email as SIS Login ID.
cat >"$TMP/want.canvas.csv" <<'EOF'
Student,ID,SIS User ID,SIS Login ID,Section,01-euler-steps
    Points Possible,,,,,12
"Doe, Jane",,1234,jane@example.edu,,12
"O'Brien, Zoë",,1235,zoe@example.edu,,12
"Smith, ""Ace"": Jr.",,1236,ace@example.edu,,0
"\x1b[2J\x1b]0;owned\x07, Ann\x0aLee",,1237,ann@example.edu,,4
"'=HYPERLINK(""http://example.com"")",,1238,eve@example.edu,,4
"Li, Bo",,1239,bo@example.edu,,5
"Dubois, Chloé",,1240,chloe@example.edu,,5
"Müller, Jörg",,1241,jorg@example.edu,,0
"Park, Kim",,1242,kim@example.edu,,0
"Files, Two",,1243,two@example.edu,,0
"Files, No",,1244,none@example.edu,,0
"Missing, Gone",,1245,gone@example.edu,,0
EOF
cmp -s "$TMP/want.canvas.csv" "$TMP/scores.canvas.csv" && pass ||
    fail "scores.canvas.csv: $(diff "$TMP/want.canvas.csv" "$TMP/scores.canvas.csv")"
cat >"$TMP/want.moodle.csv" <<'EOF'
Email address,ID number,Full name,01-euler-steps
jane@example.edu,1234,Jane Doe,12
zoe@example.edu,1235,Zoë O'Brien,12
ace@example.edu,1236,"Smith, ""Ace"": Jr.",0
ann@example.edu,1237,Ann\x0aLee \x1b[2J\x1b]0;owned\x07,4
eve@example.edu,1238,"'=HYPERLINK(""http://example.com"")",4
bo@example.edu,1239,Bo Li,5
chloe@example.edu,1240,Chloé Dubois,5
jorg@example.edu,1241,"Müller, Jörg",0
kim@example.edu,1242,Kim Park,0
two@example.edu,1243,Two Files,0
none@example.edu,1244,No Files,0
gone@example.edu,1245,Gone Missing,0
EOF
cmp -s "$TMP/want.moodle.csv" "$TMP/scores.moodle.csv" && pass ||
    fail "scores.moodle.csv: $(diff "$TMP/want.moodle.csv" "$TMP/scores.moodle.csv")"
grep -qF '1 student named in the metadata submitted nothing: 0 in the LMS files (MISSING=zero)' "$TMP/out" && pass ||
    fail "summary: the missing student's policy is not said"
csv_ok "$TMP/scores.canvas.csv"
csv_ok "$TMP/scores.moodle.csv"

# The results.json of each folder, the two that were not graded too; none for 1011.
for n in 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1012; do
    python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$TMP/scores.d/submission_$n.json" 2>/dev/null &&
        pass || fail "submission_$n: no valid results.json"
done
grep -q '2 .c files in the folder' "$TMP/scores.d/submission_1009.json" && pass || fail "1009: results.json has no reason"
[ -e "$TMP/scores.d/submission_1011.json" ] && fail "1011: a results.json for a folder that does not exist"
ls -a "$TMP" "$TMP/scores.d" | grep -q 'numlab-results' && fail "a temporary file was left behind"

# The feedback files: one a submission handed in (not 1011), who, the score, why, each test and what was wrong.
fb="$TMP/scores.feedback"
expect_eq "feedback: a file a submission" "$(ls "$fb" | tr '\n' ' ')" "$(for n in 1001 1002 1003 1004 1005 1006 1007 1008 \
    1009 1010 1012; do printf 'submission_%s.txt ' $n; done)"
printf 'numlab: submission_1010 (No Files <none@example.edu>)\nscore 0 / 12 (invalid-file)\nwhy: no .c file in the folder (allowed: exactly one)\n' \
    >"$TMP/want.fb"
cmp -s "$TMP/want.fb" "$fb/submission_1010.txt" && pass || fail "feedback 1010: $(diff "$TMP/want.fb" "$fb/submission_1010.txt")"
# The test lines from the header of want.csv (the names) and the points written by hand above: "tests_of GOT" prints
# "  PASS|FAIL GOT/MAX  NAME" for each, GOT a comma-separated list, MAX 1,1,1,2,2,1,1,1,1,1 (points.h).
tests_of() {
    head -n 1 "$TMP/want.csv" | python3 -c 'import csv, sys
names = next(csv.reader(sys.stdin))[8:]
got, top = sys.argv[1].split(","), "1,1,1,2,2,1,1,1,1,1".split(",")
for n, g, m in zip(names, got, top):
    print("  %s %s/%s  %s" % ("PASS" if g == m else "FAIL", g, m, n))
    if sys.argv[2:]: print("         " + sys.argv[2])' "$@"
}
{
    printf 'numlab: submission_1008 (Kim Park <kim@example.edu>)\nscore 0 / 12 (compile-error)\n'
    printf "why: The submission does not compile. euler.c:12:5: error: expected ',' or ';' before 'return'\n\ntests:\n"
    tests_of 0,0,0,0,0,0,0,0,0,0 "not run: the submission does not compile (see the messages above)"
    printf "\nthe grader's messages:\n  The submission does not compile.\n"
} >"$TMP/want.fb"
head -n "$(wc -l <"$TMP/want.fb")" "$fb/submission_1008.txt" >"$TMP/got.fb"
cmp -s "$TMP/want.fb" "$TMP/got.fb" && pass || fail "feedback 1008: $(diff "$TMP/want.fb" "$TMP/got.fb")"
tests_of 0,1,0,0,0,1,0,0,1,1 >"$TMP/want.fb"   # 1004, as in scores.csv
grep '^  [PF]A[SI][SL] ' "$fb/submission_1004.txt" >"$TMP/got.fb"
cmp -s "$TMP/want.fb" "$TMP/got.fb" && pass || fail "feedback 1004: $(diff "$TMP/want.fb" "$TMP/got.fb")"
grep -qF '         x after 1 step: got 1.04166666667, want 0 (tolerance 1e-12)  <- wrong' "$fb/submission_1004.txt" && pass ||
    fail "feedback 1004: what was wrong is not said"
grep -q "$esc" "$fb"/*.txt && fail "feedback: an ESC byte in a feedback file"

# The summary. Scores of the 11 folders (1011 has none): 12 12 0 4 4 5 0 0 0 0 0; sum 37, mean 37/11 = 3.364;
# sorted 0 0 0 0 0 0 4 4 5 12 12, median the 6th: 0. Of the 8 whose tests ran, mass_damping_target and seed_table
# failed in 6 (all but 1001, 1002), explicit_by_hand in 5 (1003 1004 1005 1007 1012).
out="$TMP/out"
grep -q "$esc" "$out" && fail "summary: an ESC byte reached the terminal"
class_counts "$out" "$TMP/scores.csv"
grep -qF 'class summary: 12 submissions (8 graded, 1 compile-error, 2 invalid-file, 1 missing)' "$out" && pass ||
    fail "summary: the counts: $(grep 'class summary' "$out")"
grep -qF '11 scores out of 12: mean 3.364, median 0, lowest 0, highest 12' "$out" && pass ||
    fail "summary: mean and median: $(grep 'scores out of' "$out")"
grep -qF 'scores: 0 x6, 4 x2, 5 x1, 12 x2' "$out" && pass || fail "summary: the histogram's counts"
grep -qF 'scores of 11 submissions (out of 12)' "$out" && pass || fail "summary: no histogram"
[ "$(grep -c '┤' "$out")" -ge 3 ] && pass || fail "summary: the histogram has no axis"
grep -q '6 of 8  both steps with m = 2, c = 3 and target = -1, by hand (1 pt)' "$out" && pass ||
    fail "summary: the test most failed: $(grep -A 2 'most failed' "$out")"
grep -q '6 of 8  the spring article: the ten-row table' "$out" && pass || fail "summary: the second test most failed"
grep -q "5 of 8  explicit Euler: two steps of the spring article's spring" "$out" && pass || fail "summary: the third test most failed"
grep -qF 'submission_1011: missing' "$out" && pass || fail "summary: the missing folder is not said"
grep -qF 'submission_1012: graded (not in submission_metadata.yml: no student)' "$out" && pass ||
    fail "summary: the folder the metadata lacks is not said"
grep -qF 'Ann\x0aLee \x1b[2J' "$out" && pass || fail "summary: the name with escapes is not shown escaped"

# Similar pairs: the byte-identical and the normalized pair found and marked; no pair among the clearly different
# (the stub 1003, 1012, and the wrong answer 1004/1005 against the solution's family 1001 1002 1006 1007 1008).
sim="$TMP/scores.similar.txt"
section "$sim" "byte-identical:" >"$TMP/identical"
section "$sim" "identical after removing comments" >"$TMP/normalized"
section "$sim" "sim_c -p:" >"$TMP/simc"
expect_eq "similar: one byte-identical cluster" "$(cat "$TMP/identical")" \
    "  2 submissions: submission_1001 (Jane Doe <jane@example.edu>), submission_1002 (Zoë O'Brien <zoe@example.edu>)"
expect_eq "similar: one normalized cluster" "$(grep -c . "$TMP/normalized")" 1
grep -q '^  2 submissions: submission_1004 (Ann\\x0aLee.*, submission_1005' "$TMP/normalized" && pass ||
    fail "similar: not 1004 ~ 1005"
expect_eq "similar: one sim_c cluster" "$(grep -c . "$TMP/simc")" 1
grep -q 'submission_1001.*submission_1007' "$TMP/simc" && pass || fail "similar: sim_c missed the solution with an edit"
grep -qF '8 submissions compared' "$sim" && pass || fail "similar: not 8 compared (1003, the starter as it was, is not)"
for pair in "1003 " "1012" "100[45].*100[12678]" "100[12678].*100[45]"; do
    grep -q "submission_$pair" "$sim" && fail "similar: a false pair: $(grep "submission_$pair" "$sim")"
done
grep -qF 'identical  2 submissions: submission_1001 (Jane Doe' "$out" && pass || fail "similar: not said on the terminal"
grep -q "$esc" "$sim" && fail "similar: an ESC byte in the report"
grep -q 'no score is changed' "$sim" && pass || fail "similar: the report does not say it is advisory"

# --- ONLY=: 1008 fixes its ';' (now the solution itself) and is regraded by its folder's name; every other row as it
# was, and the similarity report still compares the others (their copies kept from the first run): 1008 joins the
# byte-identical cluster of 1001 and 1002.
cp "$TMP/scores.csv" "$TMP/before.csv"
cp $sol "$e/submission_1008/euler.c"
grade_all "$e" "$TMP/scores.csv" --only submission_1008
expect_eq "ONLY: exit status" "$rc" 0
expect_eq "ONLY: the other rows" "$(diff "$TMP/before.csv" "$TMP/scores.csv" | grep -c '^[<>] submission_100[^8]')" 0
grep -q '^submission_1008,12,12,graded,Kim Park,kim@example.edu,1242,,1,1,1,2,2,1,1,1,1,1$' "$TMP/scores.csv" && pass ||
    fail "ONLY: 1008 not regraded: $(grep '^submission_1008' "$TMP/scores.csv")"
expect_eq "ONLY: the identical cluster" "$(section "$TMP/scores.similar.txt" "byte-identical:" | sed 's/ (\([^)]*\))//g')" \
    "  3 submissions: submission_1001, submission_1002, submission_1008"
cp "$TMP/before.csv" "$TMP/scores.csv"

# --- hostile metadata ---------------------------------------------------------------------------------------------
h="$TMP/hostile"
mkdir -p "$h/submission_1"
cp $sol "$h/submission_1/a.c"
printf 'submission_1:\n  :submitters:\n  - :name: "unclosed\n' >"$h/submission_metadata.yml"
expect_usage "SUBMISSIONS: .*submission_metadata.yml': line [0-9]+: .*allowed: Gradescope's export metadata" \
    sh tools/grader/grade-all.sh "$J" "$LIB" exercises/$EX "$h" "$TMP/h.csv"
python3 -c 'print("x: " + "[" * 200000 + "]" * 200000)' >"$h/submission_metadata.yml"   # minutes for libyaml
expect_usage "line 1: nested more than 32 deep" timeout 10 sh tools/grader/grade-all.sh "$J" "$LIB" exercises/$EX "$h" \
    "$TMP/h.csv"
printf -- '- a list\n- not a mapping\n' >"$h/submission_metadata.yml"
expect_usage "not a mapping of submission folders" sh tools/grader/grade-all.sh "$J" "$LIB" exercises/$EX "$h" "$TMP/h.csv"
# Keys that are paths or escapes, aliases nine deep (a billion laughs if expanded), a key given twice.
{
    printf 'laughs:\n  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    p=a
    for k in b c d e f g h i; do printf '  %s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n' $k $k $p $p $p $p $p $p $p $p $p
        p=$k; done
    printf '  :submitters: *i\n'
    printf '"../../etc":\n  :submitters:\n  - {":name": "Up There", ":email": "up@example.edu"}\n'
    printf '"esc\\e[2J":\n  :submitters: []\n'
    printf 'submission_1:\n  :submitters: &who\n  - :name: "Tab\\tand: colon"\n    :email: t@example.edu\n'
    printf 'submission_1:\n  :submitters: *who\n'
} >"$h/submission_metadata.yml"
# the aliases are references, never expanded (9^9 students if they were): bounded in CPU, not wall-clock, time
cpu_of grade_all "$h" "$TMP/h.csv"
expect_eq "hostile metadata: exit status" "$rc" 0
[ "$cpu" -le 30 ] && pass || fail "hostile metadata: the aliases took $cpu s of CPU (allowed: 30)"
expect_eq "hostile: the aliases" "$(grep -c '^laughs,,,missing,,,,' "$TMP/h.csv")" 1
grep -q '^\.\./\.\./etc,,,missing,Up There,up@example.edu,' "$TMP/h.csv" && pass || fail "hostile: a key as a path"
grep -q '^esc\\x1b\[2J,,,missing' "$TMP/h.csv" && pass || fail "hostile: a key with an escape"
grep -q '^submission_1,12,12,graded,Tab	and: colon,t@example.edu' "$TMP/h.csv" && pass ||
    fail "hostile: the key given twice: $(grep '^submission_1' "$TMP/h.csv")"
expect_eq "hostile: one row for the key given twice" "$(grep -c '^submission_1,' "$TMP/h.csv")" 1
grep -q "$esc" "$TMP/out" "$TMP/h.csv" && fail "hostile metadata: an ESC byte reached the terminal or the CSV"

# --- a flat folder, sim_c missing ---------------------------------------------------------------------------------
f="$TMP/flat"
mkdir -p "$f"
cp $sol "$f/alice.c" && cp $sol "$f/bob.c" && cp tests/grader/hostile/wrong_answer.c "$f/carol.c"
NUMLAB_SIM_C=no-such-sim_c grade_all "$f" "$TMP/flat.csv" --similarity 90
expect_eq "flat: exit status" "$rc" 0
expect_eq "flat: the rows" "$(cut -d, -f1-4 "$TMP/flat.csv" | tail -n +2 | tr '\n' ' ')" \
    "$f/alice.c,12,12,graded $f/bob.c,12,12,graded $f/carol.c,4,12,graded "
grep -qF 'no Canvas or Moodle CSV' "$TMP/out" && pass || fail "flat: the missing LMS files are not explained"
[ -e "$TMP/flat.canvas.csv" ] && fail "flat: a Canvas CSV without students"
grep -qF 'sim_c is not installed: percentages skipped' "$TMP/out" && pass || fail "flat: sim_c missing is not said"
grep -qF "  2 submissions: $f/alice.c, $f/bob.c" "$TMP/flat.similar.txt" && pass || fail "flat: the identical pair without sim_c"
grep -qF "sim_c's threshold 90%" "$TMP/flat.similar.txt" && pass || fail "flat: SIMILARITY not passed on"

# --- similarity clusters, the starter code subtracted --------------------------------------------------------------
# Five copies of the solution are one cluster (not ten pairs); the starter handed in as it was (s1, s2) has nothing
# of its own and is not compared, as MOSS's base file; the starter with the same added function (t1, t2) is.
k="$TMP/clusters"
mkdir -p "$k"
for n in 1 2 3 4 5; do cp $sol "$k/c$n.c"; done
cp $ex/student.c "$k/s1.c" && cp $ex/student.c "$k/s2.c"
for n in 1 2; do { cat $ex/student.c; printf 'int helper(int n)\n{\n    return 2 * n;\n}\n'; } >"$k/t$n.c"; done
NUMLAB_SIM_C=no-such-sim_c grade_all "$k" "$TMP/k.csv"
section "$TMP/k.similar.txt" "byte-identical:" >"$TMP/identical"
printf '  5 submissions: %s/c1.c, %s/c2.c, %s/c3.c, %s/c4.c, %s/c5.c\n  2 submissions: %s/t1.c, %s/t2.c\n' \
    "$k" "$k" "$k" "$k" "$k" "$k" "$k" >"$TMP/want.identical"
cmp -s "$TMP/want.identical" "$TMP/identical" && pass || fail "clusters: $(diff "$TMP/want.identical" "$TMP/identical")"
grep -qF '7 submissions compared' "$TMP/k.similar.txt" && pass || fail "clusters: not 7 compared (s1 and s2 are the starter)"
grep -q 's[12]\.c' "$TMP/k.similar.txt" && fail "clusters: the starter as it was is compared"
grep -qF 'similar submissions (advisory, no score changed): 2 byte-identical, 0 identical after normalizing' "$TMP/out" &&
    pass || fail "clusters: the terminal's count: $(grep '^similar' "$TMP/out")"

# --- bad usage ----------------------------------------------------------------------------------------------------
expect_usage "SIMILARITY: 'abc' is not allowed \(allowed: a percentage, 1..100\)" \
    sh tools/grader/grade-all.sh "$J" "$LIB" exercises/$EX "$f" "$TMP/s.csv" --similarity abc
expect_usage "SIMILARITY: '101'" sh tools/grader/grade-all.sh "$J" "$LIB" exercises/$EX "$f" "$TMP/s.csv" --similarity 101
mkdir -p "$TMP/empty" && echo '{}' >"$TMP/empty/submission_metadata.yml"
expect_usage "SUBMISSIONS: no submission folders in" sh tools/grader/grade-all.sh "$J" "$LIB" exercises/$EX "$TMP/empty" \
    "$TMP/s.csv"
finish
