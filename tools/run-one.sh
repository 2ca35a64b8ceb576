#!/bin/sh
# Run one test (a Check program or a tests/*.sh script) into LOGDIR/NAME.log; print RUN NAME as it starts, then
# PASS/FAIL and its time (tools/run-tests.sh reads both).
t=$1; logs=$2; name=$(basename "$t"); log="$logs/$name.log"
echo "RUN $name"
start=$(date +%s)
case "$t" in
    *.sh) sh "$t" >"$log" 2>&1 ;;
    *)    "$t" >"$log" 2>&1 ;;
esac
rc=$?
secs=$(( $(date +%s) - start ))
if [ $rc -eq 0 ]; then echo "PASS $name (${secs}s)"; else echo "FAIL $name (exit $rc, ${secs}s)"; fi
