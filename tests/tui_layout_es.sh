#!/bin/sh
# Every step of every lab in Spanish (LANG=es_ES.UTF-8) at 80 x 24, the terminal most students open: the checks of
# tui_layout.sh (every word whole, every page reachable, no overlap; the shell's words as the catalogue has them)
# and no English word on any screen or in the help.
LAYOUT_LANG=es_ES.UTF-8 LAYOUT_SIZES=80x24
export LAYOUT_LANG LAYOUT_SIZES
exec sh tests/tui_layout.sh
