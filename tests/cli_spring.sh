#!/bin/sh
# spring-lab on the command line: the spring article's numbers through --csv, the frame loop, the stability table, and
# every bad option rejected with exit 2 and a message naming it.
. tests/lib/cli.sh
SL="$BIN/spring-lab"

expect_ok "$SL" --help && grep -q '^usage: spring-lab' "$TMP/out" || fail "--help prints the usage"

# The spring article: explicit Euler, w0 = 40, dt = 20 ms, 40 steps from x = 1 -> -5590.544.
expect_ok "$SL" --csv --method explicit --k 1600 --c 0 --m 1 --x0 1 --v0 0 --target 0 --dt 0.02 --steps 40
expect_eq "csv header" "$(head -n 1 "$TMP/out")" "method,step,t,x,v,energy"
expect_eq "csv rows" "$(wc -l <"$TMP/out" | tr -d ' ')" 42
expect_num "explicit x after 40 steps" "$(awk -F, '$2 == 40 {print $4}' "$TMP/out")" -5590.544 0.0005
# Seed's table, row 9 at 40 ms: explicit -438.38, semi 1.35 (10 steps).
expect_ok "$SL" --csv --method explicit,semi --k 1600 --c 0 --x0 1 --target 0 --dt 0.04 --steps 10
expect_num "explicit at 40 ms, step 10" "$(awk -F, '$1 == "explicit" && $2 == 10 {print $4}' "$TMP/out")" -438.38 0.005
expect_num "semi at 40 ms, step 10" "$(awk -F, '$1 == "semi" && $2 == 10 {print $4}' "$TMP/out")" 1.35 0.005
# The exact method is the closed form: undamped cos(w0 t) at t = 0.5 s, w0 = 40: cos(20).
expect_ok "$SL" --csv --method exact --k 1600 --c 0 --x0 1 --target 0 --dt 0.05 --steps 10
expect_num "exact x(0.5)" "$(awk -F, '$2 == 10 {print $4}' "$TMP/out")" 0.40808206181339196 1e-12
# all = the thirteen methods, each steps 0..N (dopri5: its accepted steps, then its summary line).
expect_ok "$SL" --csv --method all --steps 5
expect_eq "methods in all" "$(tail -n +2 "$TMP/out" | grep -v '^#' | cut -d, -f1 | uniq | tr '\n' ' ')" \
    "explicit semi rk4 exact gsl-rk4 gsl-rkf45 gsl-rk8pd gsl-msbdf verlet backward-euler midpoint tr-bdf2 dopri5 "
# Divergence: stops with a line naming the step (explicit at w0 dt = 1.6 diverges at step 44).
expect_ok "$SL" --csv --method explicit --k 1600 --c 0 --x0 1 --target 0 --dt 0.04 --steps 100
expect_eq "divergence line" "$(tail -n 1 "$TMP/out")" "# explicit: diverged at step 44 (t = 1.76)"
grep -qiE 'nan|inf' "$TMP/out" && fail "a diverged run printed nan or inf"

# The frame loop: the spring article's example 0 -> 300 rests at frame 38 (60 Hz), 75 (120 Hz), snapped exactly.
expect_ok "$SL" --csv --animate --frame-hz 60 --x0 0 --target 300 --k 200 --c 20 --m 1
expect_eq "animate header" "$(head -n 1 "$TMP/out")" "frame,t,x,v,substeps"
expect_eq "rest at 60 Hz" "$(tail -n 1 "$TMP/out" | cut -d, -f1,3,4)" "38,300,0"
expect_ok "$SL" --csv --animate --frame-hz 120 --x0 0 --target 300 --k 200 --c 20 --m 1
expect_eq "rest at 120 Hz" "$(tail -n 1 "$TMP/out" | cut -d, -f1,3,4)" "75,300,0"
# A 4 s gap at frame 10: capped, it costs 24 substeps; uncapped, 960.
expect_ok "$SL" --csv --animate --gap 4
expect_eq "capped gap substeps" "$(awk -F, '$1 == 10 {print $5}' "$TMP/out")" 24
expect_ok "$SL" --csv --animate --gap 4 --no-cap
expect_eq "uncapped gap substeps" "$(awk -F, '$1 == 10 {print $5}' "$TMP/out")" 960
# Jitter is seeded: the same seed gives the same bytes.
expect_ok "$SL" --csv --animate --frame-jitter 0.5 --seed 7 && cp "$TMP/out" "$TMP/a"
expect_ok "$SL" --csv --animate --frame-jitter 0.5 --seed 7
cmp -s "$TMP/a" "$TMP/out" && pass || fail "jittered runs with one seed differ"
# An undamped spring never rests: exit 1 after --max-frames, not a hang.
"$SL" --csv --animate --c 0 --max-frames 500 >/dev/null 2>"$TMP/err"
expect_eq "undamped animate exit" "$?" 1
grep -q 'not at rest after 500 frames' "$TMP/err" && pass || fail "undamped animate message"

