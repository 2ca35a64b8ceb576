#!/bin/sh
# Every way a lab ends puts the terminal back (the settings as before, the alternate screen left): Ctrl-\ (SIGQUIT)
# in each lab and in the launcher, and SIGHUP, SIGINT, SIGTERM, SIGABRT, SIGUSR1, SIGPIPE and SIGBUS sent to one;
# and a terminal curses cannot drive (TERM unset, unknown, or one without cursor motion) is said up front, naming
# the lab, what is wrong and what to do, with exit 2 instead of curses' bare "Error opening terminal".
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }
ulimit -c 0  # the crash signals dump no core
B=$(cd "$BIN" && pwd)

# expect_restored NAME STATUS WHAT: the program ended with STATUS, the terminal settings and screen are back
expect_restored() {
    expect_eq "$3: exit status" "$(tui_exit_status "$1")" "$2"
    tui_sane "$1"
    expect_eq "$3: the alternate screen left" "$(tui_alternate "$1")" 0
}

# Ctrl-\ in every lab: the quit signal, like Ctrl-C (128 + 3)
n=0
for lab in "spring-lab:step 1/18" "network-lab:step 1/8" "keyframe-lab:step 1/9" "bowl-lab:step 1/10" \
           "numlab:a terminal laboratory"; do
    prog=${lab%%:*} screen=${lab#*:}; n=$((n + 1))
    tui_start "q$n" 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "cd $TMP && $B/$prog"
    tui_expect "q$n" "$screen" "$prog starts"
    expect_eq "$prog: on the alternate screen" "$(tui_alternate "q$n")" 1
    tm send-keys -t "q$n" 'C-\'
    expect_restored "q$n" 131 "$prog after Ctrl-\\"
done

# signals from outside: quit signals end the loop (128 + N), the others are restored from the handler and then
# kill the lab (the shell reports 128 + N too)
for pair in HUP:1 INT:2 TERM:15 ABRT:6 USR1:10 PIPE:13 BUS:7; do  # (Linux's numbers)
    sig=${pair%%:*} num=${pair#*:}
    tui_start "s$sig" 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$B/spring-lab"
    tui_expect "s$sig" "step 1/18" "spring-lab starts for SIG$sig"
    kill -"$sig" "$(tui_pid "s$sig" spring-lab)"
    expect_restored "s$sig" $((128 + num)) "SIG$sig"
done

# TERM unset, unknown, or unable to move the cursor: said up front, exit 2, the terminal untouched
for lab in spring-lab network-lab keyframe-lab bowl-lab numlab; do
    tui_start "unset-$lab" 160 30 -u TERM LANG=C.UTF-8 -- "$B/$lab"
    expect_eq "$lab without TERM: exit" "$(tui_exit_status "unset-$lab")" 2
    tui_expect_text "unset-$lab" "$lab: TERM is not set, so the interactive lab cannot draw on this terminal.*TERM=xterm-256color" \
        "$lab names itself, the problem and the remedy"
    tui_screen "unset-$lab" | grep -q "Error opening terminal" && fail "$lab: curses' bare message" || pass
    tui_sane "unset-$lab"
done
tui_start unknown 160 30 TERM=no-such-terminal LANG=C.UTF-8 -- "$B/spring-lab"
expect_eq "an unknown TERM: exit" "$(tui_exit_status unknown)" 2
tui_expect_text unknown "spring-lab: TERM='no-such-terminal' is a terminal type this system does not know.*TERM=xterm-256color" \
    "an unknown TERM is named"
tui_start dumb 160 30 TERM=dumb LANG=C.UTF-8 -- "$B/bowl-lab"
expect_eq "TERM=dumb: exit" "$(tui_exit_status dumb)" 2
tui_expect_text dumb "bowl-lab: TERM='dumb' cannot move the cursor" "a terminal without cursor motion is named"

finish
