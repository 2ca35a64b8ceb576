#!/bin/sh
# network-lab's headless contract: the CSV, the modes, and a clear message with exit status 2 for all bad input.
set -u
BIN=${NUMLAB_BIN:-build/bin}/network-lab
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
fails=0
passes=0

pass() { passes=$((passes + 1)); }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect_usage "what it must say" args...: exit status 2, nothing on stdout, the message on stderr
expect_usage() {
    want=$1; shift
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
    if [ $rc -ne 2 ]; then fail "$*: exit $rc, expected 2"; return; fi
    if [ -s "$tmp/out" ]; then fail "$*: wrote to stdout"; return; fi
    if ! grep -qF -- "$want" "$tmp/err"; then fail "$*: message '$(cat "$tmp/err")' lacks '$want'"; return; fi
    pass
}

# run_ok args...: exit status 0, output in $tmp/out, no NaN or infinity anywhere
run_ok() {
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
    if [ $rc -ne 0 ]; then fail "$*: exit $rc: $(cat "$tmp/err")"; return 1; fi
    if grep -qiE '(^|[,= ])[-+]?(nan|inf)' "$tmp/out"; then fail "$*: non-finite output"; return 1; fi
    pass
}

# --- help and the CSV -----------------------------------------------------------------------------------------
"$BIN" --help >"$tmp/out" 2>&1 && grep -q '^usage: network-lab ' "$tmp/out" && grep -q '^  *network-lab --csv' "$tmp/out" &&
    pass || fail "--help has no usage lines"

# --help's --method text names every method of the table (the names --method takes, from its own error message)
names=$("$BIN" --csv --preset four --method bogus 2>&1 | sed -n 's/.*comma-separated list of \(.*\))$/\1/p' | tr -d ',')
[ "$(echo $names | wc -w)" -eq 14 ] || fail "--method's allowed list: '$names'"
"$BIN" --help >"$tmp/help" 2>&1
for name in $names; do
    grep -qE "(^|[ ,(])$name([ ,);]|\$)" "$tmp/help" && pass || fail "--help does not name the method $name"
    run_ok --csv --preset four --steps 2 --method "$name"
done

run_ok --csv --preset four --steps 10 && {
    [ "$(head -n 1 "$tmp/out")" = "step,t,kinetic,potential,total,x0,y0,x1,y1,x2,y2,x3,y3" ] || fail "four: header"
    [ "$(wc -l <"$tmp/out")" -eq 12 ] || fail "four: expected 11 rows and a header"
    # at rest with no kick nothing moves: kinetic 0, potential 0, corners exactly where they were
    [ "$(sed -n 12p "$tmp/out")" = "10,0.041666666666666664,0,0,0,0,0,1,0,1,1,0,1" ] || fail "four at rest moved"
}

run_ok --csv --preset chain --n 3 --kick 0.2 --steps 100 --every 25 && {
    [ "$(cut -d, -f1 "$tmp/out" | tr '\n' ' ')" = "step 0 25 50 75 100 " ] || fail "--every 25: steps"
    [ "$(head -n 1 "$tmp/out" | tr ',' '\n' | wc -l)" -eq 15 ] || fail "chain 3: 5 masses, 15 columns"
}
cp "$tmp/out" "$tmp/first"
# S not a multiple of K: the last step is printed too, once
run_ok --csv --preset chain --n 3 --kick 0.2 --steps 10 --every 4 &&
    [ "$(cut -d, -f1 "$tmp/out" | tr '\n' ' ')" = "step 0 4 8 10 " ] || fail "--every 4 --steps 10: steps"
run_ok --csv --preset chain --n 3 --kick 0.2 --steps 10 --every 20 &&
    [ "$(cut -d, -f1 "$tmp/out" | tr '\n' ' ')" = "step 0 10 " ] || fail "--every 20 --steps 10: steps"
run_ok --csv --preset chain --n 3 --kick 0.2 --steps 100 --every 25 && cmp -s "$tmp/out" "$tmp/first" ||
    fail "the same options gave a different CSV"
run_ok --csv --preset chain --n 3 --kick 0.2 --seed 2 --steps 100 --every 25 && cmp -s "$tmp/out" "$tmp/first" &&
    fail "another --seed gave the same CSV"

