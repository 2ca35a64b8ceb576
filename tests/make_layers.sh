#!/bin/sh
# The Makefile: parsing it writes nothing (make help and make -n in a fresh copy of the project leave git's status
# empty, ignored files too), and each program links what it uses (a lab links neither Check nor subunit: its link
# line, and the NEEDED entries of the built programs).
. tests/lib/cli.sh
unset MAKEFLAGS MFLAGS MAKELEVEL SANITIZE BUILD CI  # a make of its own, not the one running the tests (its -j, SANITIZE)

# a fresh copy: the project's files as they are now, committed into a repository of their own
copy="$TMP/copy"
mkdir -p "$copy"
if git rev-parse --git-dir >/dev/null 2>&1; then
    git ls-files -z | xargs -0 cp --parents -t "$copy" 2>/dev/null
else
    find . -path ./build -prune -o -type f -print | cpio -pdm --quiet "$copy" 2>/dev/null
fi
(cd "$copy" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm copy) ||
    fail "could not make a repository of the copy"
for goal in help "-n" "-n check-build" "-n bench"; do
    # shellcheck disable=SC2086
    make -C "$copy" --no-print-directory $goal >"$TMP/out" 2>&1 || fail "make $goal: $(tail -n 3 "$TMP/out")"
    left=$(cd "$copy" && git status --porcelain --ignored)
    if [ -n "$left" ]; then fail "make $goal wrote: $(echo "$left" | head -n 5 | tr '\n' ' ')"; else pass; fi
done
make -C "$copy" --no-print-directory help >"$TMP/help" 2>&1
grep -q '^make check ' "$TMP/help" && pass || fail "make help: no 'make check' line"

# the link lines: a lab's without Check, a test's with it
make -C "$copy" --no-print-directory -n -B build/bin/spring-lab build/tests/test_common >"$TMP/lines" 2>&1
lab_link=$(grep -E ' -o build/bin/spring-lab ' "$TMP/lines")
test_link=$(grep -E ' -o build/tests/test_common ' "$TMP/lines")
[ -n "$lab_link" ] && [ -n "$test_link" ] || fail "no link lines in make -n: $(head -c 300 "$TMP/lines")"
case "$lab_link" in *-lcheck*|*-lsubunit*) fail "spring-lab links Check: $lab_link";; *) pass;; esac
case "$test_link" in *-lcheck*) pass;; *) fail "test_common does not link Check: $test_link";; esac

# the built programs
for prog in "$BIN"/*; do
    [ -x "$prog" ] || continue
    needed=$(readelf -d "$prog" 2>/dev/null | awk '/NEEDED/ {print $NF}' | tr -d '[]' | tr '\n' ' ')
    [ -n "$needed" ] || { fail "$prog: readelf gives no NEEDED entries"; continue; }
    case "$needed" in *libcheck*|*libsubunit*) fail "$prog needs $needed";; *) pass;; esac
done
finish
