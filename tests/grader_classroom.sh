#!/bin/sh
# make classroom, played as GitHub Classroom plays it: the template repository's files (student.c on top, the
# students' copy of numlab with this exercise only, no solution, no hidden test), its workflow read as JSON
# (tests/tools/yaml2json) and held to GitHub's workflow syntax and to the autograding actions' inputs (one graded
# step a visible test, worth its points; the reporter naming every step and its result), then each step's command run
# as Actions runs it, in a clone of the template with a student's file: the points of the steps that pass are what
# `make grade` gives that file's visible tests. The hidden tests stay with the instructor: grade-all on a folder of
# the class's repositories grades each one's student.c with them, as make grade does.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
[ -f exercises/01-euler-steps/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }
command -v jq >/dev/null 2>&1 || { fail "jq not found (make deps installs it)"; finish; exit 1; }
git rev-parse --verify -q HEAD >/dev/null 2>&1 || { echo "skip: not a git checkout (the template is made of HEAD)"; exit 0; }
chmod 755 "$TMP"
EX=01-euler-steps
T=$B/classroom/$EX
Y2J=$B/tests/tools/yaml2json
H=tests/grader/hostile

expect_usage "EXERCISE='77'" make -s --no-print-directory classroom EXERCISE=77
expect_ok make -s --no-print-directory classroom EXERCISE=01

# --- the template's files ------------------------------------------------------------------------------------------
cmp -s "$T/student.c" exercises/$EX/student.c && pass || fail "the template's student.c is not the exercise's stub"
expect_eq "the only .c file at the top" "$(cd "$T" && ls -d *.c)" student.c
expect_eq "the exercises in the template" "$(ls "$T/numlab/exercises")" $EX
find "$T" -name solution.c -o -path '*/hidden*' | grep . && fail "the template holds a solution or a hidden test"
[ ! -e "$T/numlab/exercises/$EX/student.c" ] && pass || fail "a second student.c in the template (numlab's stub)"
grep -q '^> Edit `student.c`' "$T/README.md" && grep -qF "$(sed -n 1p exercises/$EX/README.md)" "$T/README.md" && pass ||
    fail "README.md: $(head -n 3 "$T/README.md")"
grep -q '^> Edite `student.c`' "$T/README.es.md" && pass || fail "README.es.md: $(head -n 2 "$T/README.es.md")"

# --- the workflow, against GitHub's workflow syntax (docs.github.com, "Workflow syntax for GitHub Actions") and the
# inputs of classroom-resources/autograding-command-grader and autograding-grading-reporter --------------------------
wf=$TMP/workflow.json
"$Y2J" "$T/.github/workflows/classroom.yml" >"$wf" && pass || fail "the workflow is not YAML: $(cat "$wf")"
q() { jq -e "$1" "$wf" >/dev/null 2>&1 && pass || fail "workflow: $2"; }
q 'keys - ["name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"] == []' \
    "a top-level key the syntax does not have: $(jq -c keys "$wf")"
q '.on | index("push") != null' "not run on push"
q '.permissions | to_entries | all(.value | IN("read", "write", "none"))' "a permission other than read, write, none"
q '.permissions.checks == "write"' "the reporter needs checks: write"
q '.jobs | to_entries | length == 1 and all(.value | has("runs-on") and (.steps | type == "array"))' \
    "a job without runs-on or steps"
steps='.jobs[].steps'
q "[$steps[] | (has(\"uses\") != has(\"run\"))] | all" "a step with both or neither of uses and run"
q "[$steps[] | select(has(\"uses\")) | .uses | test(\"^[A-Za-z0-9-]+/[A-Za-z0-9._-]+@v[0-9]+\$\")] | all" \
    "an action not pinned to a major version (owner/repo@vN)"
q "[$steps[] | select(has(\"id\")) | .id] | (length == (unique | length)) and all(test(\"^[A-Za-z_][A-Za-z0-9_-]*\$\"))" \
    "step ids not unique or not valid"