# semi-implicit keeps the energy of the kicked chain within 1% (h w_max = 0.02); explicit Euler gains (each row's total grows)
run_ok --csv --preset chain --n 5 --kick 0.3 --method semi --dt 0.01 --steps 20000 --every 100 &&
    awk -F, 'NR == 2 { e0 = $5 } NR > 2 { d = $5 - e0; if (d < 0) d = -d; if (d > 0.01 * e0) bad = 1 }
             END { exit bad }' "$tmp/out" || fail "semi: the energy left its band"
run_ok --csv --preset chain --n 5 --kick 0.3 --method explicit --dt 0.05 --steps 200 --every 20 &&
    awk -F, 'NR > 2 && $5 <= prev { bad = 1 } NR > 1 { prev = $5 } END { exit bad }' "$tmp/out" ||
    fail "explicit: the energy did not grow at every printed row"

# the GSL solvers and the pitfall run too; the pitfall's trajectory differs from Hooke's
for m in rk4 gsl-rk4 gsl-rkf45 gsl-rk8pd gsl-msbdf; do
    run_ok --csv --preset four --kick 0.5 --method "$m" --steps 20 || true
done
run_ok --csv --preset four --kick 0.5 --steps 50 && cp "$tmp/out" "$tmp/hooke"
run_ok --csv --preset four --kick 0.5 --steps 50 --force unit-elongation && cmp -s "$tmp/out" "$tmp/hooke" &&
    fail "--force unit-elongation changed nothing"

# a diverging run is a result: it says where, prints no NaN and exits 0
run_ok --csv --preset chain --n 4 --kick 0.1 --method explicit --dt 1 --steps 100000 && {
    tail -n 1 "$tmp/out" | grep -q '^# explicit: diverged at step [0-9]* (t = [0-9]*)$' || fail "no divergence line"
    grep -q 'diverged at step' "$tmp/err" || fail "no divergence note on stderr"
}

# --pull: the mass starts displaced, at rest; the spring energy is the stretch's (mass 2 of the four at (1.3, 1.1):
# sides 1-2 and 2-3 stretch to sqrt(0.09 + 1.21) and sqrt(1.69 + 0.01), the diagonal 0-2 to sqrt(1.69 + 1.21))
run_ok --csv --preset four --pull 2,0.3,0.1 --steps 0 && awk -F, 'NR == 2 {
    e = 5 * ((sqrt(1.30) - 1)^2 + (sqrt(1.70) - 1)^2 + (sqrt(2.90) - sqrt(2))^2)
    d = $4 - e; if (d < 0) d = -d
    exit !($10 == 1.3 && $11 == 1.1 && $3 == 0 && d < 1e-12) }' "$tmp/out" || fail "--pull: start row"

# --plot: the walk's charts as text; a divergence line identical to the CSV's
run_ok --plot network --preset four --pull 2,0.3,0.1 --dt 0.016667 --steps 60 --width 80 --height 24 && {
    [ "$(wc -l <"$tmp/out")" -eq 24 ] || fail "--plot network: 24 lines"
    grep -q 't = 1 s, dt = 16.7 ms' "$tmp/out" || fail "--plot network: title"
    for m in explicit semi rk4; do grep -q "── $m" "$tmp/out" || fail "--plot network: no legend for $m"; done
    LC_ALL=C grep -q "$(printf '\342[\240-\243]')" "$tmp/out" || fail "--plot network: no braille"
}
run_ok --plot network --preset grid --n 4 --steps 10 --ascii --width 40 --height 12 &&
    LC_ALL=C grep -q "$(printf '[\200-\377]')" "$tmp/out" && fail "--ascii: non-ASCII bytes"
run_ok --csv --preset chain --n 4 --kick 0.1 --method explicit --dt 1 --steps 100000 && tail -n 1 "$tmp/out" >"$tmp/csv-div"
run_ok --plot energy --preset chain --n 4 --kick 0.1 --method explicit,semi --dt 1 --steps 100000 --height 12 && {
    tail -n 1 "$tmp/out" | cmp -s - "$tmp/csv-div" || fail "--plot's divergence line differs from the CSV's"
    grep -q '── semi' "$tmp/out" || fail "--plot energy: semi goes on"
}

# --- files ----------------------------------------------------------------------------------------------------
examples=labs/network-lab/examples
run_ok --csv --file "$examples/bridge.net" --dt 0.001 --steps 10 && [ "$(wc -l <"$tmp/out")" -eq 12 ] ||
    fail "bridge.net: rows"
