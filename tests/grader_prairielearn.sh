#!/bin/sh
# make prairielearn, played as PrairieLearn plays it: the questions' files (info.json's external grading options, a
# question.html with the upload, tests/exercise.txt), the image's folder set up as its Dockerfile does (setup.sh,
# here without apt-get), then the entry point run with /grade laid out as PrairieLearn mounts it (student/, tests/,
# results/ made by the grader) on: the solution (score 1), a wrong answer, one that does not compile, one that
# loops, nothing uploaded. One rule for every engine: each file scores on PrairieLearn what `make grade` gives it
# (score / max_score) and what Gradescope's run_autograder gives it. A question naming an exercise the image lacks is
# "not gradable" with why. `docker build` of the image's folder where docker runs; otherwise skipped, saying so.
# The same in a fresh Debian root, with only what setup.sh installs: make course-check.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
[ -f exercises/01-euler-steps/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }
command -v jq >/dev/null 2>&1 || { fail "jq not found (make deps installs it)"; finish; exit 1; }
command -v zip >/dev/null 2>&1 && command -v unzip >/dev/null 2>&1 || { echo "skipped: no zip/unzip"; exit 0; }
chmod 755 "$TMP"
EX=01-euler-steps
PL=$B/prairielearn

expect_usage "PL_IMAGE: 'bad image' is not an image name" \
    make -s --no-print-directory prairielearn EXERCISES="01" PL_IMAGE="bad image"
expect_usage "EXERCISES='01 77'" make -s --no-print-directory prairielearn EXERCISES="01 77"
expect_ok make -s --no-print-directory prairielearn EXERCISES="01 09" PL_IMAGE=example/numlab-grader:1 TIMEOUT=1

# --- the questions ---------------------------------------------------------------------------------------------
q=$PL/questions/numlab-$EX
info=$q/info.json
jq -e . "$info" >/dev/null && pass || fail "info.json is not JSON: $(head -c 300 "$info")"
expect_eq "info.json: type" "$(jq -r .type "$info")" v3
expect_eq "info.json: gradingMethod" "$(jq -r .gradingMethod "$info")" External
expect_eq "info.json: external grading enabled" "$(jq -r .externalGradingOptions.enabled "$info")" true
expect_eq "info.json: image" "$(jq -r .externalGradingOptions.image "$info")" example/numlab-grader:1
expect_eq "info.json: entrypoint" "$(jq -r .externalGradingOptions.entrypoint "$info")" /opt/numlab-grader/run
timeout_s=$(jq -r .externalGradingOptions.timeout "$info")
[ "$timeout_s" -ge 30 ] && [ "$timeout_s" -le 600 ] && pass || fail "info.json: timeout $timeout_s (PrairieLearn allows 1..600)"
expect_eq "info.json: title (the README's)" "$(jq -r .title "$info")" "$(head -n 1 exercises/$EX/README.md | sed 's/^#* *//')"
uuid=$(jq -r .uuid "$info")
echo "$uuid" | grep -Eq '^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' && pass ||
    fail "info.json: uuid '$uuid' is not an RFC 4122 version-5 uuid"
[ "$uuid" != "$(jq -r .uuid "$PL/questions/numlab-09-stability-limit/info.json")" ] && pass || fail "two questions share a uuid"
grep -q '<pl-file-upload file-names="student.c"></pl-file-upload>' "$q/question.html" && pass ||
    fail "question.html has no upload of student.c"
grep -q '<pl-external-grader-results></pl-external-grader-results>' "$q/question.html" && pass ||
    fail "question.html does not show the grader's results"
expect_eq "tests/exercise.txt" "$(cat "$q/tests/exercise.txt")" $EX
find "$PL" -name solution.c -o -name student.c | grep . && fail "the PrairieLearn folder holds a solution or a stub"
[ -f "$PL/image/numlab/exercises/$EX/hidden/tests.c" ] && pass || fail "the image's folder lacks the hidden tests"
[ -d "$q/tests" ] && ! find "$PL/questions" -path '*hidden*' | grep -q . && pass || fail "a question holds hidden tests"
expect_eq "the hidden tests are the instructor's alone" "$(stat -c %a "$PL/image/numlab/exercises/$EX/hidden")" 700
grep -q '^FROM debian:12' "$PL/image/Dockerfile" && grep -q '/opt/numlab-grader/setup.sh' "$PL/image/Dockerfile" && pass ||
    fail "the Dockerfile does not build the package: $(cat "$PL/image/Dockerfile")"
