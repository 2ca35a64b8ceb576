# Helpers for TUI tests under tmux (source after tests/lib/cli.sh). A lab runs in a detached tmux session on a
# private socket, inside a shell that records the terminal settings before and after, and the exit status.
TMUX_SOCK="$TMP/tmux.sock"
tm() { tmux -S "$TMUX_SOCK" -f /dev/null "$@"; }

# tui_start NAME COLS ROWS ENV... -- CMD...: runs CMD in session NAME. The wrapper shell traps SIGINT and SIGQUIT
# (a no-op handler, reset to the default in the lab) so that Ctrl-C and Ctrl-\ reach the lab but do not kill the
# recording shell.
tui_start() {
    name=$1 cols=$2 rows=$3; shift 3
    envs=""
    while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
    shift
    rm -f "$TMP/$name.rc" "$TMP/$name.before" "$TMP/$name.after" "$TMP/$name.times"
    tm new-session -d -s "$name" -x "$cols" -y "$rows" \
        "env $envs sh -c 'trap : INT QUIT; stty -g > $TMP/$name.before; $*; r=\$?; times > $TMP/$name.times; echo \$r > $TMP/$name.rc; stty -g > $TMP/$name.after; sleep 60'"
}

tui_screen() { tm capture-pane -p -t "$1"; }

# tui_wait NAME PATTERN [SECONDS]: waits until the screen matches the grep -E pattern.
tui_wait() {
    i=0; limit=$(( ${3:-5} * 10 ))
    while [ $i -lt $limit ]; do
        tui_screen "$1" | grep -qE -- "$2" && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}

# tui_text NAME: the screen as one line (each row's trailing spaces dropped): text word-wrapped over several rows
# reads as written, e.g. a note "... = 31.6 ms,| stable" as "... = 31.6 ms, stable".
tui_text() { tui_screen "$1" | sed 's/ *$//' | tr -d '\n'; }

# tui_expect_text NAME PATTERN WHAT [SECONDS]: passes when tui_text matches PATTERN within SECONDS (5).
tui_expect_text() {
    i=0; limit=$(( ${4:-5} * 10 ))
    while [ $i -lt $limit ]; do
        tui_text "$1" | grep -qE -- "$2" && { pass; return 0; }
        sleep 0.1; i=$((i + 1))
    done
    fail "$3: screen lacks '$2':"; tui_screen "$1" | sed 's/^/    | /'
    return 1
}

