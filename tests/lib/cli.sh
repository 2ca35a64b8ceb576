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

finish() {
    echo "$checks checks passed, $failures failed"
    [ $failures -eq 0 ]
}