# rebuilt, a question keeps its uuid (PrairieLearn knows a question by it)
expect_ok make -s --no-print-directory prairielearn EXERCISES="01 09" PL_IMAGE=example/numlab-grader:1 TIMEOUT=1
expect_eq "a rebuilt question's uuid" "$(jq -r .uuid "$info")" "$uuid"

# --- the image, set up as its Dockerfile does (COPY . /opt/numlab-grader; RUN setup.sh) ----------------------------
opt=$TMP/opt/numlab-grader
mkdir -p "$TMP/opt" && cp -r "$PL/image" "$opt" || fail "cannot copy the image's folder"
(cd "$opt" && NUMLAB_SKIP_APT=1 sh ./setup.sh) >"$TMP/setup.log" 2>&1 && pass ||
    fail "setup.sh in the image's folder: $(tail -n 3 "$TMP/setup.log")"

# pl NAME FILE: FILE uploaded as student.c (none when FILE is -), graded by the entry point into $TMP/NAME/results
pl() {
    g=$TMP/$1
    mkdir -p "$g/student" "$g/tests" && cp "$q/tests/exercise.txt" "$g/tests/" || return 1
    [ "$2" = - ] || cp "$2" "$g/student/student.c"
    NUMLAB_PL_GRADE="$g" "$opt/run" >"$TMP/$1.log" 2>&1
    expect_eq "$1: the entry point's exit status" $? 0
    jq -e . "$g/results/results.json" >/dev/null && pass || fail "$1: no results.json: $(tail -n 3 "$TMP/$1.log")"
}
# by_make FILE: make grade's score / max_score for FILE
by_make() {
    make -s --no-print-directory grade EXERCISE=exercises/$EX SUBMISSION="$1" RESULTS="$TMP/make.json" TIMEOUT=1 \
        >/dev/null 2>&1
    jq -r '.score / .max_score' "$TMP/make.json"
}
# by_gradescope FILE: the same through Gradescope's package, run_autograder on FILE as student.c
expect_ok make -s --no-print-directory gradescope EXERCISE=exercises/$EX TIMEOUT=1
gs=$TMP/gs
mkdir -p "$gs/source" && unzip -q "$B/gradescope/$EX.zip" -d "$gs/source" &&
    (cd "$gs/source" && NUMLAB_SKIP_APT=1 sh ./setup.sh) >"$TMP/gs-setup.log" 2>&1 || fail "the Gradescope package: $(tail -n 3 "$TMP/gs-setup.log")"
