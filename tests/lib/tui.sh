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
    rm -f "$TMP/$name.rc" "$TMP/$name.before" "$TMP/$name.after"
    tm new-session -d -s "$name" -x "$cols" -y "$rows" \
        "env $envs sh -c 'trap : INT QUIT; stty -g > $TMP/$name.before; $*; echo \$? > $TMP/$name.rc; stty -g > $TMP/$name.after; sleep 60'"
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

# tui_exit_status NAME: waits for the program to end and prints its exit status.
tui_exit_status() {
    i=0
    # .after is written right after .rc: wait for both, so that tui_sane never reads a file still missing
    while { [ ! -s "$TMP/$1.rc" ] || [ ! -s "$TMP/$1.after" ]; } && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    cat "$TMP/$1.rc" 2>/dev/null
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

# tui_expect_idle NAME PROGRAM SECONDS WHAT: PROGRAM in session NAME uses at most one clock tick of CPU in SECONDS.
tui_expect_idle() {
    idle_pid=$(tui_pid "$1" "$2")
    idle_before=$(cpu_ticks "$idle_pid"); sleep "$3"; idle_after=$(cpu_ticks "$idle_pid")
    [ $((idle_after - idle_before)) -le 1 ] && pass ||
        fail "$4: $2 used $((idle_after - idle_before)) ticks of CPU in $3 s"
}

# Braille cells U+2801..U+28FF are the bytes E2 A0 81 .. E2 A3 BF in UTF-8.
has_braille() { LC_ALL=C grep -q "$(printf '\342[\240-\243]')"; }

# tui_alternate NAME: 1 while the pane shows the alternate screen (curses), 0 once a program has left it.
tui_alternate() { tm display-message -p -t "$1" '#{alternate_on}'; }

tui_cleanup() { tm kill-server 2>/dev/null; }
