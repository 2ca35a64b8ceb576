#!/bin/sh
# package: stages what grading an assignment needs, for every engine's package (gradescope.sh, prairielearn.sh).
#   package.sh STAGE "JUDGE OPTIONS" NN-topic [NN-topic ...]
# Writes into the empty folder STAGE: exercises.txt (the exercises, one a line), judge-options.txt, and numlab/ with
# only what grading needs: the Makefile, tools/deps.sh, tools/grader/, src/lang.c, src/text.c and, for each exercise,
# exercise.h, its headers, tests.c and hidden/. Never a solution.c or a student.c.
# PACKAGE_LANG=es (environment): the compiled catalogues too, where the judge looks for them
# (numlab/build/share/locale/es/LC_MESSAGES/numlab.mo and numlab/build/grader/NN-topic/locale/es/LC_MESSAGES/
# numlab-hidden.mo, from PACKAGE_BUILD, default build): the grading machine needs no gettext.
# Exit status: 0 staged, 1 a file could not be copied, 2 bad usage (an exercise or a language that is not one).
set -u
stage=${1:?usage: package.sh STAGE "JUDGE OPTIONS" NN-topic...}
opts=${2-}
shift 2 || { echo "usage: package.sh STAGE \"JUDGE OPTIONS\" NN-topic..." >&2; exit 2; }
[ $# -ge 1 ] || { echo "package: no exercise given" >&2; exit 2; }
mkdir -p "$stage/numlab/tools/grader/gradescope" "$stage/numlab/exercises" || exit 1
cp Makefile "$stage/numlab/" && cp tools/deps.sh "$stage/numlab/tools/" || exit 1
mkdir -p "$stage/numlab/src" "$stage/numlab/include/numlab" &&
    cp src/lang.c src/text.c "$stage/numlab/src/" &&
    cp include/numlab/lang.h include/numlab/text.h "$stage/numlab/include/numlab/" || exit 1
find tools/grader -maxdepth 1 -type f -exec cp {} "$stage/numlab/tools/grader/" \; || exit 1
cp tools/grader/gradescope/* "$stage/numlab/tools/grader/gradescope/" || exit 1
: >"$stage/exercises.txt"
for ex in "$@"; do
    [ -f "exercises/$ex/exercise.h" ] || { echo "package: '$ex' is not an exercise" >&2; exit 2; }
    mkdir -p "$stage/numlab/exercises/$ex"
    for f in exercises/"$ex"/*; do
        case "$f" in */solution.c | */student.c) continue ;; esac
        cp -r "$f" "$stage/numlab/exercises/$ex/" || exit 1
    done
    echo "$ex" >>"$stage/exercises.txt"
done
printf '%s\n' "$opts" >"$stage/judge-options.txt"
lang=${PACKAGE_LANG:-} build=${PACKAGE_BUILD:-build}
case $lang in
'' | en | en_[A-Z][A-Z] | C) ;;
*)
    mo=${lang%%_*}/LC_MESSAGES
    [ -f "$build/share/locale/$mo/numlab.mo" ] || {
        echo "package: GRADER_LANG: '$lang' has no catalogue (allowed: en or $(ls po | sed -n 's/\.po$//p' |
            tr '\n' ' '))" >&2
        exit 2
    }
    mkdir -p "$stage/numlab/build/share/locale/$mo" &&
        cp "$build/share/locale/$mo/numlab.mo" "$stage/numlab/build/share/locale/$mo/" || exit 1
    for ex in "$@"; do
        hidden=$build/grader/$ex/locale/$mo/numlab-hidden.mo
        [ -f "exercises/$ex/hidden/${lang%%_*}.po" ] || continue
        [ -f "$hidden" ] || { echo "package: $hidden is missing" >&2; exit 1; }
        mkdir -p "$stage/numlab/build/grader/$ex/locale/$mo" && cp "$hidden" "$stage/numlab/build/grader/$ex/locale/$mo/" ||
            exit 1
    done ;;
esac
if find "$stage" -name solution.c | grep -q .; then
    echo "package: a solution.c would be in the package" >&2
    exit 1
fi
exit 0