run_ok --modes --file "$examples/four.net" && cp "$tmp/out" "$tmp/four-file"
run_ok --modes --preset four && cmp -s "$tmp/out" "$tmp/four-file" || fail "four.net's modes differ from the preset's"

printf 'mass 0 0 1\nmass 1 0 1\nspring 0 3 10\n' >"$tmp/bad.net"
expect_usage "$tmp/bad.net:3: spring J: mass 3 is not defined above (expected 0 to 1)" --csv --file "$tmp/bad.net"
printf 'mass 0 0 1\nmass 0 0 1\nspring 0 1 10\n' >"$tmp/zero.net"
expect_usage "$tmp/zero.net:3: spring 0-1: its masses coincide" --modes --file "$tmp/zero.net"
printf 'mass 0 0 1\n\001\002\n' >"$tmp/junk.net"
expect_usage "$tmp/junk.net:2: unexpected byte 0x01" --csv --file "$tmp/junk.net"
: >"$tmp/empty.net"
expect_usage "$tmp/empty.net:1: the file is empty" --csv --file "$tmp/empty.net"
expect_usage "--file: cannot read '$tmp/none.net': No such file or directory" --csv --file "$tmp/none.net"
# not a regular file, or too large: refused before anything is read, naming the option, the file and the limit
mkfifo "$tmp/pipe.net"
timeout 10 "$BIN" --csv --file "$tmp/pipe.net" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && grep -qF -- "--file: '$tmp/pipe.net' is a FIFO (allowed: a regular file of at most 256 MiB)" \
    "$tmp/err"; then pass; else fail "--file FIFO: exit $rc (124: it blocked), '$(cat "$tmp/err")'"; fi
expect_usage "--file: '/dev/zero' is a character device (allowed: a regular file of at most 256 MiB)" \
    --csv --file /dev/zero
expect_usage "--file: '$tmp' is a directory (allowed: a regular file of at most 256 MiB)" --modes --file "$tmp"
truncate -s 268435457 "$tmp/huge.net"   # 256 MiB and a byte, sparse: refused from its size, never read
expect_usage "--file: '$tmp/huge.net' has 268435457 bytes (allowed: a regular file of at most 256 MiB)" \
    --csv --file "$tmp/huge.net"
printf 'mass 0 0 1\nmass 1 0 1\000spring 0 1 10\n' >"$tmp/nul.net"   # the line would end at the NUL
expect_usage "--file: '$tmp/nul.net' has a NUL byte on line 2, column 11 (allowed: a text file, without NUL bytes)" \
    --csv --file "$tmp/nul.net"
# a file name with an escape sequence is shown escaped, never sent to the terminal as it is
odd="$tmp/$(printf 'x\033]0;owned\007y').net"
expect_usage "--file: cannot read '$tmp/x\\x1b]0;owned\\x07y.net': No such file" --csv --file "$odd"
grep -q "$(printf '\033')" "$tmp/err" && fail "--file: a raw ESC reached stderr" || pass

# --- modes ----------------------------------------------------------------------------------------------------
# chain of 3, k = m = 1: w_j = 2 sin(j pi / 8); semi limit 2 / w_3, RK4 limit 2 sqrt 2 / w_3
run_ok --modes --preset chain --n 3 && awk -F, '
    function check(got, want) { d = got - want; if (d < 0) d = -d; if (d > 1e-9 * want) bad = 1 }
    BEGIN { pi = atan2(0, -1) }
    NR >= 5 && NR <= 7 { check($3, 2 * sin((NR - 4) * pi / 8)) }
    $1 == "semi" { check($2, 1 / sin(3 * pi / 8)); seen++ }
    $1 == "rk4" { check($2, sqrt(2) / sin(3 * pi / 8)); seen++ }
    END { exit bad || seen != 2 }' "$tmp/out" || fail "chain 3: modes or limits"
# the state the limits hold at (the last block): the chain at rest length and without gravity is at rest already;
# the cloth sags under gravity to its static equilibrium, where Newton's method leaves forces of under 1e-12 of
# their size; the four without pins falls, when given gravity by a file
run_ok --modes --preset chain --n 3 && tail -n 2 "$tmp/out" | tr '\n' ' ' | grep -qx 'state,newton_iterations,residual rest,0,0 ' &&
    pass || fail "chain 3: its state is rest"
