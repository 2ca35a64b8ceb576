#!/bin/sh
# spring-lab's dopri5 on the command line: --csv prints a row an accepted step to t = dt N and a summary line whose
# counts are the rows' (FSAL: 2 + 6 evaluations an attempt), the end matches the closed form to the tolerance,
# --controller picks the controller and is refused where it does nothing; --plot steps and --plot work-precision
# draw and print their series.
. tests/lib/cli.sh
SL="$BIN/spring-lab"

expect_ok "$SL" --csv --method dopri5,exact --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 200 --tol 1e-8
expect_eq "header" "$(head -n 1 "$TMP/out")" "method,step,t,x,v,energy"
rows=$(awk -F, '$1 == "dopri5"' "$TMP/out" | wc -l)
summary=$(grep '^# dopri5: ' "$TMP/out")
accepted=$(printf '%s\n' "$summary" | sed -n 's/^# dopri5: \([0-9]*\) accepted steps, .*/\1/p')
rejected=$(printf '%s\n' "$summary" | sed -n 's/.* accepted steps, \([0-9]*\) rejected, .*/\1/p')
evals=$(printf '%s\n' "$summary" | sed -n 's/.* rejected, \([0-9]*\) evaluations .*/\1/p')
expect_eq "a row an accepted step, and the start" "$rows" "$((accepted + 1))"
expect_eq "FSAL's evaluations" "$evals" "$((2 + 6 * (accepted + rejected)))"
expect_eq "the summary names tol and controller" "$(printf '%s\n' "$summary" | sed 's/.*(//')" "tol 1e-08, controller standard)"
# the last row lands on t = dt N exactly, within 100 tol of the closed form (the exact method's last row)
last=$(awk -F, '$1 == "dopri5"' "$TMP/out" | tail -n 1)
expect_eq "lands on t = 2" "$(echo "$last" | cut -d, -f3)" 2
exact=$(awk -F, '$1 == "exact" && $2 == 200 {print $4}' "$TMP/out")
expect_num "x(2) against the closed form" "$(echo "$last" | cut -d, -f4)" "$exact" 1e-6
# t grows, each step > 0
awk -F, '$1 == "dopri5" { if (n++ && $3 <= t) bad = 1; t = $3 } END { exit bad }' "$TMP/out" && pass ||
    fail "dopri5's times do not grow"
# README's example is this run's last line (in both READMEs)
expect_ok "$SL" --csv --method dopri5 --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 200 --tol 1e-6
for readme in README.md README.es.md; do
    grep -qxF "    $(tail -n 1 "$TMP/out")" "$readme" && pass || fail "$readme: not the run's summary: $(tail -n 1 "$TMP/out")"
done
# a loose tolerance rejects steps on this spring (counted in the summary)
expect_ok "$SL" --csv --method dopri5 --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 200 --tol 1e-3
rejected=$(sed -n 's/.* accepted steps, \([0-9]*\) rejected, .*/\1/p' "$TMP/out")
[ "$rejected" -ge 1 ] && pass || fail "no rejected step at tol 1e-3: $rejected"
# the PI controller: its own steps, named
expect_ok "$SL" --csv --method dopri5 --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 200 --tol 1e-8 --controller pi
grep -q '^# dopri5: .*controller pi)$' "$TMP/out" && pass || fail "--controller pi not in the summary"
expect_usage "^spring-lab: --controller: 'fast' is not a controller \(allowed: standard, pi\)" "$SL" --csv --controller fast
NUMLAB_WALK_TEXT=1 expect_usage "^spring-lab: --controller" "$SL" --controller pi
# dopri5 picks its own steps: the frame loop's fixed step refuses it
expect_usage "^spring-lab: --method: --animate takes one method" "$SL" --csv --animate --method dopri5

# --plot steps: a chart, and its series (dopri5-standard, dopri5-pi: t, h) that add up to the run
expect_ok "$SL" --plot steps --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 300 --tol 1e-6 --ascii
grep -q "dopri5's accepted steps to t = 3 s" "$TMP/out" && pass || fail "--plot steps: no title"
expect_ok "$SL" --plot steps --series --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 300 --tol 1e-6
expect_eq "steps series" "$(tail -n +2 "$TMP/out" | cut -d, -f1 | uniq | tr '\n' ' ')" "dopri5-standard dopri5-pi "
expect_num "standard steps sum to 3 s" "$(awk -F, '$1 == "dopri5-standard" {s += $3} END {printf "%.12f", s}' "$TMP/out")" 3 1e-9
# --plot work-precision: every kind of method, fixed at 8 grids and adaptive at 10 tolerances
expect_ok "$SL" --plot work-precision --series --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 300
expect_eq "work series" "$(tail -n +2 "$TMP/out" | cut -d, -f1 | uniq | tr '\n' ' ')" \
    "explicit semi verlet midpoint rk4 gsl-rk4 dopri5 gsl-rkf45 "
expect_eq "dopri5 points" "$(grep -c '^dopri5,' "$TMP/out")" 10
expect_eq "rk4 points" "$(grep -c '^rk4,' "$TMP/out")" 8
expect_ok "$SL" --plot work-precision --k 100 --c 2 --x0 1 --target 0 --dt 0.01 --steps 300 --ascii
grep -q 'rk4 -4.0' "$TMP/out" && pass || fail "--plot work-precision: RK4's slope not -4.0 in the legend"
# bounded work: a run of 1e8 steps of 1 s on a stiff spring is refused up front
expect_usage "^spring-lab: --plot steps, --k 1e\+06" "$SL" --plot steps --k 1e6 --dt 1 --steps 100000000
finish