# Stability: the undamped bounds 0, 2, 2 sqrt 2.
expect_ok "$SL" --stability --k 1600 --c 0 --m 1 --dt 0.02
expect_num "explicit bound" "$(awk -F, '$1 == "explicit" {print $3}' "$TMP/out")" 0 0
expect_num "semi bound" "$(awk -F, '$1 == "semi" {print $3}' "$TMP/out")" 2 1e-12
expect_num "rk4 bound" "$(awk -F, '$1 == "rk4" {print $3}' "$TMP/out")" 2.8284271247461903 1e-12
expect_num "semi dt bound" "$(awk -F, '$1 == "semi" {print $4}' "$TMP/out")" 0.05 1e-12
expect_num "explicit radius at 20 ms" "$(awk -F, '$1 == "explicit" {print $6}' "$TMP/out")" 1.2806248474865698 1e-12
# damped: zeta = 0.1, the closed forms 2 zeta (explicit) and 2 (sqrt(1 + zeta^2) - zeta) (semi-implicit)
expect_ok "$SL" --stability --k 100 --c 2 --m 1 --dt 0.01
expect_num "damped explicit bound" "$(awk -F, '$1 == "explicit" {print $3}' "$TMP/out")" 0.2 1e-9
expect_num "damped semi bound" "$(awk -F, '$1 == "semi" {print $3}' "$TMP/out")" 1.8099751242241779 1e-9
# on the bound itself, undamped semi-implicit Euler has -1 twice (a Jordan block): rho(M) = 1, but not stable
expect_ok "$SL" --stability --k 1600 --c 0 --m 1 --dt 0.05
expect_eq "semi at w0 dt = 2" "$(awk -F, '$1 == "semi" {print $7}' "$TMP/out")" no

# every method with a fixed step (not gsl-rkf45, gsl-rk8pd, gsl-msbdf, dopri5: they choose their own) has a --stability row,
# once: the names --method takes, from its own error message
"$SL" --csv --method bogus >/dev/null 2>"$TMP/err"
all=$(sed -n 's/.*comma-separated list of \(.*\))$/\1/p' "$TMP/err" | tr -d ',')
expect_eq "--method's names" "$(echo $all | wc -w)" 13
expect_ok "$SL" --stability
for name in $all; do
    case $name in gsl-rkf45 | gsl-rk8pd | gsl-msbdf | dopri5) want=0 ;; *) want=1 ;; esac
    expect_eq "--stability rows of $name" "$(awk -F, -v m="$name" '$1 == m' "$TMP/out" | wc -l)" $want
done

# --help's list of the frame loop's methods is the set --csv --animate takes (exit 1: it ran and did not rest)
took=
for name in $all; do
    "$SL" --csv --animate --method "$name" --max-frames 1 >/dev/null 2>&1
    [ $? -eq 1 ] && took="$took $name"
done
said=$("$SL" --help | tr '\n' ' ' | sed -n 's/.*--csv --animate: one of \([^;]*\), default semi;.*/\1/p' | tr -d ',')
expect_eq "--help's --animate methods" "$(echo $said | tr ' ' '\n' | sort | tr '\n' ' ')" \
    "$(echo $took | tr ' ' '\n' | sort | tr '\n' ' ')"

# --dt has an upper bound (1000 s, as network-lab's): no radius is ever nan or inf, at any corner of the ranges.
# (The last line, "# stiffness ratio ...", is the spring's, not a method's: tests/cli_spring_region.sh.)
expect_usage "^spring-lab: --dt: '1001' is out of range \(allowed: a number > 0 and <= 1000\)$" "$SL" --stability --dt 1001
expect_usage "^spring-lab: --dt: '1e300' is out of range" "$SL" --csv --dt 1e300
for k in 1e-12 1e12; do for m in 1e-12 1e12; do for c in 0 1e12; do for dt in 1e-320 1000; do
    expect_ok "$SL" --stability --k $k --m $m --c $c --dt $dt
    bad=$(awk -F, 'NR > 1 && $1 !~ /^#/ && ($6 ~ /nan|inf/ || $6 == "") {print $1}' "$TMP/out")
    expect_eq "radii at k $k m $m c $c dt $dt" "$bad" ""
