#!/bin/sh
# The build and the test run say where they are, not every command: a step a short line ("  CC      src/text.c"),
# under tools/build.sh (what make run and make check build) one counting line and an estimate before a first build,
# V=1 every command in full, make -s nothing; tools/run-tests.sh a line per test as it ends, counted, and the tests
# running on a terminal; Check's timeouts (a hang guard) stretched by the machine's load.
. tests/lib/cli.sh
unset MAKEFLAGS MFLAGS MAKELEVEL SANITIZE BUILD CI V  # a make of its own, not the one running the tests

copy="$TMP/copy"
mkdir -p "$copy"
git ls-files -z 2>/dev/null | xargs -0 cp --parents -t "$copy" 2>/dev/null || fail "could not copy the project"
objs="build/obj/src/text.o build/obj/src/common.o"

# alone: a short line a step, no command
# shellcheck disable=SC2086
make -C "$copy" --no-print-directory $objs >"$TMP/alone" 2>&1 || fail "make $objs: $(tail -n 3 "$TMP/alone")"
grep -qx '  CC      src/text.c' "$TMP/alone" && grep -qx '  CC      src/common.c' "$TMP/alone" && pass ||
    fail "make alone: no short CC lines: $(head -c 300 "$TMP/alone")"
grep -q -- '-c src/text.c' "$TMP/alone" && fail "make alone printed the command: $(head -c 300 "$TMP/alone")" || pass

# V=1: the commands in full, no short lines
rm -rf "$copy/build"
# shellcheck disable=SC2086
make -C "$copy" --no-print-directory V=1 $objs >"$TMP/v1" 2>&1 || fail "make V=1: $(tail -n 3 "$TMP/v1")"
grep -q -- '-c src/text.c -o build/obj/src/text.o' "$TMP/v1" && pass || fail "V=1 hid the command: $(head -c 300 "$TMP/v1")"
grep -q '^  CC ' "$TMP/v1" && fail "V=1 printed short lines too" || pass

# make -s: nothing at all
rm -rf "$copy/build"
# shellcheck disable=SC2086
make -C "$copy" --no-print-directory -s $objs >"$TMP/s" 2>&1 || fail "make -s: $(tail -n 3 "$TMP/s")"
[ -s "$TMP/s" ] && fail "make -s printed: $(head -c 300 "$TMP/s")" || pass

# tools/build.sh, a first build of two steps: deps, the estimate, the count to the end, the time
rm -rf "$copy/build"
# shellcheck disable=SC2086
(cd "$copy" && BUILD=build MAKE=make sh tools/build.sh 2 $objs) >"$TMP/quiet" 2>&1 || fail "build.sh: $(tail -n 3 "$TMP/quiet")"
sed -n 1p "$TMP/quiet" | grep -qx 'deps: ok' && pass || fail "build.sh: first line is not 'deps: ok': $(head -n 1 "$TMP/quiet")"
# the estimate: 2 steps at 0.15 s of CPU a step on 2 cores rounds up to 1 s
grep -qx 'building numlab: 2 steps, about 1 s on 2 idle cores (a first build; V=1 shows every command)' "$TMP/quiet" &&
    pass || fail "build.sh: no estimate line: $(cat "$TMP/quiet")"
grep -qx 'building numlab (2 cores)\.\.\. 1 of 2' "$TMP/quiet" && grep -qx 'building numlab (2 cores)\.\.\. 2 of 2' "$TMP/quiet" &&
    pass || fail "build.sh: the count is not 1 of 2, 2 of 2: $(cat "$TMP/quiet")"
grep -qE '^built in [0-9]+ s$' "$TMP/quiet" && pass || fail "build.sh: no 'built in' line"
grep -q -- ' -c src/' "$TMP/quiet" && fail "build.sh printed a command" || pass
# in the caller's language: Spanish for es_* (LANGUAGE, LC_ALL, LC_MESSAGES, then the LANG make was called with,
# which the Makefile hands on as NUMLAB_SAY_LANG: its recipes run under C.UTF-8)
rm -rf "$copy/build"
# shellcheck disable=SC2086
(cd "$copy" && unset LANGUAGE LC_ALL LC_MESSAGES && BUILD=build MAKE=make NUMLAB_SAY_LANG=es_MX.UTF-8 sh tools/build.sh 2 $objs) \
    >"$TMP/es" 2>&1 || fail "build.sh in Spanish: $(tail -n 3 "$TMP/es")"
