#!/bin/sh
# gradescope: the autograder zip of an assignment of one or several exercises.
#   gradescope.sh OUT.zip "JUDGE OPTIONS" NN-topic [NN-topic ...]     (`make gradescope` runs it)
# At the zip's top: setup.sh and run_autograder (tools/grader/gradescope/), exercises.txt (the exercises),
# judge-options.txt, and numlab/ with only what grading needs: the Makefile, tools/deps.sh, tools/grader/, src/lang.c,
# src/text.c and, for each exercise, exercise.h, its headers, tests.c and hidden/. Never a solution.c. Written whole
# or not at all; the list of what went in is printed.
# GRADESCOPE_LANG=es (environment; `make gradescope GRADER_LANG=es`, whose judge options then hold --lang es): the
# compiled catalogues go in too, where the judge looks for them (numlab/build/share/locale/es/LC_MESSAGES/numlab.mo and
# numlab/build/grader/NN-topic/locale/es/LC_MESSAGES/numlab-hidden.mo, from GRADESCOPE_BUILD, default build): the
# autograder's machine needs no gettext.
set -u
out=${1:?usage: gradescope.sh OUT.zip "JUDGE OPTIONS" NN-topic...}
opts=${2-}
shift 2 || { echo "usage: gradescope.sh OUT.zip \"JUDGE OPTIONS\" NN-topic..." >&2; exit 2; }
[ $# -ge 1 ] || { echo "gradescope: no exercise given" >&2; exit 2; }
command -v zip >/dev/null 2>&1 || { echo "gradescope: needs zip (apt-get install zip)" >&2; exit 1; }
stage=$(mktemp -d) || exit 1
trap 'rm -rf "$stage" "$out.tmp.$$"' EXIT

mkdir -p "$stage/numlab/tools/grader/gradescope" "$stage/numlab/exercises"
cp tools/grader/gradescope/setup.sh tools/grader/gradescope/run_autograder "$stage/" || exit 1
cp Makefile "$stage/numlab/" && cp tools/deps.sh "$stage/numlab/tools/" || exit 1
mkdir -p "$stage/numlab/src" "$stage/numlab/include/numlab" &&
    cp src/lang.c src/text.c "$stage/numlab/src/" &&
    cp include/numlab/lang.h include/numlab/text.h "$stage/numlab/include/numlab/" || exit 1
find tools/grader -maxdepth 1 -type f -exec cp {} "$stage/numlab/tools/grader/" \; || exit 1
cp tools/grader/gradescope/* "$stage/numlab/tools/grader/gradescope/" || exit 1
: >"$stage/exercises.txt"
for ex in "$@"; do
    [ -f "exercises/$ex/exercise.h" ] || { echo "gradescope: '$ex' is not an exercise" >&2; exit 2; }
    mkdir -p "$stage/numlab/exercises/$ex"
    for f in exercises/"$ex"/*; do
        case "$f" in */solution.c | */student.c) continue ;; esac
        cp -r "$f" "$stage/numlab/exercises/$ex/" || exit 1
    done
    echo "$ex" >>"$stage/exercises.txt"
done
printf '%s\n' "$opts" >"$stage/judge-options.txt"
lang=${GRADESCOPE_LANG:-} build=${GRADESCOPE_BUILD:-build}
case $lang in
'' | en | en_[A-Z][A-Z] | C) ;;
*)
    mo=${lang%%_*}/LC_MESSAGES
    [ -f "$build/share/locale/$mo/numlab.mo" ] || {
        echo "gradescope: GRADER_LANG: '$lang' has no catalogue (allowed: en or $(ls po | sed -n 's/\.po$//p' |
            tr '\n' ' ')); not writing $out" >&2
        exit 2
    }
    mkdir -p "$stage/numlab/build/share/locale/$mo" &&
        cp "$build/share/locale/$mo/numlab.mo" "$stage/numlab/build/share/locale/$mo/" || exit 1
    for ex in "$@"; do
        hidden=$build/grader/$ex/locale/$mo/numlab-hidden.mo
        [ -f "exercises/$ex/hidden/${lang%%_*}.po" ] || continue
        [ -f "$hidden" ] || { echo "gradescope: $hidden is missing; not writing $out" >&2; exit 1; }
        mkdir -p "$stage/numlab/build/grader/$ex/locale/$mo" && cp "$hidden" "$stage/numlab/build/grader/$ex/locale/$mo/" ||
            exit 1
    done ;;
esac
if find "$stage" -name solution.c | grep -q .; then
    echo "gradescope: a solution.c would be in the zip; not writing $out" >&2
    exit 1
fi
mkdir -p "$(dirname "$out")" || exit 1
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
# The package holds the hidden tests: unreadable to other users, the sandbox's among them (docs/exercises.md).
(cd "$stage" && umask 077 && zip -q -r -X "$out.tmp.$$" setup.sh run_autograder exercises.txt judge-options.txt numlab) &&
    mv "$out.tmp.$$" "$out" || { echo "gradescope: cannot write $out" >&2; exit 1; }
echo "gradescope: $out: $(cd "$stage" && find . -type f | wc -l | tr -d ' ') files for $(tr '\n' ' ' <"$stage/exercises.txt")"
(cd "$stage" && find . -type f | sed 's|^\./|  |' | sort)