# Awk (run with LC_ALL=C) that reads a screen cell by cell: cells(line, a) splits a line into its UTF-8 characters,
# one a cell (box drawing and braille are one column each), span(line, from, to) is cells from..to (1-based),
# squeeze(s) collapses the spaces; pane_width(rule, toggles) is the text pane's width, read on its rule row (the
# parameters' window starts one cell before " parameters " (awk -v params_word: the word in the language shown),
# else the toggles' before " TOGGLES ").
TUI_CELLS_AWK='
function cells(line, a,    n, i, c) {
    n = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (c >= "\200" && c < "\300" && n > 0) a[n] = a[n] c; else a[++n] = c
    }
    return n
}
function span(line, from, to,    a, n, j, s) {
    n = cells(line, a); s = ""
    for (j = from; j <= to && j <= n; j++) s = s a[j]
    return s
}
function squeeze(s) { gsub(/[ ]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
function pane_width(rule, toggles, cols,    p, a) {
    p = index(rule, " " (params_word != "" ? params_word : "parameters") " ")
    if (!p && toggles != "") p = index(rule, " " toggles " ")
    return p ? cells(substr(rule, 1, p - 1), a) - 1 : cols
}
function is_rule(line) { return substr(line, 1, 3) == "\342\224\200" }
'

# tui_pane_text NAME: the words of the text pane (the rows below its rule, left of the parameters) as one line: a
# sentence wrapped over several rows reads as written, whatever the parameters beside it.
tui_pane_text() {
    tui_screen "$1" | LC_ALL=C awk "$TUI_CELLS_AWK"'
        { row[n++] = $0 }
        END { R = -1; for (r = 1; r < n - 1; r++) if (is_rule(row[r])) R = r
              if (R < 0) exit; W = pane_width(row[R], "", 1000); s = ""
              for (r = R + 1; r < n - 1; r++) s = s " " span(row[r], 1, W)
              print squeeze(s) }'
}

# tui_expect_pane NAME PATTERN WHAT [SECONDS]: passes when tui_pane_text matches PATTERN within SECONDS (5).
tui_expect_pane() {
    i=0; limit=$(( ${4:-5} * 10 ))
    while [ $i -lt $limit ]; do
        tui_pane_text "$1" | grep -qE -- "$2" && { pass; return 0; }
        sleep 0.1; i=$((i + 1))
    done
    fail "$3: the text pane lacks '$2':"; tui_screen "$1" | sed 's/^/    | /'
    return 1
}

# tui_expect NAME PATTERN WHAT: passes when the screen shows PATTERN within 5 s.
tui_expect() {
    if tui_wait "$1" "$2"; then pass; else fail "$3: screen lacks '$2':"; tui_screen "$1" | sed 's/^/    | /'; fi
}

# tui_exit_status NAME [SECONDS]: waits (5 s, or SECONDS) for the program to end and prints its exit status.
tui_exit_status() {
    i=0 limit=$(( ${2:-5} * 10 ))
    # .after is written right after .rc: wait for both, so that tui_sane never reads a file still missing
    while { [ ! -s "$TMP/$1.rc" ] || [ ! -s "$TMP/$1.after" ]; } && [ $i -lt $limit ]; do sleep 0.1; i=$((i + 1)); done
    cat "$TMP/$1.rc" 2>/dev/null
}

# tui_cpu_ms NAME: the CPU time (user + system, all threads, in ms) the program of session NAME used over its whole
# life, once it has ended (the recording shell's `times`). CPU time, unlike the time on the clock, is the work the
# program did: it does not grow when the machine is loaded, so a bound on it is no flaky test.
tui_cpu_ms() {
    awk 'NR == 2 { ms = 0
                   for (i = 1; i <= NF; i++) { split($i, a, "m"); sub(/s$/, "", a[2]); ms += a[1] * 60000 + a[2] * 1000 }
                   printf "%d\n", ms }' "$TMP/$1.times" 2>/dev/null
}

# tui_sane NAME: the terminal settings after the program equal those before it.
tui_sane() {
    if [ -s "$TMP/$1.after" ] && cmp -s "$TMP/$1.before" "$TMP/$1.after"; then pass
    else fail "$1: terminal settings not restored"; fi
}

# tui_pid NAME PROGRAM: the pid of PROGRAM running in session NAME (a descendant of the pane's process, so that
# other sessions and other test runs on the machine are never touched).
tui_pid() {
    pids=$(tm display-message -p -t "$1" '#{pane_pid}')
    while [ -n "$pids" ]; do
        for p in $pids; do
            [ "$(cat "/proc/$p/comm" 2>/dev/null)" = "$(basename "$2" | cut -c1-15)" ] && { echo "$p"; return 0; }
        done
        pids=$(for p in $pids; do pgrep -P "$p"; done)
    done
    return 1
}

# cpu_ticks PID: user + system time in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# wakeups PID: how many times the process's threads have been switched to (voluntary + involuntary context
# switches, summed over /proc/PID/task). A program blocked on input is never switched to; one that polls at 10 Hz is
# 10 times a second; a running lab some 300 times. An event count: the machine's load does not change it.
# (wakeups PID/task/TID counts that one thread.)
wakeups() {
    case $1 in */task/*) set -- "/proc/$1/status" ;; *) set -- "/proc/$1/task/"*/status ;; esac
    cat "$@" 2>/dev/null | awk '/ctxt_switches/ { n += $2 } END { print n + 0 }'
}

# expect_blocked PID SECONDS WHAT: once the process has settled (the redraw of a late SIGWINCH, say, is over: two
# samples 0.3 s apart agree, within 5 s), it wakes at most twice in SECONDS: blocked on input, not polling.
expect_blocked() {
    settle=0 idle_before=$(wakeups "$1")
    while [ $settle -lt 16 ]; do
        sleep 0.3; idle_after=$(wakeups "$1")
        [ "$idle_after" = "$idle_before" ] && break
        idle_before=$idle_after settle=$((settle + 1))
    done
    sleep "$2"; idle_after=$(wakeups "$1")
    [ $((idle_after - idle_before)) -le 2 ] && pass ||
        fail "$3: woke $((idle_after - idle_before)) times in $2 s (a blocked program: at most 2)"
}

# tui_expect_idle_playing NAME PROGRAM SECONDS WHAT: PROGRAM in session NAME, with a sound stream open, is idle.
# Its audio thread wakes once a device buffer (some 50 times a second) by design, so: its main thread stays blocked
# on input (counted as above), and the whole process uses at most 5% of one core's CPU time over SECONDS (the
# stream's buffers of silence; a synthesis left running would take far more).
tui_expect_idle_playing() {
    pid=$(tui_pid "$1" "$2")
    expect_blocked "$pid/task/$pid" "$3" "$4: $2's main thread"
    ticks_before=$(cpu_ticks "$pid"); sleep "$3"; ticks_after=$(cpu_ticks "$pid")
    [ $(( (ticks_after - ticks_before) * 20 )) -le $(( $3 * $(getconf CLK_TCK) )) ] && pass ||
        fail "$4: $2 used $((ticks_after - ticks_before)) ticks of CPU in $3 s (at most 5%)"
}

# Braille cells U+2801..U+28FF are the bytes E2 A0 81 .. E2 A3 BF in UTF-8.
has_braille() { LC_ALL=C grep -q "$(printf '\342[\240-\243]')"; }

# tui_alternate NAME: 1 while the pane shows the alternate screen (curses), 0 once a program has left it.
tui_alternate() { tm display-message -p -t "$1" '#{alternate_on}'; }

tui_cleanup() { tm kill-server 2>/dev/null; }
