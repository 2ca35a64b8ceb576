#!/bin/sh
# classroom: a GitHub Classroom template repository for one exercise, graded by its visible tests on every push.
#   classroom.sh OUT_DIR NN-topic          (`make classroom EXERCISE=...` runs it; OUT_DIR written whole or not at all)
# The template: student.c (the student's file, the only .c file at its top), README.md and README.es.md (the
# exercise's, under a line on how to run the tests), Makefile (`make`: the visible tests, `make CASE=N`: one), numlab/
# (the students' copy of numlab, `make student-dist`'s, with this exercise only and without its stub: the labs, the
# exercise's header and visible tests) and .github/workflows/classroom.yml: the packages installed, then one
# autograding step a visible test (classroom-resources/autograding-command-grader, its points max-score, so a score
# is partial) and the reporter with the total. The hidden tests stay with the instructor: grade the class's
# repositories, cloned into one folder, with make grade-all SUBMISSIONS=that-folder (each repository's top-level
# student.c is its submission, the one upload rule of tools/grader/uploads.h).
set -u
out=${1:?usage: classroom.sh OUT_DIR NN-topic} ex=${2:?usage: classroom.sh OUT_DIR NN-topic}
[ -f "exercises/$ex/exercise.h" ] && [ -f "exercises/$ex/student.c" ] ||
    { echo "classroom: EXERCISE: '$ex' is not an exercise" >&2; exit 2; }
list=${CLASSROOM_CHECK:-build/exercises/$ex/check-student}
[ -x "$list" ] || { echo "classroom: $list is not built (make check-build, or make exercise EX=$ex)" >&2; exit 1; }
parent=$(dirname "$out")
mkdir -p "$parent" || exit 1
stage=$(mktemp -d "$parent/.classroom.XXXXXX") || exit 1
trap 'rm -rf "$stage"' EXIT

sh tools/grader/student-dist.sh "$stage/dist.tar.gz" >/dev/null || { echo "classroom: make student-dist failed" >&2; exit 1; }
repo=$stage/repo
mkdir -p "$repo" && tar -xzf "$stage/dist.tar.gz" -C "$stage" && mv "$stage/numlab-student" "$repo/numlab" ||
    { echo "classroom: cannot unpack the students' copy" >&2; exit 1; }
rm -f "$stage/dist.tar.gz" "$stage/dist.tar.gz.txt"
for d in "$repo"/numlab/exercises/*/; do
    [ "$(basename "$d")" = "$ex" ] || rm -rf "$d"
done
mv "$repo/numlab/exercises/$ex/student.c" "$repo/student.c" || exit 1
nn=${ex%%-*}
cat >"$repo/Makefile" <<MAKE
# make: the visible tests of student.c (numlab's make exercise); make CASE=N: the N-th alone, as the autograder runs it.
test:
	\$(MAKE) -C numlab --no-print-directory -s exercise EX=$nn STUDENT=../student.c \$(if \$(CASE),CASE=\$(CASE))
MAKE
for lang in "" .es; do
    readme=exercises/$ex/README$lang.md
    [ -f "$readme" ] || continue
    { if [ -z "$lang" ]; then
          printf '> Edit `student.c`, then `make` runs the visible tests (the first time, `sudo sh numlab/tools/deps.sh`\n'
          printf '> installs the packages). Each push is graded by them on GitHub; the hidden tests come later.\n\n'
      else
          printf '> Edite `student.c`; luego `make` ejecuta las pruebas visibles (la primera vez, `sudo sh numlab/tools/deps.sh`\n'
          printf '> instala los paquetes). Cada push se califica con ellas en GitHub; las pruebas ocultas vienen después.\n\n'
      fi
      sed 's|(\.\./\.\./|(numlab/|g' "$readme"; } >"$repo/README$lang.md" || exit 1
done

# The workflow: one step a visible test, named by it, worth its points (check-student --list: N, points, title).
mkdir -p "$repo/.github/workflows"
yaml_text() { sed 's/\\/\\\\/g; s/"/\\"/g'; }
wf=$repo/.github/workflows/classroom.yml
{
    printf 'name: Autograding Tests\n'
    printf "'on':\n- push\n- repository_dispatch\n"
    printf 'permissions:\n  checks: write\n  actions: read\n  contents: read\n'
    printf 'jobs:\n  run-autograding-tests:\n    runs-on: ubuntu-latest\n'
    printf "    if: github.actor != 'github-classroom[bot]'\n"
    printf '    steps:\n'
    printf '    - name: Checkout code\n      uses: actions/checkout@v4\n'
    printf '    - name: Install the packages\n      run: sudo sh numlab/tools/deps.sh\n'
} >"$wf"
runners="" envs=""
"$list" --list >"$stage/cases" || exit 1
while IFS="$(printf '\t')" read -r n points title; do
    id=test-$n
    t=$(printf '%s' "$title" | yaml_text)
    {
        printf '    - name: "%s"\n      id: %s\n' "$t" "$id"
        printf '      uses: classroom-resources/autograding-command-grader@v1\n      with:\n'
        printf '        test-name: "%s"\n        setup-command: ""\n' "$t"
        printf '        command: make -s --no-print-directory CASE=%s\n        timeout: 5\n        max-score: %s\n' "$n" "$points"
    } >>"$wf"
    runners=$runners${runners:+,}$id
    envs="$envs        $(echo "$id" | tr 'a-z' 'A-Z')_RESULTS: \"\${{steps.$id.outputs.result}}\"
"
done <"$stage/cases"
{
    printf '    - name: Autograding Reporter\n      uses: classroom-resources/autograding-grading-reporter@v1\n'
    printf '      env:\n%s' "$envs"
    printf '      with:\n        runners: %s\n' "$runners"
} >>"$wf"
rm -f "$stage/cases"
if find "$repo" -name solution.c -o -path '*/hidden/*' | grep -q .; then
    echo "classroom: a solution or a hidden test would be in the template; not writing $out" >&2
    exit 1
fi
rm -rf "$out.old" && { [ ! -e "$out" ] || mv "$out" "$out.old"; } && mv "$repo" "$out" && rm -rf "$out.old" ||
    { echo "classroom: cannot write $out" >&2; exit 1; }
echo "classroom: $out: a template repository for $ex ($(grep -c 'autograding-command-grader' "$out/.github/workflows/classroom.yml") graded steps)"
