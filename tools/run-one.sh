#!/bin/sh
# Run one test (a Check program or a tests/*.sh script) into LOGDIR/NAME.log; print RUN NAME as it starts, then
# PASS/FAIL and its time (tools/run-tests.sh reads both).
t=$1; logs=$2; name=$(basename "$t"); log="$logs/$name.log"
echo "RUN $name"
start=$(date +%s)
# Check's timeouts guard against a hang, not a slow machine: they are stretched by how loaded the machine is as the
# test starts (the 1-minute load average over the cores, rounded up; at least 1), said in the log. A test that
# measures speed measures CPU time or events instead (docs/testing.md).
if [ -z "${CK_TIMEOUT_MULTIPLIER:-}" ]; then
    CK_TIMEOUT_MULTIPLIER=$(awk -v cores="$(nproc 2>/dev/null || echo 1)" \
        '{ m = int($1 / cores); if (m < $1 / cores) m++; print (m < 1 ? 1 : m) }' /proc/loadavg 2>/dev/null)
    export CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-1}
fi
case "$t" in
    *.sh) sh "$t" >"$log" 2>&1 ;;
    *)    echo "(Check's timeouts x$CK_TIMEOUT_MULTIPLIER: load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null))" >"$log"
          "$t" >>"$log" 2>&1 ;;
esac
rc=$?
secs=$(( $(date +%s) - start ))
if [ $rc -eq 0 ]; then echo "PASS $name (${secs}s)"; else echo "FAIL $name (exit $rc, ${secs}s)"; fi
