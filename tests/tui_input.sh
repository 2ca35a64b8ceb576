#!/bin/sh
# Input under load, in every program: a paste of 100 KB is taken in batches (one recomputation and one redraw a batch,
# not one a byte) and q answers within a frame, also behind the paste and while a large network animates.
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }

# The bounds are on the CPU time the program uses (its work, which a loaded machine does not stretch), several
# times what it takes (about 0.5 s for the paste, 0.2 s for q), below what the labs took before (69 s for the paste
# into spring-lab, 19.6 s into the menu, 1.7-3.5 s for q on the 500 x 500 grid); ASan is slower. The clock only
# bounds a hang (60 s).
case "${NUMLAB_BUILD:-build}" in *sanitize*) slow=3 ;; *) slow=1 ;; esac
PASTE_LIMIT_MS=$((5000 * slow))
Q_LIMIT_MS=$((1500 * slow))

# paste_quit NAME FILE WHAT: pastes FILE (ending in q) into session NAME; the program must exit 0, having used at
# most PASTE_LIMIT_MS of CPU in all (its start included), with the terminal restored.
paste_quit() {
    tm load-buffer "$2"
    tm paste-buffer -t "$1"
    rc=$(tui_exit_status "$1" 60)
    expect_eq "$3: exit after the paste and q" "$rc" 0
    cpu=$(tui_cpu_ms "$1")
    [ "${cpu:-999999}" -le $PASTE_LIMIT_MS ] && pass ||
        fail "$3: 100 KB pasted, then q: ${cpu:-?} ms of CPU (allowed: $PASTE_LIMIT_MS)"
    echo "$3: 100 KB paste and q took ${cpu:-?} ms of CPU"
    tui_sane "$1"
}

# 100 KB of keys the labs take (letters, digits, + - = _ and spaces; no q, no w: bowl-lab's w writes a file), from a
# fixed seed, then q.
awk 'BEGIN { srand(12); keys = "abcdefghijklmnoprstuvxyzABCDEFGHIJKLMNOPRSTUVXYZ0123456789+-=_ ";
             n = length(keys); for (i = 0; i < 100000; i++) printf "%s", substr(keys, 1 + int(rand() * n), 1);
             printf "q" }' >"$TMP/paste.txt"
expect_eq "paste size" "$(wc -c <"$TMP/paste.txt" | tr -d ' ')" 100001

mkdir "$TMP/cwd"  # the labs run there (absolute path), so that no key can leave a file in the tree
case "$BIN" in /*) ABS_BIN=$BIN ;; *) ABS_BIN=$(pwd)/$BIN ;; esac
for lab in spring-lab network-lab keyframe-lab bowl-lab; do
    tui_start "$lab" 120 40 LANG=C.UTF-8 TERM=xterm-256color -- cd "$TMP/cwd" \&\& "$ABS_BIN/$lab"
    tui_wait "$lab" "step 1/" 10 || { fail "$lab did not start"; continue; }
    paste_quit "$lab" "$TMP/paste.txt" "$lab"
done

# numlab's menu and pager: 100 KB of moves, then q (the menu took 19.6 s to leave).
awk 'BEGIN { for (i = 0; i < 25000; i++) printf "jjkk"; printf "q" }' >"$TMP/moves.txt"
tui_start menu 100 30 LANG=C.UTF-8 TERM=xterm-256color -- "$ABS_BIN/numlab"
if tui_wait menu "1  spring-lab" 10; then
    paste_quit menu "$TMP/moves.txt" "numlab menu"
else
    fail "numlab did not start"
fi
tui_start pager 100 30 LANG=C.UTF-8 TERM=xterm-256color NUMLAB_HOME="$(pwd)" -- "$ABS_BIN/numlab"
if tui_wait pager "1  spring-lab" 10; then
    tm send-keys -t pager 5
    tui_expect pager "read the task" "an exercise's menu"
    tm send-keys -t pager 1
    tui_expect pager "up/down PgUp/PgDn scroll" "the task's pager"
    awk 'BEGIN { for (i = 0; i < 25000; i++) printf "j k "; printf "q" }' >"$TMP/scroll.txt"
    tm load-buffer "$TMP/scroll.txt"
    pid=$(tui_pid pager numlab)
    t0=$(cpu_ticks "$pid")
    tm paste-buffer -t pager
    tui_wait pager "read the task" 60 || fail "pager: 100 KB pasted, then q: not back in the menu after 60 s"
    cpu=$(( ($(cpu_ticks "$pid") - t0) * 1000 / $(getconf CLK_TCK) ))
    [ $cpu -le $PASTE_LIMIT_MS ] && pass ||
        fail "pager: 100 KB pasted, then q: $cpu ms of CPU (allowed: $PASTE_LIMIT_MS)"
    echo "numlab pager: 100 KB paste and q took $cpu ms of CPU"
    tm send-keys -t pager q
    tm send-keys -t pager q
    expect_eq "numlab exit after the pager" "$(tui_exit_status pager)" 0
else
    fail "numlab did not start"
fi

# A network too large for real time (250,000 masses, about 0.1 s a step for the three runs): the frame's stepping
# stops at its budget, and q is read after at most that frame.
tui_start grid 120 40 LANG=C.UTF-8 TERM=xterm-256color -- "$BIN/network-lab" --preset grid --n 500
tui_expect grid "250000 masses" "the 500 x 500 grid runs"
sleep 2
pid=$(tui_pid grid network-lab)
t0=$(cpu_ticks "$pid")
tm send-keys -t grid q
rc=$(tui_exit_status grid 60)
expect_eq "grid exit on q" "$rc" 0
cpu=$(( $(tui_cpu_ms grid) - t0 * 1000 / $(getconf CLK_TCK) ))
[ $cpu -le $Q_LIMIT_MS ] && pass || fail "500 x 500 grid: q answered after $cpu ms of CPU (allowed: $Q_LIMIT_MS)"
echo "500 x 500 grid: q answered after $cpu ms of CPU"
tui_sane grid

finish
