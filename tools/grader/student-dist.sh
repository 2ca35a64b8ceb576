#!/bin/sh
# student-dist: the students' copy of numlab, as a tarball: the labs, the library and the exercises, without the
# exercises' solutions and hidden tests, and without the grader's own tests (their fixtures contain solutions).
#   student-dist.sh OUT.tar.gz        (`make student-dist` writes build/numlab-student.tar.gz)
# In the copy `make exercise EX=NN` works, and `make grade` grades with the visible tests only.
set -u
out=${1:?usage: student-dist.sh OUT.tar.gz}
list=$(mktemp) || exit 1
trap 'rm -f "$list" "$out.tmp.$$"' EXIT

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files --cached --others --exclude-standard
else
    find . -type f ! -path './build/*' ! -path './.git/*' | sed 's|^\./||'
fi | grep -v -E '^exercises/[^/]+/(solution\.c|hidden/)|^tests/grader(/|_[^/]*\.sh$)|^build/' |
    while IFS= read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done | sort -u >"$list"

if grep -E '(^|/)solution\.c$|^exercises/[^/]+/hidden/' "$list"; then
    echo "student-dist: the files above would give the answers away; not writing $out" >&2
    exit 1
fi
grep -q '^exercises/.*/student\.c$' "$list" || { echo "student-dist: no exercises found" >&2; exit 1; }
mkdir -p "$(dirname "$out")" || exit 1
tar -czf "$out.tmp.$$" --transform 's,^,numlab-student/,' -T "$list" && mv "$out.tmp.$$" "$out" || exit 1
echo "student-dist: $out: $(wc -l <"$list" | tr -d ' ') files, no solutions, no hidden tests"