by_gradescope() {
    rm -rf "$gs/submission" "$gs/results" && mkdir -p "$gs/submission" && cp "$1" "$gs/submission/student.c"
    NUMLAB_AUTOGRADER_SOURCE="$gs/source" NUMLAB_AUTOGRADER_SUBMISSION="$gs/submission" \
        NUMLAB_AUTOGRADER_RESULTS="$gs/results" sh "$gs/source/run_autograder" >/dev/null 2>&1
    jq -r '.score / .max_score' "$gs/results/results.json"
}
H=tests/grader/hostile
for case in solution:exercises/$EX/solution.c wrong:$H/wrong_answer.c compile:$H/compile_error.c loop:$H/infinite_loop.c; do
    name=${case%%:*} file=${case#*:}
    pl "$name" "$file"
    got=$(jq -r .score "$TMP/$name/results/results.json")
    want=$(by_make "$file")
    expect_num "$name: PrairieLearn's score is make grade's" "$got" "$want" 1e-12
    expect_num "$name: ... and Gradescope's" "$got" "$(by_gradescope "$file")" 1e-12
    expect_eq "$name: gradable" "$(jq -r .gradable "$TMP/$name/results/results.json")" true
    # each test's points: make grade's, the points add up to the score
    expect_num "$name: the tests' points over their maximum" \
        "$(jq -r '([.tests[].points] | add) / ([.tests[].max_points] | add)' "$TMP/$name/results/results.json")" "$got" 1e-12
done
expect_eq "the solution scores 1" "$(jq -r .score "$TMP/solution/results/results.json")" 1
# wrong_answer.c deserves 4 of 12 points (its header), whichever engine grades it
expect_num "the wrong answer scores 4/12" "$(jq -r .score "$TMP/wrong/results/results.json")" 0.333333333333333 1e-12
# a hidden test keeps its name and points, never its output
jq -e '[.tests[] | select(.message | startswith("hidden test")) | .output] | length > 0 and all(. == "")' \
    "$TMP/wrong/results/results.json" >/dev/null && pass || fail "a hidden test's output reached PrairieLearn"
jq -e '[.tests[] | select(.message == "") | .output] | any(length > 0)' "$TMP/wrong/results/results.json" >/dev/null &&
    pass || fail "no visible test's output reached PrairieLearn"
jq -r .output "$TMP/compile/results/results.json" | grep -q "does not compile" && pass ||
    fail "the compile error is not said: $(jq -r .output "$TMP/compile/results/results.json" | head -n 3)"
pl nothing -
expect_eq "nothing uploaded: score" "$(jq -r .score "$TMP/nothing/results/results.json")" 0
# a question whose tests/exercise.txt names an exercise the image was not built for: not gradable, and why
g=$TMP/stranger
mkdir -p "$g/student" "$g/tests" && echo 05-network-forces >"$g/tests/exercise.txt" && cp exercises/$EX/solution.c "$g/student/student.c"
NUMLAB_PL_GRADE="$g" "$opt/run" >/dev/null 2>&1
expect_eq "an exercise the image lacks: exit status" $? 0
expect_eq "an exercise the image lacks: not gradable" "$(jq -r .gradable "$g/results/results.json")" false
jq -r .message "$g/results/results.json" | grep -q "names '05-network-forces', not an exercise of this image" && pass ||
    fail "the stranger's message: $(jq -r .message "$g/results/results.json")"

# --- in Spanish: GRADER_LANG=es, the words a student reads (the judge's and pl-results' own) -----------------------
expect_ok make -s --no-print-directory prairielearn EXERCISES="01" PL_IMAGE=example/numlab-grader:es GRADER_LANG=es TIMEOUT=1
opt=$TMP/opt-es/numlab-grader
mkdir -p "$TMP/opt-es" && cp -r "$PL/image" "$opt" && (cd "$opt" && NUMLAB_SKIP_APT=1 sh ./setup.sh) >"$TMP/setup-es.log" 2>&1 &&
    pass || fail "setup.sh of the Spanish image: $(tail -n 3 "$TMP/setup-es.log")"
pl es-wrong $H/wrong_answer.c
r=$TMP/es-wrong/results/results.json
expect_num "es: the same score" "$(jq -r .score "$r")" 0.333333333333333 1e-12
expect_eq "es: the message" "$(jq -r .message "$r")" "nota 4 / 12"
jq -e '[.tests[].message] | any(. == "prueba oculta: sus detalles no se muestran")' "$r" >/dev/null && pass ||
    fail "es: the hidden tests' message: $(jq -c '[.tests[].message] | unique' "$r")"
jq -r '.tests[].output' "$r" | grep -q "x tras 1 paso: da" && pass || fail "es: the tests' output in Spanish"

# --- docker build, where docker runs --------------------------------------------------------------------------
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    docker build -q -t numlab-grader-test "$PL/image" >"$TMP/docker.log" 2>&1 && pass ||
        fail "docker build: $(tail -n 5 "$TMP/docker.log")"
else
    echo "skipped: docker build of $PL/image (no docker daemon here; make course-check runs the image's steps in a bare root)"
fi
finish
