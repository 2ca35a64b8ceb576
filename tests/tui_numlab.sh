#!/bin/sh
# The launcher: lists the labs and the exercises, starts a lab, comes back to its menu when the lab quits.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }

expect_ok "$BIN/numlab" --list
grep -q '^spring-lab' "$TMP/out" && pass || fail "--list names spring-lab"
expect_usage "^numlab: the menu needs a terminal" "$BIN/numlab"
expect_usage "^numlab: unknown argument '--frob'" "$BIN/numlab" --frob

tui_start menu 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$BIN/numlab"
tui_expect menu "numlab: a terminal laboratory" "menu title"
tui_expect menu "1  spring-lab" "spring-lab listed"
tm send-keys -t menu Enter
tui_expect menu "step 1/6: Explicit Euler explodes" "Enter starts spring-lab"
tm send-keys -t menu q
tui_expect menu "1  spring-lab" "back to the menu after the lab quits"
tm send-keys -t menu q
expect_eq "numlab exit" "$(tui_exit_status menu)" 0
tui_sane menu

finish
