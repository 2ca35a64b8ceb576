#!/bin/sh
# The glyph sets and the heat map on a real terminal, under tmux: spring-lab's walk in each block set (its charts in
# that set's characters and no braille, --glyphs or NUMLAB_GLYPHS), bowl-lab's panes in quadrants, numlab's test
# screen, and --plot region's heat map in 24-bit colour on a terminal that says COLORTERM=truecolor (tmux keeps each
# cell's RGB: capture-pane -e gives it back).
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
SL="$BIN/spring-lab"
unset NUMLAB_GLYPHS

# the screen's code points (the frame's box drawing left out) into $TMP/cps
screen_cps() {
    tui_screen "$1" | iconv -f UTF-8 -t UTF-32BE | od -An -v -tx1 |
        awk '{ for (i = 1; i <= NF; i++) { w = w $i; if (++n == 4) { sub(/^0+/, "", w); print toupper(w); w = ""; n = 0 } } }' |
        grep -vE '^(.|..|25[0-7].)$' | sort -u >"$TMP/cps"
}
# a set's characters on the screen: at least some, and none of another set. The chart is drawn as the run animates,
# so the screen is read again until the set's own characters are there (an event, not a time: 20 s at most)
screen_in() {
    case $2 in
        octant)   re='^(1CD[0-9A-E][0-9A-F]|1CEA[038B]|1FB8[25]|1FBE[67]|25[89][0-9A-F])$'; own='^1CD' ;;
        sextant)  re='^(1FB([0-2][0-9A-F]|3[0-9AB])|258C|2590|2588|259[1-3])$'; own='^1FB' ;;
        quadrant) re='^25[89][0-9A-F]$'; own='^259[6-9A-F]$' ;;
        half)     re='^(2580|2584|2588|259[1-3])$'; own='^(2580|2584)$' ;;
    esac
    tries=0
    screen_cps "$1"
    while ! grep -qE "$own" "$TMP/cps" && [ $tries -lt 100 ]; do sleep 0.2; tries=$((tries + 1)); screen_cps "$1"; done
    bad=$(grep -vE "$re" "$TMP/cps" | grep -vE '^(2026|B7|D7|2248|B1|3BB|3C9|2264|2265|2212|2032|B2|B0)$')
    if [ -n "$bad" ]; then fail "$1 ($2): characters of another set on screen: $(echo $bad | head -c 160)"
    elif ! grep -qE "$own" "$TMP/cps"; then fail "$1 ($2)${3:+, $3}: none of the set's own characters on screen after 20 s"
    else pass; fi
}

# octants are Unicode 16: where the C library does not know them yet (wcwidth -1: Debian 12's glibc), curses cannot
# place them and the walk draws sextants, as numlab --glyphs-test says
drawn_octant=octant
"$BIN/numlab" --glyphs-test --glyphs octant | grep -q "the interactive labs draw sextant" && drawn_octant=sextant
for set in octant sextant quadrant half; do
    drawn=$set
    [ "$set" = octant ] && drawn=$drawn_octant
    if [ "$set" = sextant ]; then
        tui_start "$set" 100 30 LANG=C.UTF-8 TERM=xterm-256color NUMLAB_GLYPHS=sextant -- "$SL"
    else
        tui_start "$set" 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$SL" --glyphs "$set"
    fi
    tui_expect "$set" "step 1/18: Explicit Euler explodes" "$set: first step"
    # (no key until the set is seen: space would pause the run where it is, before its curves have their corners)
    tui_expect "$set" "phase portrait" "$set: the phase pane"
    sleep 0.5
    screen_in "$set" "$drawn" "step 1"
    tui_screen "$set" | has_braille && fail "$set: braille on screen" || pass
    tm send-keys -t "$set" n
    tui_expect "$set" "step 2/18: Semi-implicit Euler" "$set: n to step 2"
    sleep 0.5
    screen_in "$set" "$drawn" "step 2"
    tm send-keys -t "$set" q
    expect_eq "$set: exit status after q" "$(tui_exit_status "$set")" 0
    tui_sane "$set"
