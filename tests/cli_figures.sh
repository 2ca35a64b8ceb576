#!/bin/sh
# Every lab's --plot as a figure (--out FILE.svg|pdf|png, --size WxH), read back as a reader would: each SVG parses
# (xmllint), each PDF has one page of the size asked (pdfinfo), each PNG has the size asked (its IHDR); an existing
# file is kept without --force (network-lab: --replace) and replaced with it, nothing is left behind on a refusal,
# and bad values name the option, the value and what is allowed (exit 2).
. tests/lib/cli.sh
for tool in xmllint pdfinfo; do
    command -v $tool >/dev/null || { echo "$tool is missing: make deps installs it"; exit 1; }
done
SL="$BIN/spring-lab" NL="$BIN/network-lab" KL="$BIN/keyframe-lab"

# png_size FILE: "W H" from the PNG's IHDR (bytes 16..23, two big-endian 32-bit numbers).
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}'; }
svg_ok() { xmllint --noout "$1" 2>"$TMP/xml" && pass || fail "$1 does not parse: $(head -c 300 "$TMP/xml")"; }
paths() { xmllint --xpath 'count(//*[local-name()="path"][not(ancestor::*[local-name()="defs"])])' "$1"; }

for kind in phase time energy error stability; do
    expect_ok "$SL" --plot $kind --out "$TMP/s-$kind.svg" && svg_ok "$TMP/s-$kind.svg"
done
# the studies too (their --out was once ignored: the chart went to stdout and no file was written); --series is CSV
for kind in order cost drift phase-lag spiral; do
    expect_ok "$SL" --plot $kind --steps 64 --out "$TMP/s-$kind.svg" && svg_ok "$TMP/s-$kind.svg"
    [ -s "$TMP/out" ] && fail "--plot $kind --out: the chart went to stdout too" || pass
done
expect_usage "^spring-lab: --out goes with a chart, not with --series \(see --help\)$" "$SL" --plot order --series \
    --out "$TMP/series.svg"
[ -e "$TMP/series.svg" ] && fail "--series --out wrote a file" || pass
for kind in network energy; do
    expect_ok "$NL" --plot $kind --preset four --kick 0.5 --steps 120 --out "$TMP/n-$kind.svg" && svg_ok "$TMP/n-$kind.svg"
done
for step in 1 2 3 4 5 6 7 8 9; do
    expect_ok "$KL" --plot $step --out "$TMP/k-$step.svg" && svg_ok "$TMP/k-$step.svg"
    grep -q "keyframe-lab step $step/9" "$TMP/out" && pass || fail "keyframe-lab --plot $step --out: no step line"
done

# The energy chart of three methods with the legend: each method a series path (and a legend sample) in its colour;
# explicit is colour 1 (sky blue, rgb 33.7% 70.6% 91.4% in cairo's SVG).
expect_eq "explicit's paths (series + legend sample)" \
    "$(xmllint --xpath 'count(//*[local-name()="path"][contains(@style,"stroke:rgb(33.72549%,70.588235%,91.372549%)")])' "$TMP/n-energy.svg")" 2

# PDF: one page, the size asked; PNG: the pixels asked.
expect_ok "$SL" --plot stability --out "$TMP/st.pdf" --size 480x300
expect_eq "PDF pages" "$(pdfinfo "$TMP/st.pdf" | sed -n 's/^Pages: *//p')" 1
expect_eq "PDF page size" "$(pdfinfo "$TMP/st.pdf" | sed -n 's/^Page size: *//p')" "480 x 300 pts"
expect_ok "$SL" --plot phase --out "$TMP/ph.png" --size 800x500
expect_eq "PNG size" "$(png_size "$TMP/ph.png")" "800 500"
grep -q "wrote $TMP/ph.png: 1 chart, png, 800 x 500 px" "$TMP/err" && pass || fail "no 'wrote' line: $(cat "$TMP/err")"
expect_ok "$KL" --plot 4 --out "$TMP/k4.png"
expect_eq "keyframe-lab's two panes, default size" "$(png_size "$TMP/k4.png")" "640 400"

