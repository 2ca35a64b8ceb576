#!/bin/sh
# spring-lab --plot region [--series]: each method's stability region in the complex plane z = dt lambda. The
# boundary points --series prints satisfy |R(z)| = 1 with R written here in awk (the closed forms, not the step
# matrices the lab reads), the spring's two dt lambda are the roots of s^2 + (c/m) s + k/m times dt, and
# --stability's stiffness ratio is |Re lambda_fast| / |Re lambda_slow|.
. tests/lib/cli.sh
SL="$BIN/spring-lab"

# the chart: the five default methods in its legend, the marker, the axes' labels
expect_ok "$SL" --plot region --width 100 --height 30
for name in explicit rk4 backward-euler midpoint tr-bdf2 "dt lambda" "Re z"; do
    if grep -q "$name" "$TMP/out"; then pass; else fail "--plot region: no '$name' in the chart"; fi
done
expect_ok "$SL" --plot region --ascii --method rk4
if grep -q 'rk4' "$TMP/out" && ! grep -q 'midpoint' "$TMP/out" && ! LC_ALL=C grep -q '[^ -~]' "$TMP/out"; then pass
else fail "--plot region --ascii --method rk4: not an ASCII chart of rk4 alone"; fi

# --series: |R(z)| - 1 at every point, R by hand (complex arithmetic in awk)
expect_ok "$SL" --plot region --series --k 8 --c 2 --m 2 --dt 0.1
expect_eq "--series header" "$(head -n 1 "$TMP/out")" "series,x,y"
worst=$(awk -F, 'function cmul(a, b, c, d) { re = a * c - b * d; im = a * d + b * c }
    function cdivmod(nr, ni, dr, di) { return sqrt((nr * nr + ni * ni) / (dr * dr + di * di)) }
    NR > 1 && $1 != "dt-lambda" {
        x = $2; y = $3
        if ($1 == "explicit") a = sqrt((1 + x) ^ 2 + y ^ 2)
        else if ($1 == "backward-euler") a = 1 / sqrt((1 - x) ^ 2 + y ^ 2)
        else if ($1 == "midpoint") a = cdivmod(1 + x / 2, y / 2, 1 - x / 2, -y / 2)
        else if ($1 == "rk4") {  # 1 + z (1 + z/2 (1 + z/3 (1 + z/4)))
            pr = 1 + x / 4; pi = y / 4
            cmul(x / 3, y / 3, pr, pi); pr = 1 + re; pi = im
            cmul(x / 2, y / 2, pr, pi); pr = 1 + re; pi = im
            cmul(x, y, pr, pi); a = sqrt((1 + re) ^ 2 + im ^ 2)
        } else if ($1 == "tr-bdf2") {  # (1 + (sqrt 2 - 1) z) / (1 - (1 - sqrt 2 / 2) z)^2
            c = sqrt(2) - 1; d = 1 - sqrt(2) / 2
            a = sqrt((1 + c * x) ^ 2 + (c * y) ^ 2) / ((1 - d * x) ^ 2 + (d * y) ^ 2)
        } else { print "unknown series " $1; exit }
        e = a - 1; if (e < 0) e = -e; if (e > worst) worst = e; n[$1]++
    }
    END { for (k in n) if (n[k] < 30) { print "only " n[k] " points of " k; exit }
          printf "%.3g\n", worst }' "$TMP/out")
if awk -v w="$worst" 'BEGIN { exit !(w ~ /^[0-9.e+-]+$/ && w + 0 <= 1e-9) }'; then pass; else
    fail "--series: a boundary point off |R(z)| = 1: $worst"; fi
# k = 8, c = 2, m = 2: w0 = 2, zeta = 1/4, lambda = -1/2 +- i 2 sqrt(15/16) = -0.5 +- 1.9364917i; dt = 0.1
expect_eq "dt-lambda rows" "$(awk -F, '$1 == "dt-lambda" { printf "%.7f %.7f ", $2, $3 }' "$TMP/out")" \
    "-0.0500000 0.1936492 -0.0500000 -0.1936492 "
# over-damped, step 9's spring: k 10000, c 1000, m 1 at dt 0.01: dt (-500 -+ sqrt(500^2 - 10^4)) = -0.10102, -9.89898
expect_ok "$SL" --plot region --series --k 10000 --c 1000 --m 1 --dt 0.01
expect_eq "dt-lambda, over-damped" "$(awk -F, '$1 == "dt-lambda" { printf "%.5f %g ", $2, $3 }' "$TMP/out")" \
    "-0.10102 0 -9.89898 0 "

# --stability's stiffness ratio: 989.898 / 10.102 = (5 + sqrt 24)^2 = 97.98979
expect_ok "$SL" --stability --k 10000 --c 1000 --m 1 --dt 0.01
expect_num "stiffness ratio" "$(sed -n 's/^# stiffness ratio \([^ ]*\) .*/\1/p' "$TMP/out")" 97.989795 1e-5
expect_ok "$SL" --stability --k 8 --c 2 --m 2
expect_num "stiffness ratio, under-damped" "$(sed -n 's/^# stiffness ratio \([^ ]*\) .*/\1/p' "$TMP/out")" 1 0

# a root beyond the chart's reach (60 from 0) is said after it: k 1e6, c 1e5 (zeta 50, w0 1000) at dt 0.01 puts the
# fast one at -0.01 x 1000 (50 + sqrt 2499) = -999.9, the slow one at -0.10001 (on the chart: no line)
expect_ok "$SL" --plot region --k 1e6 --c 1e5 --m 1 --dt 0.01
expect_eq "the root off the chart" "$(grep '^#' "$TMP/out")" "# dt lambda = -999.9+0i: outside the chart"

# what --plot region refuses
expect_usage "^spring-lab: --method: --plot region draws 1 to 8 methods with a step of their own \(allowed: explicit, semi, rk4, verlet, backward-euler, midpoint, tr-bdf2\)$" \
    "$SL" --plot region --method gsl-rkf45,exact
expect_usage "^spring-lab: --out goes with a chart, not with --series" "$SL" --plot region --series --out "$TMP/r.svg"
finish