run_ok --modes --preset grid --n 6 && tail -n 1 "$tmp/out" | awk -F, '
    { exit !($1 == "equilibrium" && $2 > 0 && $3 < 1e-12) }' && pass || fail "grid 6: its state is the equilibrium"
{ echo "gravity 0 -9.81"; grep -v '^#' "$examples/four.net"; } >"$tmp/falling.net"
run_ok --modes --file "$tmp/falling.net" && tail -n 1 "$tmp/out" | grep -q '^falling,' && pass ||
    fail "four under gravity: its state is falling"

# --- stiffness, headless ----------------------------------------------------------------------------------------
# The walk's stiff cloth (8 x 8, k = 2000 N/m, damping ratio 0.1) at one step a frame: --modes puts every explicit
# limit under dt = 1/60 s and backward Euler's at none; --plot shows semi and rk4 diverging while backward Euler's
# cloth is drawn (its line never appears). The limits themselves are checked in tests/test_network_lab_claims.c.
stiff="--preset grid --n 8 --k 2000 --m 0.01 --c 0.894427191"
run_ok --modes $stiff && awk -F, '
    $1 == "semi" || $1 == "rk4" || $1 == "verlet" || $1 == "explicit" { if (!($2 < 1 / 60)) bad = 1; seen++ }
    $1 == "backward-euler" { if ($2 != "none") bad = 1; seen++ }
    END { exit bad || seen != 5 }' "$tmp/out" || fail "stiff cloth: the explicit limits under 1/60 s, backward Euler none"
run_ok --plot network $stiff --dt 0.0166667 --steps 60 --method semi,rk4,backward-euler --width 60 --height 20 &&
    grep -q "^# semi: diverged at step" "$tmp/out" && grep -q "^# rk4: diverged at step" "$tmp/out" &&
    ! grep -q "^# backward-euler" "$tmp/out" && grep -q "backward-euler" "$tmp/out" && pass ||
    fail "stiff cloth: semi and rk4 diverge, backward Euler holds"

# --- XPBD, headless -----------------------------------------------------------------------------------------------
# "Small Steps" on the default cloth at one step a frame, a budget of 20: after 2 s the 20 substeps x 1 iteration
# stretch like gsl-rk8pd (the truth), 1 substep x 20 iterations like backward Euler (measured 0.830, 0.836 against
# 0.952, 0.945); the model's claims are tests/test_network_lab_xpbd.c's.
run_ok --plot budget --series --preset grid --dt 0.0166667 --steps 120 &&
    grep -v '^#' "$tmp/out" | head -n 1 | grep -qx 'series,x,y' && awk -F, '$2 ~ /^2\.0000/ { v[$1] = $3 }
    END { d = v["xpbd 20x1"] - v["gsl-rk8pd"]; e = v["xpbd 1x20"] - v["backward-euler"]; f = v["xpbd 1x20"] - v["gsl-rk8pd"]
          exit !(d * d < 1e-4 && e * e < 1e-4 && f * f > 1e-3) }' "$tmp/out" && pass ||
    fail "budget: substeps follow the truth, iterations backward Euler"
# --series is machine output: the runs by their --method names in every language (the chart's legend is translated)
for plot in budget compliance; do
    LANG=es_MX.UTF-8 LANGUAGE=es "$BIN" --plot $plot --series --preset grid --n 4 --dt 0.0166667 --steps 6 \
        --iterations 4 >"$tmp/es" 2>&1 &&
        "$BIN" --plot $plot --series --preset grid --n 4 --dt 0.0166667 --steps 6 --iterations 4 >"$tmp/en" 2>&1 &&
        cmp -s "$tmp/es" "$tmp/en" && grep -q '^backward-euler,\|^hline backward-euler,' "$tmp/en" && pass ||
        fail "--plot $plot --series in Spanish differs from English: $(diff "$tmp/en" "$tmp/es" | head -n 4 | tr '\n' ' ')"
done
run_ok --plot budget-error --preset grid --dt 0.0166667 --steps 30 --width 60 --height 16 &&
    grep -q "xpbd 20x1" "$tmp/out" && ! grep -q "gsl-rk8pd  *$" "$tmp/out" && pass || fail "budget-error: the chart"