# No clobbering: refused (exit 2, the file unchanged, no temporary left), then replaced with --force / --replace.
printf 'mine\n' >"$TMP/keep.svg"
expect_usage "keep.svg.*exists.*--force" "$SL" --plot time --out "$TMP/keep.svg"
expect_eq "a refused --out keeps the file" "$(cat "$TMP/keep.svg")" mine
expect_eq "no temporary left" "$(ls -A "$TMP" | grep -c '^\.nl-')" 0
expect_ok "$SL" --plot time --out "$TMP/keep.svg" --force && svg_ok "$TMP/keep.svg"
printf 'mine\n' >"$TMP/keep.png"
expect_usage "keep.png.*exists.*--replace" "$NL" --plot energy --preset four --out "$TMP/keep.png"
expect_ok "$NL" --plot energy --preset four --out "$TMP/keep.png" --replace
expect_eq "--replace wrote a PNG" "$(od -An -c -j1 -N3 "$TMP/keep.png" | tr -d ' ')" PNG

# Bad values.
expect_usage "--out: 'x.txt' is not a figure file \(allowed: a name ending in .svg, .pdf or .png\)" \
    "$SL" --plot phase --out x.txt
expect_usage "--size: '10x10' is not a figure size \(allowed: WxH.*64..8000" "$SL" --plot phase --out "$TMP/a.svg" --size 10x10
expect_usage "--size: '640' is not a figure size" "$KL" --plot 1 --out "$TMP/a.svg" --size 640
expect_usage "--size: '1e3x400' is not a figure size" "$NL" --plot energy --preset four --out "$TMP/a.svg" --size 1e3x400
expect_usage "--size goes with --out" "$SL" --plot phase --size 640x400
expect_usage "--force goes with --out" "$KL" --plot 2 --force
expect_usage "--out goes with --plot" "$SL" --csv --out "$TMP/a.svg"
expect_usage "--out goes with --plot" "$NL" --modes --preset four --out "$TMP/a.svg"
expect_usage "--replace goes with --plot" "$NL" --csv --preset four --replace
expect_usage "--out: .*nowhere.*" "$SL" --plot phase --out "$TMP/nowhere/a.svg"
[ ! -e "$TMP/a.svg" ] && pass || fail "a refused run wrote a.svg"

# bowl-lab's spectrogram: a figure of the size asked, or the same chart as text; refused before rendering when the
# file exists (no --force), and for a render shorter than one 2048-sample frame.
BL="$BIN/bowl-lab"
expect_ok "$BL" --preset steel-pair --seconds 1 --spectrogram "$TMP/sg.png" --size 800x300
expect_eq "spectrogram PNG size" "$(png_size "$TMP/sg.png")" "800 300"
grep -q "^rendered 1.000 s of steel-pair" "$TMP/out" && pass || fail "no summary line: $(cat "$TMP/out")"
expect_ok "$BL" --preset steel-pair --seconds 1 --spectrogram "$TMP/sg.svg" && svg_ok "$TMP/sg.svg"
expect_ok "$BL" --preset steel-pair --seconds 1 --spectrogram -
grep -q "spectrogram: steel-pair, seed 1, 1 s (dB, Hann 2048)" "$TMP/out" && pass || fail "no text spectrogram title"
grep -q '▓' "$TMP/out" && pass || fail "the text spectrogram has no dark cells"
grep -q '^rendered' "$TMP/out" && fail "the summary line mixed into the text chart" || pass
expect_usage "--spectrogram: '.*sg.png' already exists \(give --force" "$BL" --seconds 1 --spectrogram "$TMP/sg.png"
expect_ok "$BL" --seconds 1 --spectrogram "$TMP/sg.png" --force
expect_usage "--spectrogram: --seconds 0.01 is shorter than one frame \(allowed: at least 0.043 s\)" \
    "$BL" --seconds 0.01 --spectrogram "$TMP/short.png"
expect_usage "--spectrogram: 'sg.gif' is not a figure file" "$BL" --seconds 1 --spectrogram sg.gif
expect_usage "--size goes with --spectrogram" "$BL" --seconds 1 --wav "$TMP/a.wav" --size 640x400
[ ! -e "$TMP/short.png" ] && [ ! -e "$TMP/a.wav" ] && pass || fail "a refused run left a file"
finish
