#!/bin/sh
# spring-lab --plot area|disc|shadow|separatrix: the pendulum's phase-space studies on the command line. The series'
# columns and keys; a disc's area kept by the symplectic steps, grown by explicit Euler by the product of its det J
# (the walk's step 16: 1 + h^2 cos u each step, test_spring_lab_phase computes it by hand); the boundary closed;
# Verlet's shadow energy at the start and its step over the top against hand values; the refusals by name (exit 2).
. tests/lib/cli.sh
SL="$BIN/spring-lab"
PEND="--k 1 --c 0 --m 1 --target 0"

# step 16's disc: 190 steps of 0.1 s from u = 1
expect_ok "$SL" --plot area --series $PEND --x0 1 --dt 0.1 --steps 190
expect_eq "area header" "$(head -n 1 "$TMP/out")" "series,x,y"
expect_eq "area series" "$(tail -n +2 "$TMP/out" | cut -d, -f1 | uniq | tr '\n' ' ')" \
    "explicit semi rk4 verlet backward-euler midpoint "
expect_eq "rows a series" "$(grep -c '^verlet,' "$TMP/out")" 191
for m in semi verlet midpoint; do  # det J = 1: the area to the quadrature's 1e-7
    expect_num "$m keeps the area" "$(grep "^$m," "$TMP/out" | tail -n 1 | cut -d, -f3)" 1 2e-7
done
expect_num "the last row's t" "$(grep '^verlet,' "$TMP/out" | tail -n 1 | cut -d, -f2)" 19 1e-12
awk -F, '$1 == "explicit" {e = $3} $1 == "backward-euler" {b = $3} $1 == "rk4" {r = $3}
         END {exit !(e > 2.3 && e < 2.4 && b > 0.18 && b < 0.19 && r < 1 - 5e-7 && r > 1 - 1e-5)}' "$TMP/out" ||
    fail "explicit grows (2.35), backward Euler (0.188) and RK4 (1 - 1.6e-6) shrink the disc"
# --method picks the steppers (exact and GSL's solvers have no step of their own to advect a disc with)
expect_ok "$SL" --plot area --series $PEND --x0 1 --dt 0.1 --steps 10 --method verlet,exact,gsl-rk8pd
expect_eq "area of --method's steppers" "$(tail -n +2 "$TMP/out" | cut -d, -f1 | uniq)" "verlet"

# the disc's boundaries: the start circle of radius 0.25 about (1, 0), each closed
expect_ok "$SL" --plot disc --series $PEND --x0 1 --dt 0.1 --steps 190 --method semi
expect_eq "disc series" "$(tail -n +2 "$TMP/out" | cut -d, -f1 | uniq | tr '\n' ' ')" "start semi "
awk -F, '$1 == "start" {d = sqrt(($2 - 1)^2 + $3^2); if (d < 0.25 - 1e-12 || d > 0.25 + 1e-12) bad = 1}
         $1 == "semi" {if (!n++) {x0 = $2; y0 = $3} x = $2; y = $3}
         END {exit bad || x != x0 || y != y0}' "$TMP/out" || fail "start circle of 0.25, semi's boundary closed"

# step 17's long run (1e5 periods of a 1 rad swing at dt 0.2): three series, Verlet bounded within 1%, RK4 drifted
expect_ok "$SL" --plot shadow --series $PEND --x0 1 --dt 0.2
expect_eq "shadow series" "$(tail -n +2 "$TMP/out" | cut -d, -f1 | uniq | tr '\n' ' ')" "verlet verlet-modified rk4 "
awk -F, '$1 == "verlet" && ($3 > 1.01 || $3 < 0.99) {bad = 1} $1 == "rk4" {r = $3; p = $2}
         END {exit bad || !(r < 0.2) || !(p > 99900)}' "$TMP/out" || fail "verlet within 1%, rk4 below 0.2 at 1e5 periods"

# step 18: from the bottom at v0 = 1.998 Verlet's shadow energy 1.998^2/2 + 0.2^2 1.998^2/12 = 2.00931 is above the
# top's 2: it goes over (|u| > pi) at step 21; the reference (rk8pd at 1e-13) swings back
expect_ok "$SL" --plot separatrix --series $PEND --x0 0 --v0 1.998 --dt 0.2 --steps 300
expect_eq "separatrix series" "$(tail -n +2 "$TMP/out" | cut -d, -f1 | uniq | tr '\n' ' ')" \
    "verlet midpoint rk4 reference "
expect_eq "verlet's first step over the top" \
    "$(awk -F, '$1 == "verlet" && ($3 > 3.141592653589793 || $3 < -3.141592653589793) {print NR - 2; exit}' "$TMP/out")" 21
awk -F, '$1 == "reference" && ($3 > 3.0522 || $3 < -3.0522) {bad = 1} END {exit bad}' "$TMP/out" ||
    fail "the reference within the amplitude 2 asin(0.999) = 3.05207"
expect_ok "$SL" --plot separatrix $PEND --x0 0 --v0 1.998 --dt 0.2 --steps 300 --width 72 --height 16 --ascii
grep -q "the top" "$TMP/out" || fail "the separatrix chart marks the top"

# refusals: the pendulum has no cubic term; 1e5 periods at a tiny dt; a figure with --series
expect_usage "^spring-lab: --plot area: the pendulum's force is k sin\(x - target\), with no cubic term" \
    "$SL" --plot area --k3 1
expect_usage "^spring-lab: --plot shadow, --k 1, --m 1, --x0 1, --v0 0 and --dt 1e-05" \
    "$SL" --plot shadow $PEND --x0 1 --dt 1e-5
expect_usage "^spring-lab: --method: --plot disc advects the disc with a step of the method's own \(allowed: explicit," \
    "$SL" --plot disc $PEND --x0 1 --steps 5 --method exact,gsl-rk8pd
expect_usage "^spring-lab: --out goes with a chart, not with --series" \
    "$SL" --plot area --series --out "$TMP/a.svg" $PEND --x0 1 --steps 5
[ -e "$TMP/a.svg" ] && fail "a refused --out left a file"
finish