graders="[$steps[] | select(.uses == \"classroom-resources/autograding-command-grader@v1\")]"
q "$graders | all(.with | (keys - [\"test-name\", \"setup-command\", \"command\", \"timeout\", \"max-score\"] == []) and
    has(\"test-name\") and has(\"command\"))" "a grader step's inputs"
q "$graders | all(.with | (.timeout | test(\"^[0-9]+\$\")) and (.timeout | tonumber) >= 1 and (.timeout | tonumber) <= 60)" \
    "a grader step's timeout (whole minutes, 1..60)"
q "$graders | all(.with[\"max-score\"] | test(\"^[0-9]+\$\"))" "a grader step's max-score is not a whole number"
"$B/exercises/$EX/check-student" --list >"$TMP/cases"
expect_eq "a graded step a visible test" "$(jq "$graders | length" "$wf")" "$(wc -l <"$TMP/cases" | tr -d ' ')"
expect_eq "their points" "$(jq -r "$graders | map(.with[\"max-score\"] | tonumber) | add" "$wf")" \
    "$(awk -F '\t' '{ s += $2 } END { print s }' "$TMP/cases")"
expect_eq "their names" "$(jq -r "$graders[] | .with[\"test-name\"]" "$wf")" "$(cut -f 3 "$TMP/cases")"
reporter="$steps[] | select(.uses == \"classroom-resources/autograding-grading-reporter@v1\")"
expect_eq "the reporter's runners: every graded step, in order" "$(jq -r "$reporter | .with.runners" "$wf")" \
    "$(jq -r "$graders | map(.id) | join(\",\")" "$wf")"
q "[$graders[] | .id] as \$ids | ($reporter | .env) as \$env |
   \$ids | all(. as \$id | \$env[(\$id | ascii_upcase) + \"_RESULTS\"] == \"\${{steps.\" + \$id + \".outputs.result}}\")" \
    "the reporter's env: ID_RESULTS for each graded step"
q "[$steps[]][-1].uses == \"classroom-resources/autograding-grading-reporter@v1\"" "the reporter is not the last step"

# --- the steps run as Actions runs them, in a clone of the template with a student's file ----------------------------
# classroom FILE: the points of the graded steps whose command passes, in a copy of the template with FILE as student.c
# (one clone, built by its first step; each file put in it as a student's push would)
cp -r "$T" "$TMP/repo" || fail "cannot clone the template"
classroom() {
    cp "$1" "$TMP/repo/student.c" || return 1
    total=0
    jq -r "$graders[] | .with[\"max-score\"] + \"\\t\" + .with.command" "$wf" >"$TMP/commands"
    while IFS="$(printf '\t')" read -r points command; do
        (cd "$TMP/repo" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS sh -c "$command") </dev/null >>"$TMP/steps.log" 2>&1 &&
            total=$((total + points))
    done <"$TMP/commands"
    echo "$total"
}
# visible_by_make FILE: make grade's points for FILE's visible tests
visible_by_make() {
    make -s --no-print-directory grade EXERCISE=exercises/$EX SUBMISSION="$1" RESULTS="$TMP/make.json" TIMEOUT=1 \
        >/dev/null 2>&1
    jq '[.tests[] | select(.visibility == "visible") | .score] | add' "$TMP/make.json"
}
for f in exercises/$EX/solution.c $H/wrong_answer.c exercises/$EX/student.c $H/compile_error.c; do
    expect_eq "Classroom's points for $(basename "$f"): make grade's visible ones" "$(classroom "$f")" "$(visible_by_make "$f")"
done
expect_eq "the solution: every visible point" "$(classroom exercises/$EX/solution.c)" \
    "$(awk -F '\t' '{ s += $2 } END { print s }' "$TMP/cases")"

# --- the hidden tests, with the instructor: grade-all on the class's repositories, cloned side by side -----------------
R=$TMP/repositories
for who in alice bob carol; do
    mkdir -p "$R" && cp -r "$T" "$R/numlab-$EX-$who" && mkdir -p "$R/numlab-$EX-$who/.git" || fail "cannot clone $who"
done
cp exercises/$EX/solution.c "$R/numlab-$EX-alice/student.c"
cp $H/wrong_answer.c "$R/numlab-$EX-bob/student.c"
make -s --no-print-directory grade-all EXERCISE=exercises/$EX SUBMISSIONS="$R" RESULTS="$TMP/class.csv" TIMEOUT=1 \
    >"$TMP/grade-all.log" 2>&1 && pass || fail "grade-all on repositories: $(tail -n 3 "$TMP/grade-all.log")"
for pair in alice:exercises/$EX/solution.c bob:$H/wrong_answer.c carol:exercises/$EX/student.c; do
    who=${pair%%:*} file=${pair#*:}
    make -s --no-print-directory grade EXERCISE=exercises/$EX SUBMISSION="$file" RESULTS="$TMP/make.json" TIMEOUT=1 \
        >/dev/null 2>&1
    expect_eq "$who's repository: make grade's score" "$(grep "^numlab-$EX-$who," "$TMP/class.csv" | cut -d, -f2,3)" \
        "$(jq -r '"\(.score),\(.max_score)"' "$TMP/make.json")"
done
grep -q "no students named (a folder of repositories has no metadata)" "$TMP/grade-all.log" && pass ||
    fail "grade-all does not say it read a folder of repositories"
finish