# (the two jobs may say their counts in either order)
expect_eq "build.sh in Spanish" "$(grep -v '^compilado en' "$TMP/es" | sort)" "compilando numlab (2 núcleos)... 1 de 2
compilando numlab (2 núcleos)... 2 de 2
compilando numlab: 2 pasos, unos 1 s en 2 núcleos libres (una primera compilación; V=1 muestra cada orden)
dependencias: listas"
grep -qE '^compilado en [0-9]+ s$' "$TMP/es" && pass || fail "build.sh in Spanish: no 'compilado en' line"
(cd "$copy" && LANG=es_AR.UTF-8 make -n check 2>/dev/null) | grep -q "NUMLAB_SAY_LANG='es_AR.UTF-8' sh tools/build.sh" &&
    pass || fail "make check does not hand the caller's LANG to tools/build.sh"
# nothing left to build: deps and nothing else; the estimate only before a first build
# shellcheck disable=SC2086
(cd "$copy" && BUILD=build MAKE=make sh tools/build.sh 2 $objs) >"$TMP/again" 2>&1 || fail "build.sh again failed"
[ "$(cat "$TMP/again")" = "deps: ok" ] && pass || fail "build.sh with nothing to build printed: $(cat "$TMP/again")"
# a compile error: the compiler's message, a line saying so, and make's status
printf 'int broken(void) { return nope; }\n' >"$copy/src/zz_broken.c"
(cd "$copy" && BUILD=build MAKE=make sh tools/build.sh 2 build/obj/src/zz_broken.o) >"$TMP/err" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q "nope. undeclared" "$TMP/err" && grep -q '^build failed' "$TMP/err" && pass ||
    fail "build.sh on a compile error: exit $rc, $(head -c 400 "$TMP/err")"
rm -f "$copy/src/zz_broken.c"

# run-tests.sh on three tests, one failing: a line each as it ends, counted, the failure's log, the total, exit 1
fake="$TMP/fake"
mkdir -p "$fake/tests" "$fake/tools" "$fake/b/tests"
cp tools/run-tests.sh tools/run-one.sh "$fake/tools/"
printf 'echo fine\n' >"$fake/tests/good.sh"
printf 'echo the reason; exit 3\n' >"$fake/tests/bad.sh"
printf '#!/bin/sh\nexit 0\n' >"$fake/b/tests/test_fake" && chmod +x "$fake/b/tests/test_fake"
(cd "$fake" && sh tools/run-tests.sh b) >"$TMP/run" 2>&1
rc=$?
[ $rc -eq 1 ] && pass || fail "run-tests.sh with a failure exited $rc"
for n in 1 2 3; do grep -qE "^(PASS|FAIL) .* \[$n/3\]$" "$TMP/run" && pass || fail "run-tests.sh: no line [$n/3]: $(cat "$TMP/run")"; done
grep -qE '^FAIL bad\.sh \(exit 3, [0-9]+s\) \[[123]/3\]$' "$TMP/run" && pass || fail "run-tests.sh: no FAIL line for bad.sh"
grep -qx 'the reason' "$TMP/run" && pass || fail "run-tests.sh: the failure's log is not shown"
tail -n 1 "$TMP/run" | grep -q '^2/3 test programs passed' && pass || fail "run-tests.sh: last line $(tail -n 1 "$TMP/run")"
grep -q '^RUN ' "$TMP/run" && fail "run-tests.sh printed its RUN lines" || pass
# a Check program's timeouts stretched by the load as it starts (at least x1, said in its log); a multiplier given
# is kept
load_x=$(awk -v c="$(nproc)" '{ m = int($1 / c); if (m < $1 / c) m++; print (m < 1 ? 1 : m) }' /proc/loadavg)
head -n 1 "$fake/b/test-logs/test_fake.log" | grep -qE "^\(Check's timeouts x[1-9][0-9]*: load [0-9.]+\)$" && pass ||
    fail "run-one.sh: no timeout multiplier in the log: $(head -n 1 "$fake/b/test-logs/test_fake.log")"
got_x=$(sed -n "1s/^(Check's timeouts x\([0-9]*\):.*/\1/p" "$fake/b/test-logs/test_fake.log")
[ "${got_x:-0}" -ge 1 ] && [ "$got_x" -le $((load_x + 2)) ] && pass || fail "run-one.sh: x$got_x at a load giving x$load_x"
(cd "$fake" && CK_TIMEOUT_MULTIPLIER=7 sh tools/run-one.sh b/tests/test_fake b/test-logs) >/dev/null
head -n 1 "$fake/b/test-logs/test_fake.log" | grep -q "^(Check's timeouts x7:" && pass ||
    fail "run-one.sh did not keep CK_TIMEOUT_MULTIPLIER=7: $(head -n 1 "$fake/b/test-logs/test_fake.log")"
# on a terminal (script gives it one): the running tests on the line below, redrawn
if command -v script >/dev/null 2>&1; then
    (cd "$fake" && script -qec "sh tools/run-tests.sh b" /dev/null) >"$TMP/tty" 2>&1
    grep -q 'running: ' "$TMP/tty" && pass || fail "run-tests.sh on a terminal did not say what runs: $(head -c 300 "$TMP/tty")"
fi
finish
