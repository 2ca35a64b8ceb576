#!/bin/sh
# make gradescope, played as Gradescope plays it: the zip unpacked into a root laid out like /autograder (source/,
# submission/, results/), setup.sh run from source/ (without apt-get, and with a pkg-config that knows only libcjson
# and gsl, as on a bare image: the grader builds from its own needs), then the copy of run_autograder Gradescope
# makes (ROOT/run_autograder, run from ROOT, the package found through NUMLAB_AUTOGRADER_SOURCE, never beside it) on
# uploads: the solution as student.c and under another name (full marks), a wrong answer (its score), nothing but a
# PDF and two .c files (0, with a message saying what to upload), a macOS Finder zip (its __MACOSX/._NAME and
# .DS_Store ignored); and an assignment of three exercises in one zip (one results.json, tests prefixed and tagged
# by exercise, files matched by number). The zips hold no solution.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
[ -f exercises/01-euler-steps/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }
command -v zip >/dev/null 2>&1 && command -v unzip >/dev/null 2>&1 || { echo "skipped: no zip/unzip"; exit 0; }
command -v jq >/dev/null 2>&1 || { echo "skipped: no jq"; exit 0; }
chmod 755 "$TMP"
score_of() { jq -r .score "$1"; }
max_of() { jq -r .max_score "$1"; }

# A pkg-config that knows only what setup.sh installs (libcjson, gsl) and refuses every other module, as on a bare
# Gradescope image; each question it is asked is logged.
real_pkg_config=$(command -v pkg-config) || { echo "skipped: no pkg-config"; exit 0; }
mkdir -p "$TMP/bare-bin"
cat >"$TMP/bare-bin/pkg-config" <<EOF
#!/bin/sh
for arg in "\$@"; do
    case \$arg in
    -*) ;;
    libcjson | gsl) echo "known \$arg" >>'$TMP/pkg-config.log' ;;
    *) echo "refused \$arg" >>'$TMP/pkg-config.log'
       echo "Package \$arg was not found in the pkg-config search path." >&2; exit 1 ;;
    esac
done
exec '$real_pkg_config' "\$@"
EOF
chmod 755 "$TMP/bare-bin/pkg-config"

# unpack ZIP ROOT: the zip as Gradescope lays it out, its setup run from source/, and run_autograder copied to ROOT.
unpack() {
    mkdir -p "$2/source" && unzip -q "$1" -d "$2/source" || { fail "cannot unzip $1"; return 1; }
    for f in setup.sh run_autograder exercises.txt numlab/Makefile numlab/tools/grader/judge.c; do
        [ -f "$2/source/$f" ] && pass || fail "$(basename "$1") lacks $f"
    done
    [ -x "$2/source/run_autograder" ] && pass || fail "$(basename "$1"): run_autograder is not executable"
    unzip -l "$1" | grep -E 'solution\.c|student\.c' && fail "$(basename "$1") holds a solution or a stub"
    : >"$TMP/pkg-config.log"
    (cd "$2/source" && PATH="$TMP/bare-bin:$PATH" NUMLAB_SKIP_APT=1 sh ./setup.sh) >"$TMP/setup.log" 2>&1 && pass ||
        fail "setup.sh with only libcjson and gsl: $(grep -m 3 'error' "$TMP/setup.log"; tail -n 3 "$TMP/setup.log")"
    # The build asked the bare pkg-config (not another on PATH), and was refused the modules it does not need.
    grep -q '^known libcjson$' "$TMP/pkg-config.log" && grep -q '^refused ncursesw$' "$TMP/pkg-config.log" && pass ||
        fail "setup.sh did not build with the bare pkg-config: $(sort -u "$TMP/pkg-config.log" | tr '\n' ' ')"
    cp "$2/source/run_autograder" "$2/run_autograder"
}