done; done; done; done
# The verdict follows the limit: a method whose limit is 0 is never stable, though its radius at a tiny step
# prints as 1 (explicit Euler, undamped: sqrt(1 + (w0 dt)^2)); exactly at semi's bound of 2 it is not either: its
# step matrix has -1 twice there (a Jordan block), x grows linearly (tests/test_spring_lab_claims.c).
expect_ok "$SL" --stability --k 1 --c 0 --m 1 --dt 1e-9
expect_eq "explicit, limit 0, tiny dt" "$(awk -F, '$1 == "explicit" {print $3 "," $7}' "$TMP/out")" "0,no"
expect_ok "$SL" --stability --k 1 --c 0 --m 1 --dt 2
expect_eq "semi at its bound" "$(awk -F, '$1 == "semi" {print $7}' "$TMP/out")" "no"
expect_ok "$SL" --stability --k 1 --c 1e12 --m 1 --dt 1e-320
expect_eq "no verdict yes with a limit of 0" "$(awk -F, 'NR > 1 && $3 == 0 && $7 == "yes"' "$TMP/out")" ""

# Plots on stdout: the golden files were reviewed by eye (the stability chart: explicit above 1 everywhere, semi
# on 1 up to 2, rk4 below 1 up to 2.83, the markers at w0 dt = 1.6; the phase plot: semi-implicit's dots on a
# closed tilted ellipse around the exact one). Regenerate with the same commands.
expect_ok "$SL" --plot stability --k 1600 --c 0 --dt 0.04 --ascii --width 72 --height 18 --method explicit,semi,rk4
cmp -s "$TMP/out" tests/golden/spring_stability_ascii.txt && pass || fail "--plot stability differs from its golden"
expect_ok "$SL" --plot phase --k 1600 --c 0 --x0 1 --target 0 --dt 0.02 --steps 300 --method semi,exact --width 72 --height 20
cmp -s "$TMP/out" tests/golden/spring_phase_semi.txt && pass || fail "--plot phase differs from its golden"
for kind in phase time energy error stability order cost drift phase-lag spiral; do
    expect_ok "$SL" --plot $kind --width 100 --height 30
    expect_eq "--plot $kind rows" "$(grep -vc '^#' "$TMP/out")" 30
    has_braille_out=$(LC_ALL=C grep -c "$(printf '\342[\240-\243]')" "$TMP/out")
    [ "$has_braille_out" -gt 0 ] && pass || fail "--plot $kind has no braille under C.UTF-8"
    LANG=C "$SL" --plot $kind >"$TMP/ascii" && LC_ALL=C grep -q "$(printf '[\200-\377]')" "$TMP/ascii" &&
        fail "--plot $kind under LANG=C is not ASCII" || pass
done
expect_usage "^spring-lab: --plot: 'bode' is not a plot \(allowed: phase, time, energy, error, stability, order, cost, drift, phase-lag, spiral, steps, work-precision, area, disc, shadow, separatrix, region\)" "$SL" --plot bode

