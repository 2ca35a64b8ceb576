#!/bin/sh
# gradescope: the autograder zip of an assignment of one or several exercises.
#   gradescope.sh OUT.zip "JUDGE OPTIONS" NN-topic [NN-topic ...]     (`make gradescope` runs it)
# At the zip's top: setup.sh and run_autograder (tools/grader/gradescope/), then what tools/grader/package.sh stages
# (exercises.txt, judge-options.txt, numlab/: only what grading needs, never a solution.c). Written whole or not at
# all; the list of what went in is printed.
# GRADESCOPE_LANG=es (environment; `make gradescope GRADER_LANG=es`, whose judge options then hold --lang es): the
# compiled catalogues go in too (package.sh's PACKAGE_LANG), from GRADESCOPE_BUILD (default build): the autograder's
# machine needs no gettext.
set -u
out=${1:?usage: gradescope.sh OUT.zip "JUDGE OPTIONS" NN-topic...}
opts=${2-}
shift 2 || { echo "usage: gradescope.sh OUT.zip \"JUDGE OPTIONS\" NN-topic..." >&2; exit 2; }
[ $# -ge 1 ] || { echo "gradescope: no exercise given" >&2; exit 2; }
command -v zip >/dev/null 2>&1 || { echo "gradescope: needs zip (apt-get install zip)" >&2; exit 1; }
stage=$(mktemp -d) || exit 1
trap 'rm -rf "$stage" "$out.tmp.$$"' EXIT

cp tools/grader/gradescope/setup.sh tools/grader/gradescope/run_autograder "$stage/" || exit 1
PACKAGE_LANG=${GRADESCOPE_LANG:-} PACKAGE_BUILD=${GRADESCOPE_BUILD:-build} sh tools/grader/package.sh "$stage" "$opts" "$@" ||
    { rc=$?; echo "gradescope: not writing $out" >&2; exit $rc; }
mkdir -p "$(dirname "$out")" || exit 1
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
# The package holds the hidden tests: unreadable to other users, the sandbox's among them (docs/exercises.md).
(cd "$stage" && umask 077 && zip -q -r -X "$out.tmp.$$" setup.sh run_autograder exercises.txt judge-options.txt numlab) &&
    mv "$out.tmp.$$" "$out" || { echo "gradescope: cannot write $out" >&2; exit 1; }
echo "gradescope: $out: $(cd "$stage" && find . -type f | wc -l | tr -d ' ') files for $(tr '\n' ' ' <"$stage/exercises.txt")"
(cd "$stage" && find . -type f | sed 's|^\./|  |' | sort)
