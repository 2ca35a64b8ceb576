#!/bin/sh
# The frame loop steps a method the one way the runs do: at 240 frames a second and a fixed step of 1/240 s each
# frame takes one step (--step and --dt are both 1/240 by default), so --csv --animate's frame n is --csv's step n, to the last bit, for every method --animate
# takes (the loop had its own closed-form steps, which differ in the last digits for verlet, backward-euler and
# midpoint, and a default that ran semi-implicit Euler for any other).
. tests/lib/cli.sh
SL="$BIN/spring-lab"
SPRING="--k 200 --c 6 --m 1 --x0 0 --v0 0 --target 300"

for m in explicit semi rk4 verlet backward-euler midpoint exact; do
    # shellcheck disable=SC2086 # the spring's options
    expect_ok "$SL" --csv --animate --method $m --frame-hz 240 $SPRING --max-frames 100000 || continue
    # every frame before the snap (the last row, x = target exactly), as step,x,v
    sed '1d;$d' "$TMP/out" | cut -d, -f1,3,4 >"$TMP/loop"
    frames=$(wc -l <"$TMP/loop" | tr -d ' ')
    # shellcheck disable=SC2086
    expect_ok "$SL" --csv --method $m --steps $((frames - 1)) $SPRING || continue
    tail -n +2 "$TMP/out" | cut -d, -f2,4,5 >"$TMP/runs"
    expect_eq "$m: the loop's $frames frames are the runs' steps" "$(cmp "$TMP/loop" "$TMP/runs" 2>&1)" ""
done
# the loop takes no adaptive solver: --animate says so by name
expect_usage "^spring-lab: --method: --animate takes one method \(allowed: exact or a hand-written one" \
    "$SL" --csv --animate --method gsl-rkf45
finish
