#!/bin/sh
# spring-lab --k3: the hardening (Duffing) spring on the command line: the option's bounds, exact refused by name,
# Newton's iterations and failures reported in --csv, the stability table at two states beside the spring's own run,
# the frame loop on it (the same steps --csv takes).
. tests/lib/cli.sh
SL="$BIN/spring-lab"

expect_usage "^spring-lab: --k3: '-1' is out of range" "$SL" --csv --k3 -1
expect_usage "^spring-lab: --method exact: the closed form is of the linear spring \(--k3 0\); with --k3 1 gsl-rk8pd is the reference$" \
    "$SL" --csv --k3 1 --method exact,rk4
expect_usage "^spring-lab: --plot phase-lag: the phase is measured against w0 t" "$SL" --plot phase-lag --k3 1
# The walk takes --k3 on its hardening spring's step (14) only: every other step stays the linear spring.
NUMLAB_WALK_TEXT=1 expect_ok "$SL" --k3 400
expect_eq "the walk's step 14 takes --k3" "$(awk '/^=== step 14\// { s = 1 } s && /^--- values: / { print; exit }' "$TMP/out")" \
    "--- values: k = 100, k3 = 400, x0 = 1, c = 0, dt = 0.05, steps = 400"
expect_eq "no other step has a k3" "$(awk '/^=== step / { n = $3 } /^--- values: .*k3/ { print n }' "$TMP/out")" "14/18:"

# The energy has k3 u^4/4: k = 1, k3 = 1, from u = 2 at rest: 2 + 4 = 6.
expect_ok "$SL" --csv --method semi --k 1 --c 0 --k3 1 --target 0 --x0 2 --steps 1
expect_num "energy at step 0" "$(awk -F, '$2 == 0 {print $6}' "$TMP/out")" 6 1e-15
# all (the default) is every method but exact, whose closed form is of the linear spring.
expect_ok "$SL" --csv --k3 1 --steps 2
expect_eq "methods with --k3" "$(grep -v '^#' "$TMP/out" | tail -n +2 | cut -d, -f1 | uniq | tr '\n' ' ')" \
    "explicit semi rk4 gsl-rk4 gsl-rkf45 gsl-rk8pd gsl-msbdf verlet backward-euler midpoint tr-bdf2 dopri5 "
expect_ok "$SL" --csv --method all --k3 1 --steps 2
grep -q '^exact,' "$TMP/out" && fail "--method all --k3 1 ran exact"

# Backward Euler and the midpoint rule solve each step by Newton: the count is printed, never hidden; on the undamped
# spring from u = 2 at dt = 0.1 backward Euler's energy never rises (the potential is convex: see test_spring_duffing).
expect_ok "$SL" --csv --method backward-euler,midpoint --k 1 --c 0 --k3 1 --target 0 --x0 2 --dt 0.1 --steps 50
expect_eq "newton lines" "$(grep -c '^# [a-z-]*: Newton took [0-9]* iterations over 50 steps' "$TMP/out")" 2
awk -F, '$1 == "backward-euler" && $2 > 0 && $6 > e * (1 + 1e-12) {bad = 1} $1 == "backward-euler" {e = $6}
         END {exit bad}' "$TMP/out" || fail "backward Euler gained energy"
# A step Newton cannot solve in 50 iterations (from u = 1e6 with h^2 k3 = 1e18) is said so, and the run stops.
expect_ok "$SL" --csv --method backward-euler --k 1 --c 0 --k3 1e12 --target 0 --x0 1e6 --dt 1000 --steps 3
expect_eq "newton failure" "$(tail -n 1 "$TMP/out")" "# backward-euler: Newton did not converge at step 1 (t = 1000) in 50 iterations"

# --stability --k3: explicit Euler at dt = 0.45 (k = 1, c = 0.5: its linear limit about rest is c/k = 0.5) is
# stable about rest and diverges at step 9 from u = 2, where the tangent stiffness is 1 + 3 * 4 = 13.
expect_ok "$SL" --stability --k 1 --c 0.5 --m 1 --target 0 --x0 2 --k3 1 --dt 0.45 --steps 2000
grep -q '^# --k3 1: the step matrices are of the linearisation about a state' "$TMP/out" || fail "stability says which state"
expect_eq "explicit about rest" "$(awk -F, '$1 == "rest" && $4 == "explicit" {print $10 "," $11}' "$TMP/out")" \
    "yes,diverged at step 9"
expect_eq "explicit at the amplitude" "$(awk -F, '$1 == "amplitude" && $4 == "explicit" {print $2 "," $3 "," $10}' "$TMP/out")" \
    "2,13,no"
grep -q '^# explicit: stable at the linearisation about rest (w0 dt 0.45), diverged at step 9 on the spring' "$TMP/out" ||
    fail "stability names where the chart about rest stops holding"
# ... and from u = 0.1 it stays bounded.
expect_ok "$SL" --stability --k 1 --c 0.5 --m 1 --target 0 --x0 0.1 --k3 1 --dt 0.45 --steps 2000
expect_eq "explicit small amplitude" "$(awk -F, '$1 == "rest" && $4 == "explicit" {print $11}' "$TMP/out")" bounded

# The frame loop on the Duffing spring: 4 steps a frame at 60 Hz, so frame 10 is --csv's step 40 exactly, and it
# rests (snapped) at frame 51, the linear spring at 39 (k3 = 1e-3 adds 90 N/m of stiffness at u = 300).
expect_ok "$SL" --csv --animate --method backward-euler --k3 1e-3 --x0 0 --target 300
frame10=$(awk -F, '$1 == 10 {print $3 "," $4}' "$TMP/out")
expect_eq "rest with --k3" "$(tail -n 1 "$TMP/out" | cut -d, -f1,3,4)" "51,300,0"
expect_ok "$SL" --csv --method backward-euler --k3 1e-3 --x0 0 --target 300 --dt 0.004166666666666667 --steps 40
expect_eq "frame 10 is step 40" "$(awk -F, '$2 == 40 {print $4 "," $5}' "$TMP/out")" "$frame10"
expect_usage "^spring-lab: --method exact: the closed form is of the linear spring" "$SL" --csv --animate --method exact --k3 1
# A step the frame loop's Newton cannot solve (from u = 1e9 with h^2 k3 = 1e12 the root is near 0.1, ten decades
# away at a third an iteration) is said as such, at the frame whose first step it is (60: one step of 1 s).
expect_ok "$SL" --csv --animate --method backward-euler --k 1 --k3 1e12 --x0 1e9 --target 0 --step 1 --cap 1
expect_eq "loop newton failure" "$(tail -n 1 "$TMP/out")" "# backward-euler: Newton did not converge at frame 60 (t = 1) in 50 iterations"

# --plot error with --k3 measures against the rk8pd reference and says so.
expect_ok "$SL" --plot error --ascii --k3 1 --k 1 --c 0.5 --target 0 --x0 2 --width 60 --height 12
grep -q 'x_ref|, gsl-rk8pd at tol 1e-13' "$TMP/out" || fail "--plot error names its reference"
finish
