# Shared helpers for the tests/*.sh command-line tests. Source it: . tests/lib/cli.sh
# Each check prints a line; `finish` exits 1 if any failed.
BIN=${NUMLAB_BIN:-build/bin}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
checks=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { checks=$((checks + 1)); }

# expect_usage PATTERN CMD...: exit 2, nothing on stdout, stderr matches the grep -E PATTERN (the option and value).
expect_usage() {
    pattern=$1; shift
    "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    if [ $rc -ne 2 ]; then fail "$* -> exit $rc, expected 2"; return; fi
    if [ -s "$TMP/out" ]; then fail "$* -> wrote to stdout on a usage error"; return; fi
    if ! grep -qE -- "$pattern" "$TMP/err"; then
        fail "$* -> stderr '$(cat "$TMP/err")' does not match '$pattern'"; return; fi
    pass
}

# expect_ok CMD...: exit 0; stdout kept in $TMP/out.
expect_ok() {
    "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    if [ $rc -ne 0 ]; then fail "$* -> exit $rc: $(head -c 300 "$TMP/err")"; return 1; fi
    pass
}

# expect_num NAME ACTUAL EXPECTED TOL: |actual - expected| <= tol.
expect_num() {
    if awk -v a="$2" -v e="$3" -v t="$4" 'BEGIN { d = a - e; if (d < 0) d = -d; exit !(a != "" && d <= t) }'; then
        pass
    else
        fail "$1: got '$2', expected $3 +- $4"
    fi
}

# expect_eq NAME ACTUAL EXPECTED
expect_eq() {
    if [ "$2" = "$3" ]; then pass; else fail "$1: got '$2', expected '$3'"; fi
}

# cpu_of CMD...: runs CMD; sets rc to its exit status, cpu_ms to the milliseconds of CPU (user + system) that it and
# every process it waited for used, and cpu to the same in whole seconds, rounded up. CPU time, unlike wall-clock
# time, hardly grows when the machine is loaded, so a bound on it bounds the work done without failing on a busy
# machine (docs/testing.md).
cpu_of() {
    _cpu_times="$TMP/cpu_of.times"
    ( "$@"; _cpu_rc=$?; times >"$_cpu_times"; exit $_cpu_rc )
    rc=$?
    cpu_ms=$(tail -n 1 "$_cpu_times" | awk '{ s = 0
        for (i = 1; i <= NF; i++) { split($i, p, "m"); sub(/s$/, "", p[2]); s += 60 * p[1] + p[2] }
        printf "%d", s * 1000 + 0.5 }')
    cpu=$(( (cpu_ms + 999) / 1000 ))
}

# expect_quick CPU PATTERN CMD...: expect_usage's checks, and the refusal came before the work: it used at most CPU
# seconds of processor time (a fraction allowed). A run that starts the work anyway is stopped by a CPU limit (whole
# seconds, rounded up) and fails here.
expect_quick() {
    _q_limit=$1 _q_pattern=$2; shift 2
    _q_cap=$(awk -v l="$_q_limit" 'BEGIN { printf "%d", l == int(l) ? l + 1 : int(l) + 2 }')
    cpu_of sh -c 'ulimit -t "$0" && exec "$@"' "$_q_cap" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    if [ $rc -ne 2 ]; then fail "$* -> exit $rc, expected 2 (a usage error, at once)"; return; fi
    if [ -s "$TMP/out" ]; then fail "$* -> wrote to stdout on a usage error"; return; fi
    if ! grep -qE -- "$_q_pattern" "$TMP/err"; then
        fail "$* -> stderr '$(cat "$TMP/err")' does not match '$_q_pattern'"; return; fi
    if awk -v c="$cpu_ms" -v l="$_q_limit" 'BEGIN { exit !(c > 1000 * l) }'; then
        fail "$* -> refused after $cpu_ms ms of CPU (allowed: $_q_limit s: the refusal comes first)"; return; fi
    pass
}

finish() {
    echo "$checks checks passed, $failures failed"
    [ $failures -eq 0 ]
}
