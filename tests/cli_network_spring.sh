#!/bin/sh
# A network of one spring is spring-lab's spring: a pinned anchor at the origin, a mass m at (L, 0) on a spring of
# stiffness k, rest length L and damper c, pulled to L + x0 along the spring's line, moves on that line as
# m x'' = -k x - c x' (the spring's force k (l - L) and its damper's c dv.u both act along u = (1, 0)), so the
# mass's x minus L at each step is spring-lab's x with target 0. Both labs step it with the same methods; each
# method's trajectory must agree to rounding (the adaptive gsl-rkf45 to its tolerance), step by step.
. tests/lib/cli.sh
NL="$BIN/network-lab" SL="$BIN/spring-lab"
K=40 C=0.8 M=2 L=1 X0=0.25 DT=0.01 STEPS=300
printf 'mass 0 0 1 pinned\nmass %s 0 %s\nspring 0 1 %s %s %s\n' "$L" "$M" "$K" "$L" "$C" >"$TMP/one.net"

# agree METHOD TOL [SPRING_METHOD]: |x_network - L - x_spring| <= TOL x0 at every step, and the mass's y stays within
# it of 0; spring-lab runs SPRING_METHOD (METHOD unless given)
agree() {
    expect_ok "$NL" --csv --file "$TMP/one.net" --method "$1" --pull 1,$X0,0 --dt $DT --steps $STEPS --tol 1e-12 ||
        return
    # step,t,kinetic,potential,total,x0,y0,x1,y1: the mass is x1, y1
    awk -F, -v L=$L 'NR > 1 && $1 !~ /^#/ { printf "%d %.17g %.17g\n", $1, $8 - L, $9 }' "$TMP/out" >"$TMP/net"
    expect_ok "$SL" --csv --method "${3:-$1}" --k $K --c $C --m $M --x0 $X0 --v0 0 --target 0 --dt $DT --steps $STEPS \
        --tol 1e-12 || return
    awk -F, 'NR > 1 && $1 !~ /^#/ { printf "%d %.17g\n", $2, $4 }' "$TMP/out" >"$TMP/spring"
    expect_eq "$1: both labs ran $STEPS steps" "$(wc -l <"$TMP/net" | tr -d ' ') $(wc -l <"$TMP/spring" | tr -d ' ')" \
        "$((STEPS + 1)) $((STEPS + 1))"
    worst=$(paste -d' ' "$TMP/net" "$TMP/spring" | awk -v x0=$X0 '
        { if ($1 != $4) { print "step " $1 " against " $4; exit }
          d = $2 - $5; if (d < 0) d = -d; y = $3; if (y < 0) y = -y; if (y > d) d = y
          if (d > worst) worst = d }
        END { printf "%.3g\n", worst / x0 }')
    if awk -v w="$worst" -v t="$2" 'BEGIN { exit !(w != "" && w + 0 <= t + 0) }'; then pass; else
        fail "$1: the network's x - L and spring-lab's x differ by $worst of x0 (allowed $2)"; fi
}

agree explicit 1e-12
agree semi 1e-12
agree rk4 1e-12
agree verlet 1e-12
agree backward-euler 1e-12     # Newton: its first, linearised iterate is exact on one mass along its spring
agree backward-euler-1 1e-12 backward-euler  # that first iterate alone: GMRES to 1e-10 of its right-hand side
agree midpoint 1e-12           # new to network-lab: ode.h's implicit midpoint, as spring-lab steps it
agree tr-bdf2 1e-12            # its two stages through backward Euler's sparse Newton, spring-lab's through ode.h's
agree gsl-rk4 1e-12
agree gsl-rkf45 1e-10          # adaptive: each lab's own steps to the output times, both at tol 1e-12
agree gsl-rk8pd 1e-12
# the dense methods name their limit
expect_usage "^network-lab: --method midpoint: its dense Jacobian allows at most 400 masses \(this network has 441\)" \
    "$NL" --csv --preset grid --n 21 --method midpoint --steps 1
finish
