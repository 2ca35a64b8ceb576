#!/bin/sh
# Run every Check program in BUILD/tests and every tests/*.sh script, NUMLAB_TEST_JOBS (2) at a time, a log each.
# Prints a line per test as it ends ("PASS test_spring (3s) [12/113]"; on a terminal, the tests running meanwhile
# on a line of their own below), then the tail of each failure's log; exits 1 when anything failed.
set -u
BUILD=${1:-build}
unset LANGUAGE LC_ALL LC_MESSAGES LC_CTYPE  # tests expect English messages unless they ask
export LANG=C.UTF-8 NUMLAB_BUILD="$BUILD" NUMLAB_BIN="$BUILD/bin" CK_VERBOSITY=normal
logs="$BUILD/test-logs"
rm -rf "$logs"; mkdir -p "$logs"

list=$( { find "$BUILD/tests" -maxdepth 1 -type f -name 'test_*' ! -name '*.d' | sort; ls tests/*.sh 2>/dev/null; } )
[ -n "$list" ] || { echo "no tests found"; exit 1; }
total=$(printf '%s\n' "$list" | grep -c .)
tty=0; [ -t 1 ] && tty=1
# run-one.sh says "RUN NAME" as a test starts and "PASS NAME ..." or "FAIL NAME ..." as it ends.
printf '%s\n' "$list" | xargs -r -P "${NUMLAB_TEST_JOBS:-2}" -I{} sh tools/run-one.sh {} "$logs" |
    { done=0; running=""
      while IFS= read -r line; do
          case "$line" in
              "RUN "*) running="$running ${line#RUN }" ;;
              *) done=$((done + 1)); name=${line#* }; name=${name%% *}
                 running=$(printf '%s\n' $running | grep -vxF "$name" | tr '\n' ' ')
                 [ $tty = 1 ] && printf '\r\033[K'
                 printf '%s [%d/%d]\n' "$line" "$done" "$total"
                 printf '%s\n' "$line" >>"$logs/.results" ;;
          esac
          [ $tty = 1 ] && [ -n "${running# }" ] && printf '\r\033[Krunning: %s' "$(echo $running)"
      done
      [ $tty = 1 ] && printf '\r\033[K'; }
fails=$(awk '$1 == "FAIL" {print $2}' "$logs/.results" | sort)
for f in $fails; do
    echo "=== $f (last lines of $logs/$f.log) ==="; tail -n 40 "$logs/$f.log"
done
ran=$(grep -c . "$logs/.results")
nfail=$(printf '%s\n' "$fails" | grep -c . || true)
[ "$ran" -eq "$total" ] || echo "only $ran of the $total tests reported"
echo "$((ran - nfail))/$total test programs passed (logs in $logs)"
[ -z "$fails" ] && [ "$ran" -eq "$total" ]