# PBD against XPBD: PBD's strain falls with every doubling of the iterations, XPBD's settles
run_ok --plot compliance --series --preset grid --n 6 --dt 0.0166667 --steps 60 --iterations 32 &&
    awk -F, '$1 == "pbd" { if (n++ && !($3 < last)) bad = 1; last = $3 } $1 == "xpbd" { x[m++] = $3 }
    END { d = x[m - 1] - x[m - 2]; exit bad || n != 6 || d * d > 1e-12 }' "$tmp/out" && pass ||
    fail "compliance: pbd stiffens, xpbd converges"
run_ok --csv --preset four --method xpbd --substeps 4 --iterations 5 --dt 0.0166667 --steps 2 &&
    [ "$(wc -l <"$tmp/out")" -eq 4 ] && pass || fail "xpbd's CSV"
expect_usage "--substeps: '0' is out of range" --csv --preset four --method xpbd --substeps 0
expect_usage "--iterations: '1.5' is not a whole number" --csv --preset four --method xpbd --iterations 1.5
expect_usage "--out goes with a chart, not with --series" --plot budget --series --out "$tmp/x.svg" --preset four

# --- bad usage --------------------------------------------------------------------------------------------------
expect_usage "--k: '0' is out of range" --csv --preset four --k 0
expect_usage "--k: 'abc' is not a number" --csv --preset four --k abc
expect_usage "--m: '-1' is out of range" --csv --preset four --m -1
expect_usage "--c: 'nan' is not a finite number" --csv --preset four --c nan
expect_usage "--dt: '0' is out of range" --csv --preset four --dt 0
expect_usage "--steps: '-5' is out of range" --csv --preset four --steps -5
expect_usage "--steps: '1.5' is not a whole number" --csv --preset four --steps 1.5
expect_usage "--every: '0' is out of range" --csv --preset four --every 0
expect_usage "--kick: 'inf' is not a finite number" --csv --preset four --kick inf
expect_usage "--seed: '99999999999' is out of range" --csv --preset four --seed 99999999999
expect_usage "--tol: '1' is out of range" --csv --preset four --method gsl-rk8pd --tol 1
expect_usage "--n: '1' is out of range for the preset 'grid'" --csv --preset grid --n 1
expect_usage "--n: '100001' is out of range" --csv --preset chain --n 100001
expect_usage "--n: the preset 'four' has a fixed size" --csv --preset four --n 3
expect_usage "--n: sizes a preset, not --file" --csv --file "$examples/four.net" --n 3
expect_usage "--preset: 'rope' is not a preset (allowed: four, chain, grid)" --csv --preset rope
expect_usage "--method: 'euler' is not a method (allowed: a comma-separated list of explicit, semi" --csv --preset four --method euler
expect_usage "--force: 'elongation' is not a force law" --csv --preset four --force elongation
expect_usage "--preset and --file: choose one" --csv --preset four --file "$examples/four.net"
expect_usage "a network is needed" --csv
expect_usage "--csv and --modes are separate modes: give one (see --help)" --csv --modes --preset four
expect_usage "--csv and --plot are separate modes: give one (see --help)" --csv --plot network --preset four
expect_usage "--plot: 'phase' is not a chart (allowed: network, energy, budget, budget-energy, budget-error, compliance)" --plot phase --preset four
expect_usage "--method: --csv runs one method" --csv --preset four --method explicit,semi
expect_usage "--method: 'bogus' is not a method" --plot energy --preset four --method semi,bogus
expect_usage "--method: 'semi' is listed twice" --plot energy --preset four --method semi,rk4,semi
expect_usage "--pull: mass 4 does not exist (allowed: 0 to 3)" --csv --preset four --pull 4,0.1,0
expect_usage "--pull: '1,0.1' is not I,DX,DY" --csv --preset four --pull 1,0.1
expect_usage "--pull: 'x' is not a number" --csv --preset four --pull 1,x,0
expect_usage "--pull: '-1' is out of range" --csv --preset four --pull -1,0,0
expect_usage "--width: '5' is out of range" --plot network --preset four --width 5
expect_usage "unknown option '--bogus'" --csv --preset four --bogus
expect_usage "--dt needs a value" --csv --preset four --dt
expect_usage "unexpected argument 'stray'" --csv --preset four stray
expect_usage "--method gsl-msbdf: its dense Jacobian allows at most 400 masses" --csv --preset grid --n 21 --method gsl-msbdf
expect_usage "--modes: normal modes need Hooke's law" --modes --preset four --force unit-elongation
expect_usage "--modes: normal modes need 1 to 600 free masses" --modes --preset grid --n 100
# without --csv or --modes and without a terminal
"$BIN" --preset four </dev/null >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && grep -q 'the interactive lab needs a terminal; without one use --csv, --plot KIND or --modes (see --help)$' "$tmp/err"; then pass; else
    fail "interactive without a terminal: exit $rc, '$(cat "$tmp/err")'"; fi

