#!/bin/sh
# No runaway work: in every lab, what runs before the next line of output is bounded, and a combination of
# options inside their ranges that would ask for more is refused up front (exit 2, the options and the limit named)
# instead of hours of silence.
. tests/lib/cli.sh

# spring-lab: the issue's example, 1e12 substeps in the gap frame, and the cap's own worst case.
expect_quick 5 "^spring-lab: --gap 1e\+06, --no-cap and --step 1e-06 ask for 1e\+12 substeps in one frame \(allowed: at most 1e\+08 substeps in one frame; .*give a cap, a shorter gap or a larger step\)$" \
    "$BIN/spring-lab" --csv --animate --gap 1e6 --no-cap --step 1e-6
expect_quick 5 "^spring-lab: --gap 1e\+06, --cap 1000 and --step 1e-06 ask for 1e\+09 substeps in one frame" \
    "$BIN/spring-lab" --csv --animate --gap 1e6 --cap 1000 --step 1e-6
# ... while the documented cases still run: a 4 s gap uncapped is 960 substeps, the default cap 24
expect_ok "$BIN/spring-lab" --csv --animate --gap 4 --no-cap
expect_eq "uncapped 4 s gap" "$(awk -F, '$1 == 10 {print $5}' "$TMP/out")" 960
expect_ok "$BIN/spring-lab" --csv --animate --gap 1e6 --step 1e-6
expect_eq "capped 1e6 s gap at 1 us" "$(awk -F, '$1 == 10 {print $5}' "$TMP/out")" 100000

# network-lab: --every of --csv and the whole of --plot, counted in mass-and-spring evaluations.
expect_quick 5 "^network-lab: --every 1000000000 of --steps 1000000000 on a network \(masses: 100002, springs: 100001\) ask for 2e\+14 mass-and-spring evaluations \(allowed: at most 1e\+09 mass-and-spring evaluations; .*a smaller --every" \
    "$BIN/network-lab" --csv --preset chain --n 100000 --steps 1000000000 --every 1000000000
expect_quick 5 "^network-lab: --plot after --steps 1000 on a network \(masses: 250000, springs: 997002\) ask for 4.99e\+09 mass-and-spring evaluations \(allowed: at most 1e\+09" \
    "$BIN/network-lab" --plot energy --preset grid --n 500 --steps 1000
expect_quick 5 "^network-lab: --every 1000000000 of --steps 1000000000 on a network \(masses: 4, springs: 6\) ask for 1e\+10" \
    "$BIN/network-lab" --csv --preset four --steps 1000000000 --every 1000000000
# the factor of the method: gsl-rk8pd's 8 puts 200,000 steps of the four over the limit, semi's 1 does not
expect_quick 5 "^network-lab: --every 200000000 of --steps 200000000 on a network \(masses: 4, springs: 6\) ask for 1.6e\+10" \
    "$BIN/network-lab" --csv --preset four --steps 200000000 --every 200000000 --method gsl-rk8pd
expect_ok "$BIN/network-lab" --csv --preset four --steps 100000 --every 100000 --method semi
expect_eq "four, 1e5 steps, two rows" "$(wc -l <"$TMP/out" | tr -d ' ')" 3
expect_ok "$BIN/network-lab" --csv --preset grid --n 500 --steps 2

# keyframe-lab: every sample is a line of output, at most 1,000,000 of them; more is refused.
expect_quick 5 "^keyframe-lab: --times: '0:1:1e-7' asks for more than 1000000 samples" \
    "$BIN/keyframe-lab" --csv --demo basis --times 0:1:1e-7

# bowl-lab: a render is at most 600 s of sound (about 7 s of work, stereo with every layer and output), refused above.
expect_quick 5 "^bowl-lab: --seconds: '601' is out of range \(allowed: a number from 0 to 600\)$" \
    "$BIN/bowl-lab" --seconds 601 --wav "$TMP/a.wav"

finish
