#!/bin/sh
# Heat maps on the terminal (plot_heat.h) as a user meets them: spring-lab --plot region and bowl-lab --spectrogram -
# in 24-bit colour where COLORTERM says truecolor (or 24bit), in xterm's 256 colours otherwise, by characters without
# colour (a pipe, NO_COLOR, --glyphs ascii); CLICOLOR_FORCE=1 stands for the terminal here. The colours are viridis:
# no method stable (0) is its start, (68, 1, 84); all five (the top) its end, (253, 231, 37).
. tests/lib/cli.sh
SL="$BIN/spring-lab"
export LANG=C.UTF-8
unset LC_ALL NO_COLOR CLICOLOR_FORCE COLORTERM NUMLAB_GLYPHS
REGION="--plot region --k 10000 --c 1000 --dt 0.01 --width 100 --height 30"
ESC=$(printf '\033')

expect_ok env CLICOLOR_FORCE=1 COLORTERM=truecolor "$SL" $REGION
grep -q "38;2;68;1;84" "$TMP/out" && pass || fail "truecolor: no cell of viridis's start (68, 1, 84)"
grep -q "48;2;253;231;37m" "$TMP/out" && pass || fail "truecolor: no cell of viridis's end (253, 231, 37)"
grep -q "▀" "$TMP/out" && pass || fail "truecolor: no half blocks"
grep -q ";5;" "$TMP/out" && fail "truecolor: 256-colour codes too" || pass
for name in explicit rk4 backward-euler midpoint tr-bdf2 "dt lambda" "Re z"; do
    grep -q "$name" "$TMP/out" && pass || fail "truecolor: no '$name' in the chart"
done
# bar_ticks WHAT BAR: the colour bar (two cells of BAR, a grep -E class) and its ticks 0, 2 and 4 (of 0..5 methods)
# end three of the plot area's rows, 4 above 2 above 0
bar_ticks() {
    ticks=$(sed "s/$ESC\[[0-9;]*m//g" "$TMP/out" | grep -nE "$2$2 [024]\$" | sed 's/:.* / /' | tr '\n' ' ')
    echo "$ticks" | awk '{ exit !(NF == 6 && $2 == 4 && $4 == 2 && $6 == 0 && $1 < $3 && $3 < $5) }' && pass ||
        fail "$1: the colour bar's ticks: '$ticks'"
}
bar_ticks truecolor '▀'
# every line that sets a colour resets it before its end
unreset=$(grep "$ESC" "$TMP/out" | sed "s/.*\($ESC\[[0-9;]*m\)[^$ESC]*\$/\1/" | grep -vc "^$ESC\[0m\$")
expect_eq "truecolor: rows whose last escape is not a reset" "$unreset" 0
expect_ok env CLICOLOR_FORCE=1 COLORTERM=24bit "$SL" $REGION
grep -q "38;2;" "$TMP/out" && pass || fail "COLORTERM=24bit: not 24-bit"

expect_ok env CLICOLOR_FORCE=1 "$SL" $REGION  # 68,1,84 -> 53; 253,231,37 -> 220 (tests/test_plot_heat.c)
grep -q "38;5;53;48;5;53m" "$TMP/out" && grep -q "48;5;220m" "$TMP/out" && pass || fail "256 colours: not 53 and 220"
grep -q ";2;[0-9]" "$TMP/out" && fail "256 colours: 24-bit codes too" || pass

# no colour: the shades the chart has always drawn, and the bar in them; no escape sequence
expect_ok "$SL" $REGION
grep -q "$ESC" "$TMP/out" && fail "a pipe got escape sequences" || pass
bar_ticks "no colour" '[░▒▓█]'
expect_ok env NO_COLOR=1 CLICOLOR_FORCE=1 COLORTERM=truecolor "$SL" $REGION
grep -q "$ESC" "$TMP/out" && fail "NO_COLOR: escape sequences" || pass
expect_ok env CLICOLOR_FORCE=1 COLORTERM=truecolor "$SL" $REGION --glyphs ascii
LC_ALL=C grep -q "$(printf '[\200-\377]')" "$TMP/out" && fail "--glyphs ascii: non-ASCII bytes" || pass
grep -q "$ESC" "$TMP/out" && fail "--glyphs ascii: escape sequences" || pass
bar_ticks "--glyphs ascii" '[.:=+*#%@-]'
# each block set draws the boundaries in its own glyphs over the map
for set in octant sextant quadrant half; do
    expect_ok env CLICOLOR_FORCE=1 COLORTERM=truecolor "$SL" $REGION --glyphs "$set"
    grep -q "38;2;253;231;37" "$TMP/out" && ! grep -q "$(printf '\342\240')" "$TMP/out" && pass ||
        fail "--glyphs $set: no map, or braille in it"
done
# too narrow for a bar: the shaded chart, as before
expect_ok env CLICOLOR_FORCE=1 COLORTERM=truecolor "$SL" --plot region --width 24 --height 12
grep -q "▀" "$TMP/out" && fail "--width 24: a heat map without room for its bar" || pass

# the bowl's spectrogram on screen: dB from its bar, the same colours
expect_ok env CLICOLOR_FORCE=1 COLORTERM=truecolor "$BIN/bowl-lab" --preset scratching --seconds 1 --seed 1 --spectrogram -
grep -q "48;2;" "$TMP/out" && grep -q "▀" "$TMP/out" && grep -q "dB" "$TMP/out" && pass ||
    fail "bowl-lab --spectrogram -: no heat map"
expect_ok "$BIN/bowl-lab" --preset scratching --seconds 1 --seed 1 --spectrogram -
grep -q "$ESC" "$TMP/out" && fail "bowl-lab --spectrogram - into a pipe: escape sequences" || pass

echo "$checks checks passed, $failures failed"
[ "$failures" -eq 0 ]