# backward Euler's rows end with what its step took: Newton's iterations, the substeps, the residual. On the stiff
# cloth kicked hard (k 2000, kick 50, one step a frame) backward-euler iterates (several at the first steps, each
# residual within 1e-12) and its total energy never rises from a printed row to the next; backward-euler-1 takes
# one iterate a step, and its energy rises twelvefold at the first (532.6 J to 6637.6 J)
stiff="--csv --preset grid --n 8 --k 2000 --c 0.894427191 --dt 0.016667 --steps 30 --kick 50"
# shellcheck disable=SC2086
"$BIN" $stiff --method backward-euler >"$tmp/be.csv" 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ] && head -n 1 "$tmp/be.csv" | grep -q ',x63,y63,newton_iterations,substeps,residual$'; then pass; else
    fail "backward-euler: exit $rc, header $(head -n 1 "$tmp/be.csv" | tail -c 80)"; fi
verdict=$(awk -F, 'NR > 2 { if ($5 > prev + 1e-9 * (prev < 0 ? -prev : prev)) rise = rise " " $1
                            if ($NF > 1e-12) loose = loose " " $1; if ($(NF - 2) > most) most = $(NF - 2) }
                   NR > 1 { prev = $5; rows++ }
                   END { if (rise) print "rises at" rise; else if (loose) print "residual over 1e-12 at" loose
                         else if (most < 3) print "at most " most " iterations"
                         else if (rows != 31) print rows " rows"; else print "ok" }' "$tmp/be.csv")
if [ "$verdict" = ok ]; then pass; else fail "backward-euler on the kicked stiff cloth: $verdict"; fi
# shellcheck disable=SC2086
"$BIN" $stiff --steps 1 --method backward-euler-1 >"$tmp/be1.csv" 2>"$tmp/err"
verdict=$(awk -F, 'NR == 2 { e0 = $5 }
                   NR == 3 { if ($(NF - 2) == 1 && $5 > 10 * e0) print "ok"
                             else print $(NF - 2) " iterations, " e0 " -> " $5 " J" }' "$tmp/be1.csv")
if [ "$verdict" = ok ]; then pass; else fail "backward-euler-1 on the kicked stiff cloth: $verdict"; fi
# tr-bdf2 on the same cloth: its two stages go through backward Euler's Newton (the iterations and the residual of
# both in its columns); L-stable, it ends below its start (532.6 J), every residual within 1e-12
# shellcheck disable=SC2086
"$BIN" $stiff --method tr-bdf2 >"$tmp/trbdf2.csv" 2>"$tmp/err"; rc=$?
verdict=$(awk -F, 'NR == 1 { if ($0 !~ /,newton_iterations,substeps,residual$/) { print "header"; exit } }
                   NR == 2 { e0 = $5 } NR > 2 { if ($NF > 1e-12) loose = loose " " $1; last = $5; rows++ }
                   END { if (loose) print "residual over 1e-12 at" loose; else if (rows != 30) print rows " rows"
                         else if (!(last < e0)) print e0 " -> " last " J"; else print "ok" }' "$tmp/trbdf2.csv")
if [ $rc -eq 0 ] && [ "$verdict" = ok ]; then pass; else fail "tr-bdf2 on the kicked stiff cloth: exit $rc, $verdict"; fi

# a write error is a runtime failure
if [ -w /dev/full ]; then
    "$BIN" --csv --preset four --steps 10 >/dev/full 2>"$tmp/err"; rc=$?
    if [ $rc -eq 1 ] && grep -q 'cannot write' "$tmp/err"; then pass; else fail "/dev/full: exit $rc"; fi
fi

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
