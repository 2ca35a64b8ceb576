#!/bin/sh
# The interactive walk takes what you type: every step starts from the command line's values (its own defaults only
# for what was not given), and an option the walk cannot take is refused by name (exit 2), never dropped. Read through
# NUMLAB_WALK_TEXT, whose "--- values:" and "--- shown:" lines are what each step starts from.
. tests/lib/cli.sh

# walk LAB ARGS...: the walk as text into $TMP/out (exit 0 expected)
walk() { NUMLAB_WALK_TEXT=1 expect_ok "$@"; }
# step_line N PREFIX: the first line of step N (1-based) that starts with PREFIX
step_line() { awk -v n="$1" -v p="$2" '/^=== step / { s++ } s == n && index($0, p) == 1 { print; exit }' "$TMP/out"; }
# every_step PREFIX ERE NAME: each step that has a PREFIX line matches ERE on it
every_step() {
    bad=$(awk -v p="$1" -v re="$2" '/^=== step / { s++ } index($0, p) == 1 && $0 !~ re { print s ": " $0 }' "$TMP/out")
    expect_eq "$3" "$bad" ""
}

# --- spring-lab ---
SL="$BIN/spring-lab"
# Step 1 is explicit Euler on k = 1600 unless --k says otherwise: w0 = sqrt(400 / 1) = 20 rad/s, dt = 0.02 s,
# w0 dt = 0.4, growth sqrt(1 + 0.16) = 1.0770 a step (+8%).
walk "$SL" --k 400
expect_eq "spring step 1 at --k 400" "$(step_line 1 'w0 dt')" \
    "w0 dt = 0.4: explicit grows x1.077 a step (+8%). After 40 steps x = -17.19181. "
# the same 40 steps by hand (explicit Euler from x = 1, v = 0: x += dt v, v -= dt w0^2 x_old)
expect_num "spring step 1's x after 40 steps" "$(step_line 1 'w0 dt' | sed 's/.*x = //; s/\. $//')" \
    "$(awk 'BEGIN { x = 1; v = 0; for (i = 0; i < 40; i++) { a = -400 * x; x += 0.02 * v; v += 0.02 * a } printf "%.7g", x }')" \
    1e-4
every_step "--- values: k = " '^--- values: k = 400,' "every spring step with k takes --k 400"
walk "$SL" --c 3 --dt 0.01 --steps 50
expect_eq "spring step 1 takes --c --dt --steps" "$(step_line 1 '--- values')" \
    "--- values: k = 1600, c = 3, dt = 0.01, steps = 50"
every_step "--- values: c = " '^--- values: c = 3,' "step 6 takes --c"
walk "$SL" --method semi,verlet
for step in 1 2 3 4 7 8 9; do  # the trajectory steps: their toggles and what they show are --method's
    expect_eq "spring step $step's toggles" "$(awk -v n=$step '/^=== step / { s++ } s == n && /^--- methods: / { print $3 }' \
        "$TMP/out" | tr '\n' ' ')" "semi verlet "
    expect_eq "spring step $step shows --method's" "$(step_line $step '--- shown')" "--- shown: semi, verlet"
done
walk "$SL" --frame-jitter 0.1 --gap 2 --cap 0.2
expect_eq "step 5 takes --frame-jitter --gap --cap" "$(step_line 5 '--- values')" \
    "--- values: jitter = 0.1, gap = 2, cap = 0.2, c = 20"
walk "$SL" --eps-x 2 --eps-v 3 --rest-scale 0.5
expect_eq "step 6 takes --eps-x --eps-v --rest-scale" "$(step_line 6 '--- values')" \
    "--- values: c = 6, eps_x = 2, eps_v = 3, scale = 0.5"
for opt in "--frame-hz 30" "--gap-frame 3" "--no-cap" "--interpolate" "--rest-rule distance" "--rest-each-substep" \
           "--max-frames 10" "--width 90" "--height 30"; do
    # shellcheck disable=SC2086 # the option and its value
    NUMLAB_WALK_TEXT=1 expect_usage "^spring-lab: ${opt%% *} goes with " "$SL" $opt
done
NUMLAB_WALK_TEXT=1 expect_usage "^spring-lab: --steps: 30000 is outside the interactive lab's range \(allowed there: 1\.\.20000\)" \
    "$SL" --steps 30000
NUMLAB_WALK_TEXT=1 expect_usage "^spring-lab: --method: the interactive lab shows at most 9 methods" "$SL" --method all
# the headless modes keep every option
expect_ok "$SL" --csv --animate --frame-hz 30 --rest-rule distance --max-frames 1000

