#!/bin/sh
# Run every Check program in BUILD/tests and every tests/*.sh script, NUMLAB_TEST_JOBS (2) at a time, a log each.
# Prints one line per test, then the tail of each failure's log; exits 1 when anything failed.
set -u
BUILD=${1:-build}
unset LANGUAGE LC_ALL LC_MESSAGES LC_CTYPE  # tests expect English messages unless they ask
export LANG=C.UTF-8 NUMLAB_BUILD="$BUILD" NUMLAB_BIN="$BUILD/bin" CK_VERBOSITY=normal
logs="$BUILD/test-logs"
rm -rf "$logs"; mkdir -p "$logs"

results=$( { find "$BUILD/tests" -maxdepth 1 -type f -name 'test_*' ! -name '*.d' | sort; ls tests/*.sh 2>/dev/null; } |
           xargs -r -P "${NUMLAB_TEST_JOBS:-2}" -I{} sh tools/run-one.sh {} "$logs" | sort -k2)
[ -n "$results" ] || { echo "no tests found"; exit 1; }
printf '%s\n' "$results"
fails=$(printf '%s\n' "$results" | awk '$1 == "FAIL" {print $2}')
for f in $fails; do
    echo "=== $f (last lines of $logs/$f.log) ==="; tail -n 40 "$logs/$f.log"
done
total=$(printf '%s\n' "$results" | grep -c .)
nfail=$(printf '%s\n' "$fails" | grep -c . || true)
echo "$((total - nfail))/$total test programs passed (logs in $logs)"
[ -z "$fails" ]