done

tui_start bowl 120 36 LANG=C.UTF-8 TERM=xterm-256color -- "$BIN/bowl-lab" --glyphs quadrant --audio none
tui_wait bowl "bowl-lab" 10 && pass || fail "bowl-lab --glyphs quadrant did not start"
sleep 1
tui_screen bowl | has_braille && fail "bowl-lab --glyphs quadrant: braille on screen" || pass
tm send-keys -t bowl q
tui_exit_status bowl >/dev/null
tui_sane bowl

# numlab's test screen on a terminal: the sample chart of the set asked for, its name above it
tui_start test 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$BIN/numlab" --glyphs-test --glyphs half
tui_expect test "half: 1 x 2 blocks a cell" "numlab --glyphs-test --glyphs half names its sample"
tui_expect test "NUMLAB_GLYPHS=SET" "the test screen says how to choose"
screen_in test half
expect_eq "numlab --glyphs-test: exit status" "$(tui_exit_status test)" 0

# the stability regions' heat map on a truecolor terminal: half blocks in viridis, the colour bar, the legend
tui_start heat 110 34 LANG=C.UTF-8 TERM=xterm-256color COLORTERM=truecolor -- \
    "$SL" --plot region --k 10000 --c 1000 --dt 0.01 --width 100 --height 30
tui_expect heat "Re z" "--plot region on a terminal"
tui_expect heat "dt lambda" "the heat map's legend"
tui_screen heat | grep -q '▀' && pass || fail "--plot region on a terminal: no half blocks"
tm capture-pane -e -p -t heat >"$TMP/heat.ansi"
grep -q '48;2;68;1;84' "$TMP/heat.ansi" && grep -q '48;2;253;231;37' "$TMP/heat.ansi" && pass ||
    fail "--plot region under COLORTERM=truecolor: not viridis's 24-bit ends on screen"
expect_eq "--plot region: exit status" "$(tui_exit_status heat)" 0

# the walk's step 13 draws the same regions: on a terminal of 256 colours in half blocks of viridis (the upper pixel
# in front, the lower behind: SGR 38;5;N and 48;5;N), no shading characters; on one of 8 colours, and with NO_COLOR,
# the shades of the chart itself (U+2591..U+2593, U+2588)
shades="$(printf '\342\226[\221-\223]')"
tui_start walk13 120 36 LANG=C.UTF-8 TERM=xterm-256color -- "$SL" --state numlab:spring-lab/13
tui_expect walk13 "step 13/18" "step 13 from its state line"
tui_expect walk13 "Re z" "step 13's regions"
tm capture-pane -e -p -t walk13 >"$TMP/walk13.ansi"
n=$(grep -o "$(printf '\033')\[48;5;[0-9]*m" "$TMP/walk13.ansi" | sort -u | wc -l)
[ "$n" -ge 2 ] && pass || fail "step 13 on 256 colours: $n background colours in the heat map (at least 2)"
tui_screen walk13 | grep -q '▀' && pass || fail "step 13 on 256 colours: no half blocks"
tui_screen walk13 | LC_ALL=C grep -q "$shades" && fail "step 13 on 256 colours: shading characters on screen" || pass
tm send-keys -t walk13 q
expect_eq "step 13: exit status" "$(tui_exit_status walk13)" 0
k=0
for env in TERM=xterm "TERM=xterm-256color NO_COLOR=1"; do
    k=$((k + 1))
    tui_start shade$k 120 36 LANG=C.UTF-8 $env -- "$SL" --state numlab:spring-lab/13
    tui_expect shade$k "Re z" "step 13 ($env)"
    tui_screen shade$k | LC_ALL=C grep -q "$shades" && pass || fail "step 13 ($env): no shading characters"
    tm capture-pane -e -p -t shade$k | grep -q "48;5;" && fail "step 13 ($env): 256-colour backgrounds" || pass
    tm send-keys -t shade$k q
    tui_exit_status shade$k >/dev/null
done

echo "$checks checks passed, $failures failed"
[ "$failures" -eq 0 ]
