#!/bin/sh
# student-dist: the students' copy of numlab, as a tarball of what is committed (HEAD), never of the working tree (an
# instructor's tried answers, a graded class or scores.csv in the checkout stay out): the labs, the library and the
# exercises, without the exercises' solutions and hidden tests and without the grader's own tests (their fixtures
# hold solutions) and without docs/grade-all/ (grade-all's sample files name the hidden tests); refused when any
# file would name a function of the judge-only headers (exercises/*/hidden/*.h). The list of what went in is written
# next to it (OUT.txt) and summed up on stdout.
#   student-dist.sh OUT.tar.gz        (`make student-dist` writes build/numlab-student.tar.gz)
# In the copy `make exercise EX=NN` works, and `make grade` grades with the visible tests only.
set -u
out=${1:?usage: student-dist.sh OUT.tar.gz}
git rev-parse --verify -q HEAD >/dev/null 2>&1 || {
    echo "student-dist: needs a git checkout with a commit (the tarball is made of what is committed)" >&2
    exit 1
}
list=$(mktemp) || exit 1
trap 'rm -rf "$list" "$list.all" "$out.tmp.$$" "$out.txt.tmp.$$"' EXIT

git ls-tree -r --name-only HEAD >"$list.all" || exit 1
grep -v -E '^exercises/[^/]+/(solution\.c|hidden/)|^tests/grader(/|_[^/]*\.sh$)|^docs/grade-all/' "$list.all" | sort >"$list"

if grep -E '(^|/)solution\.c$|^exercises/[^/]+/hidden/' "$list"; then
    echo "student-dist: the files above would give the answers away; not writing $out" >&2
    exit 1
fi
grep -q '^exercises/.*/student\.c$' "$list" || { echo "student-dist: no exercises found" >&2; exit 1; }
mkdir -p "$(dirname "$out")" || exit 1
stage=$(mktemp -d) || exit 1
trap 'rm -rf "$list" "$list.all" "$stage" "$out.tmp.$$" "$out.txt.tmp.$$"' EXIT
git archive --format=tar --prefix=numlab-student/ HEAD $(cat "$list") | tar -x -C "$stage" || exit 1
# points.h lists every test, hidden ones by name: the students' copy keeps the visible lines.
for points in "$stage"/numlab-student/exercises/*/points.h; do
    [ -f "$points" ] || continue
    grep -v '/\* hidden \*/' "$points" >"$points.tmp" && mv "$points.tmp" "$points" || exit 1
done
# The judge-only headers (exercises/*/hidden/*.h) hold the algorithms the students write (the accumulator, the step
# matrices, the frame loop, slerp as a power, the resonator's closed form, RK4's limit): the visible tests check
# literal values instead, and no function of those headers may be named anywhere in the students' copy.
helpers=$(grep -E '^exercises/[^/]+/hidden/[^/]*\.h$' "$list.all" | while read -r f; do
    git show "HEAD:$f" | sed -n 's/^static inline [^(]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/p'
done | sort -u)
if [ -n "$helpers" ] && grep -rlw $(printf -- '-e %s ' $helpers) "$stage/numlab-student"; then
    echo "student-dist: the files above name an answer the judge keeps to itself ($(echo $helpers))," \
        "not writing $out" >&2
    exit 1
fi
(cd "$stage" && find numlab-student -type f | sort | tar -c --owner=0 --group=0 --numeric-owner -T - | gzip -9n) \
    >"$out.tmp.$$" && cp "$list" "$out.txt.tmp.$$" && mv "$out.txt.tmp.$$" "$out.txt" && mv "$out.tmp.$$" "$out" ||
    exit 1
dirty=$(git status --porcelain --untracked-files=normal | wc -l | tr -d ' ')
echo "student-dist: $out: $(wc -l <"$list" | tr -d ' ') files committed at $(git rev-parse --short HEAD)," \
    "no solutions, no hidden tests (the list: $out.txt)"
[ "$dirty" -eq 0 ] || echo "student-dist: $dirty changed or new files in the working tree were left out (not committed)"