# The studies: their series as CSV. Order: RK4's least-squares slope of log error on log dt is 4 over
# the finest half of the grids 8 dt .. dt/16 (tests/test_spring_lab_claims.c checks every method's); the drift's
# semi-modified energy stays 1; the spiral's capped frames never exceed cap / step = 24 substeps.
expect_ok "$SL" --plot order --series --method rk4 --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 50
expect_eq "order csv header" "$(head -n 1 "$TMP/out")" "series,x,y"
expect_eq "order grids" "$(grep -c '^rk4,' "$TMP/out")" 8
slope=$(awk -F, 'NR > 5 { x = log($2); y = log($3); n++; sx += x; sy += y; sxx += x * x; sxy += x * y }
                 END { printf "%.3f", (sxy - sx * sy / n) / (sxx - sx * sx / n) }' "$TMP/out")
expect_num "rk4's measured order" "$slope" 4 0.05
expect_ok "$SL" --plot drift --series --k 39.47841760435743 --c 0 --x0 1 --target 0 --dt 0.025
expect_eq "semi's modified energy kept" "$(awk -F, '$1 == "semi-modified" && ($3 < 0.9999999999 || $3 > 1.0000000001)' "$TMP/out")" ""
expect_ok "$SL" --plot spiral --series
expect_eq "capped spiral" "$(awk -F, '$1 == "costly-capped" && $3 > 24' "$TMP/out")" ""
expect_usage "^spring-lab: --series: --plot phase draws what --csv prints" "$SL" --plot phase --series
expect_usage "^spring-lab: --series goes with --plot" "$SL" --csv --series
expect_usage "^spring-lab: --plot drift, --k 1e-06" "$SL" --plot drift --k 1e-6
expect_usage "^spring-lab: --plot order and --steps 10000000" "$SL" --plot order --steps 10000000

# The new methods: Verlet's undamped limit is semi's 2; the implicit ones have none (inf: A-stable).
expect_ok "$SL" --stability --k 1600 --c 0 --dt 0.02
expect_num "verlet bound" "$(awk -F, '$1 == "verlet" {print $3}' "$TMP/out")" 2 1e-12
expect_eq "implicit bounds" "$(awk -F, '$1 == "backward-euler" || $1 == "midpoint" {print $3 "," $7}' "$TMP/out" | tr '\n' ' ')" "inf,yes inf,yes "
expect_num "midpoint radius" "$(awk -F, '$1 == "midpoint" {print $6}' "$TMP/out")" 1 1e-12
expect_ok "$SL" --csv --animate --method backward-euler
expect_eq "backward Euler snaps" "$(tail -n 1 "$TMP/out" | cut -d, -f3,4)" "300,0"
# The rest test after every fixed step: 30 and 144 Hz stop on the same step, each shown at the next frame.
expect_ok "$SL" --csv --animate --frame-hz 30 --rest-each-substep
expect_eq "30 Hz, per substep" "$(tail -n 1 "$TMP/out" | cut -d, -f1)" 19
expect_ok "$SL" --csv --animate --frame-hz 144 --rest-each-substep
expect_eq "144 Hz, per substep" "$(tail -n 1 "$TMP/out" | cut -d, -f1)" 90
expect_ok "$SL" --csv --animate --rest-rule energy
expect_eq "energy rule snaps" "$(tail -n 1 "$TMP/out" | cut -d, -f3,4)" "300,0"
expect_usage "^spring-lab: --steps: '5000000' is too many for --plot" "$SL" --plot phase --steps 5000000
expect_usage "^spring-lab: --width: '5'" "$SL" --plot phase --width 5
expect_usage "^spring-lab: --height: 'tall'" "$SL" --plot phase --height tall
expect_usage "^spring-lab: --csv and --plot are separate modes: give one \(see --help\)$" "$SL" --csv --plot phase

# Bad input: exit 2, the option and the value named, nothing on stdout.
for bad in abc nan inf -inf 1e400 "" 0 -1 1e13; do
    expect_usage "^spring-lab: --k: .*'$bad'" "$SL" --csv --k "$bad"
done
expect_usage "^spring-lab: --m: '0'" "$SL" --csv --m 0
expect_usage "^spring-lab: --c: '-1'" "$SL" --csv --c -1
expect_usage "^spring-lab: --dt: '0'" "$SL" --csv --dt 0
expect_usage "^spring-lab: --dt: '-0.1'" "$SL" --csv --dt -0.1
expect_usage "^spring-lab: --dt: 'NaN'" "$SL" --csv --dt NaN
for bad in -1 1.5 1e3 100000001 99999999999999999999 x; do
    expect_usage "^spring-lab: --steps: '$bad'" "$SL" --csv --steps "$bad"
done
expect_usage "^spring-lab: --x0: '1e300'" "$SL" --csv --x0 1e300
expect_usage "^spring-lab: --method: 'rk5'" "$SL" --csv --method rk5
expect_usage "^spring-lab: --method: '' is not a method in 'semi,,'" "$SL" --csv --method semi,,
expect_usage "^spring-lab: --method: ''" "$SL" --csv --method ""
expect_usage "^spring-lab: --method: --animate takes one" "$SL" --csv --animate --method semi,rk4
expect_usage "^spring-lab: --method: --animate takes one" "$SL" --csv --animate --method gsl-rk4
expect_usage "^spring-lab: --tol: '0'" "$SL" --csv --tol 0
expect_usage "^spring-lab: --frame-hz: '0'" "$SL" --csv --animate --frame-hz 0
expect_usage "^spring-lab: --frame-jitter: '2'" "$SL" --csv --animate --frame-jitter 2
expect_usage "^spring-lab: --gap: '-4'" "$SL" --csv --animate --gap -4
expect_usage "^spring-lab: --cap: 0.001 is below the step" "$SL" --csv --animate --cap 0.001
expect_usage "^spring-lab: --rest-rule: 'never' is not a rule \(allowed: both, distance, speed, energy\)" "$SL" --csv --animate --rest-rule never
expect_usage "^spring-lab: --eps-x: '0'" "$SL" --csv --animate --eps-x 0
expect_usage "^spring-lab: --seed: '-3'" "$SL" --csv --animate --seed -3
expect_usage "^spring-lab: unknown option '--frobnicate'" "$SL" --frobnicate
expect_usage "^spring-lab: --k needs a value" "$SL" --csv --k
expect_usage "^spring-lab: unexpected argument 'extra'" "$SL" --csv extra
expect_usage "^spring-lab: --animate goes with --csv" "$SL" --animate
expect_usage "^spring-lab: the interactive lab needs a terminal; without one use --csv, --plot KIND or --stability \(see --help\)$" "$SL"

finish
