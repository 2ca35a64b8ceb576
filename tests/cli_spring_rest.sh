#!/bin/sh
# Step 6's rest frames are the frame loop's: for every rule, the frame the walk names is the last frame of
# `spring-lab --csv --animate --rest-rule RULE` (the snap), and both are what a plain loop of the spring article's
# fixed-step accumulator gives (written here, in awk): frames of 1/60 s, semi-implicit steps of 1/240 s while a whole
# step is left, the rest test once a frame on the physical state, from x = 0 towards the target 300.
. tests/lib/cli.sh
SL="$BIN/spring-lab"

# reference K C EPS_X EPS_V RULE: the first frame at which the rule holds (0 if not within 240 frames)
reference() {
    awk -v k="$1" -v c="$2" -v ex="$3" -v ev="$4" -v rule="$5" 'BEGIN {
        x = 0; v = 0; T = 300; h = 1 / 240; acc = 0
        for (frame = 1; frame <= 240; frame++) {
            acc += 1 / 60
            while (acc >= h - 1e-12) { v += h * (-k * (x - T) - c * v); x += h * v; acc -= h }
            d = x - T; if (d < 0) d = -d; s = v; if (s < 0) s = -s
            near = d < ex; slow = s < ev
            if ((rule == "distance" && near) || (rule == "speed" && slow) || (rule == "both" && near && slow)) {
                print frame; exit }
        }
        print 0 }'
}

# check K C EPS_X EPS_V: the walk, the CSV and the reference agree for every rule
check() {
    NUMLAB_WALK_TEXT=1 expect_ok "$SL" --k "$1" --c "$2" --eps-x "$3" --eps-v "$4" || return
    notes=$(awk '/^=== step 6\// { s = 1 } /^=== step 7\// { s = 0 } s && /^distance only: / { print }' "$TMP/out")
    for rule in distance speed both; do
        case $rule in distance) label="distance only" ;; speed) label="speed only" ;; *) label=both ;; esac
        walk=$(printf '%s\n' "$notes" | sed -n "s/.*$label: frame \([0-9]*\),.*/\1/p")
        expect_ok "$SL" --csv --animate --k "$1" --c "$2" --eps-x "$3" --eps-v "$4" --rest-rule $rule || continue
        csv=$(tail -n 1 "$TMP/out" | cut -d, -f1)
        ref=$(reference "$1" "$2" "$3" "$4" $rule)
        expect_eq "k $1 c $2 eps $3 $4, $rule: the walk's rest frame is --csv --animate's" "$walk" "$csv"
        expect_eq "k $1 c $2 eps $3 $4, $rule: --csv --animate's is the plain loop's" "$csv" "$ref"
    done
}

check 200 6 0.5 1       # the walk's own spring: distance 89 (it said 62, testing the drawn, interpolated x)
check 200 3 2 3         # another spring and thresholds, typed on the command line (the walk takes them)
check 400 10 0.25 0.5
finish