# --- network-lab ---
NL="$BIN/network-lab"
walk "$NL" --method rk4,verlet
expect_eq "network walk's toggles are --method's" "$(grep '^--- methods: ' "$TMP/out" | sort | uniq -c | tr -s ' ')" \
    " 8 --- methods: rk4
 8 --- methods: verlet"
expect_eq "network step 1's energies name --method's runs" "$(awk '/^=== step 2/ { exit } /^t = / { print }' "$TMP/out" |
    sed 's/E \[J\]: rk4 [0-9.]* (x1); verlet [0-9.]* (x1); /OK/')" "t = 0.0 s. OK"
walk "$NL" --k 40 --m 2 --c 0.5 --dt 0.001
every_step "--- values: " 'dt = 0\.001, k = 40, m = 2, c = 0\.5$' "every network step takes --dt --k --m --c"
walk "$NL" --substeps 2 --iterations 5
expect_eq "network step 7's budget is --substeps x --iterations" "$(step_line 7 '--- values')" \
    "--- values: N = 10, n = 10, dt = 0.0166667, k = 20, m = 0.01, c = 0.0894427"
expect_eq "network step 8's iterations are --iterations" "$(step_line 8 '--- values')" \
    "--- values: iterations = 5, n = 10, dt = 0.0166667, k = 20, m = 0.01, c = 0.0894427"
walk "$NL" --preset four --method verlet
expect_eq "your own network runs --method's" "$(grep '^--- methods: ' "$TMP/out")" "--- methods: verlet"
# --n is the walk's cloths' side (steps 5 to 8, as their slider), --k-stiff step 4's diagonal, --budget step 7's N
walk "$NL" --n 4 --k-stiff 3000 --budget 12
for s in 5 6 7 8; do
    step_line $s "--- values" | grep -qE "[:,] n = 4, " && pass || fail "network step $s: not --n 4: $(step_line $s '--- values')"
done
expect_eq "network step 4's stiff spring is --k-stiff" "$(step_line 4 '--- values')" \
    "--- values: k stiff = 3000, dt = 0.0166667, k = 10, m = 1, c = 0"
step_line 7 '--- values' | grep -q "^--- values: N = 12, " && pass || fail "network step 7: not --budget 12"
NUMLAB_WALK_TEXT=1 expect_usage "^network-lab: --n: '1' is out of range for the guided walk's cloths" "$NL" --n 1
for opt in "--pull 1,0.1,0" "--force unit-elongation"; do
    # shellcheck disable=SC2086
    NUMLAB_WALK_TEXT=1 expect_usage "^network-lab: ${opt%% *}: the guided walk builds its own networks" "$NL" $opt
done
NUMLAB_WALK_TEXT=1 expect_usage "^network-lab: --steps goes with " "$NL" --steps 10
NUMLAB_WALK_TEXT=1 expect_usage "^network-lab: --every goes with " "$NL" --every 10
NUMLAB_WALK_TEXT=1 expect_usage "^network-lab: --method: the interactive lab runs at most 3 methods side by side \(given: 4\)" \
    "$NL" --method explicit,semi,rk4,verlet

# --- bowl-lab ---
BL="$BIN/bowl-lab"
walk "$BL" --audio none --stir 2 --tilt 10 --stir-radius 0.02
every_step "--- values: " 'tilt x = 10, tilt y = 0, stir = 2, stir r = 20,' "every bowl step takes --stir --tilt --stir-radius"
walk "$BL" --audio none --layers rub,impact
every_step "--- shown:" '^--- shown: rub, impact$' "every bowl level plays --layers"
expect_eq "bowl levels with --layers" "$(grep -c '^--- shown: ' "$TMP/out")" "$(grep -c '^=== step ' "$TMP/out")"
for opt in "--seconds 2" "--stereo" "--mono" "--float" "--pcm16" "--quiet" "--force" "--reverse 1" "--stop 2"; do
    # shellcheck disable=SC2086
    NUMLAB_WALK_TEXT=1 expect_usage "^bowl-lab: ${opt%% *} goes with --wav" "$BL" --audio none $opt
done

# --- keyframe-lab: its walk takes no value; what goes with --csv or --plot is refused there ---
KL="$BIN/keyframe-lab"
NUMLAB_WALK_TEXT=1 expect_usage "^keyframe-lab: --demo goes with --csv" "$KL" --demo basis
NUMLAB_WALK_TEXT=1 expect_usage "^keyframe-lab: --at goes with --plot" "$KL" --at 0.5

finish