# grade ROOT NAME FILE:UPLOAD_NAME...: the upload folder NAME holding those files, graded into ROOT/results-NAME.
grade() {
    root=$1 name=$2
    shift 2
    mkdir -p "$root/submission-$name"
    for pair in "$@"; do
        mkdir -p "$(dirname "$root/submission-$name/${pair#*:}")" && cp "${pair%%:*}" "$root/submission-$name/${pair#*:}"
    done
    (cd "$root" && NUMLAB_AUTOGRADER_SOURCE="$root/source" NUMLAB_AUTOGRADER_SUBMISSION="$root/submission-$name" \
        NUMLAB_AUTOGRADER_RESULTS="$root/results-$name" ./run_autograder) >"$TMP/$name.log" 2>&1
    expect_eq "$name: run_autograder's exit status" $? 0
    json="$root/results-$name/results.json"
    "$B/grader/merge-results" "$TMP/parsed.json" "x=$json" >/dev/null 2>&1 && pass ||
        fail "$name: no valid results.json: $(tail -n 3 "$TMP/$name.log")"
}

sol1=exercises/01-euler-steps/solution.c
expect_ok make -s --no-print-directory gradescope EXERCISE=exercises/01-euler-steps
zip1=$B/gradescope/01-euler-steps.zip
one="$TMP/one"
if unpack "$zip1" "$one"; then
    grade "$one" correct "$sol1:student.c"
    expect_eq "correct: score" "$(score_of "$json")" 12
    grade "$one" renamed "$sol1:euler steps (final).c" "README.md:notes.md"
    expect_eq "renamed: score" "$(score_of "$json")" 12
    # Zipped in macOS's Finder: __MACOSX/._NAME (the resource fork, AppleDouble) and .DS_Store beside the file are
    # not submissions (tools/grader/uploads.h), at the top and in a folder.
    grade "$one" macos "$sol1:mine.c" "$sol1:__MACOSX/._mine.c" "README.md:.DS_Store"
    expect_eq "macos: score" "$(score_of "$json")" 12
    grade "$one" macos-folder "$sol1:lab/mine.c" "$sol1:__MACOSX/lab/._mine.c" "$sol1:lab/._mine.c"
    expect_eq "macos in a folder: score" "$(score_of "$json")" 12
    grade "$one" wrong "tests/grader/hostile/wrong_answer.c:my answer.c"
    expect_eq "wrong: score" "$(score_of "$json")" 4
    grade "$one" none "README.md:answer.pdf"
    expect_eq "none: score" "$(score_of "$json")" 0
    expect_eq "none: max_score" "$(max_of "$json")" 12
    grep -q 'no .c file for 01-euler-steps was uploaded (upload student.c, or one .c file)' "$json" && pass ||
        fail "none: no message saying what to upload"
    grade "$one" several "$sol1:a.c" "$sol1:b.c"
    expect_eq "several: score" "$(score_of "$json")" 0
    grep -q "2 .c files could be 01-euler-steps's: a.c, b.c\|2 .c files could be 01-euler-steps's: b.c, a.c" "$json" &&
        pass || fail "several: no message naming the files"
fi

# An assignment of three exercises: one zip, one results.json, the files matched by their numbers.
expect_ok make -s --no-print-directory gradescope EXERCISES="1 02 09"
zip3=$B/gradescope/01-02-09.zip
three="$TMP/three"
if unpack "$zip3" "$three"; then
    grade "$three" assignment "$sol1:01-mine.c" "exercises/02-rk4-step/solution.c:02.c" \
        "exercises/09-stability-limit/student.c:09_stability.c"
    max=$(max_of "$json")
    part01=12
    grep -c '"tags":' "$json" >/dev/null && pass || fail "assignment: no tags"
    for ex in 01-euler-steps 02-rk4-step 09-stability-limit; do
        n=$(grep -c "\"\\[$ex\\] " "$json")
        want=$(grep -c 'GR_CASE(' "exercises/$ex/tests.c" "exercises/$ex/hidden/tests.c" | awk -F: '{s += $2} END {print s}')
        expect_eq "assignment: tests of $ex" "$n" "$want"
    done
    # 01 and 02 in full (the solutions), 09 the stub's few points: the sum, and the maximum of the three.
    sum02=$(sed -n 's/^#define GR_POINTS_[a-z0-9_]* *\([0-9.]*\).*/\1/p' exercises/02-rk4-step/points.h |
        awk '{s += $1} END {print s}')
    score=$(score_of "$json")
    awk -v s="$score" -v lo=$((part01 + sum02)) 'BEGIN { exit !(s >= lo) }' && pass ||
        fail "assignment: score $score, less than 01 and 02 in full ($part01 + $sum02)"
    grade "$three" macos "$sol1:01.c" "$sol1:__MACOSX/._01.c" "$sol1:._01-euler-steps.c"
    expect_eq "macos: score (01 alone)" "$(score_of "$json")" 12
    grade "$three" missing "$sol1:01.c"
    grep -q 'no .c file for 02-rk4-step was uploaded (upload one file named 02-rk4-step.c or 02\*.c)' "$json" &&
        pass || fail "missing: no message for 02"
    expect_eq "missing: score (01 alone)" "$(score_of "$json")" 12
    expect_eq "missing: max_score" "$(max_of "$json")" "$max"
    expect_eq "missing: the total, last" "$(tail -n 1 "$TMP/missing.log")" "score 12 / $max  ($json)"
fi
finish
