#!/bin/sh
# Every step of every lab's walk at 80 x 24 (the terminal most students open), 100 x 30 and 120 x 40, under tmux.
# The reference is the walk as text (NUMLAB_WALK_TEXT: tui_walk_write), what each step shows before its animation
# runs; the lab is paused on its first step (r, then space), so every step shows that state. For each step:
#   - the header has "step I/N: TITLE" with the whole title;
#   - the text pane, page after page (]), reads exactly as the step's text and notes: its lines joined equal the
#     reference's words, so a word cut at the pane's edge ("explod" "es"), a line hidden, or text written past the
#     pane (into the parameters, onto the key line) fails; notes pinned below the sign are whole on every page;
#   - when a page does not show everything, the row below the paged text carries the "more" sign ("] more 1/3") and
#     the key line says "] more text 1/3"; the last page says "[ back";
#   - the pane's top rule is unbroken (only the title on it, whole or its first whole words and an ellipsis), the
#     separator between two charts is unbroken from the header to the rule, and the key line ends in "q quit";
#   - every parameter and toggle name is on screen whole, and the toggles' title (the step's, else the lab's) on
#     their window's rule.
# The screens are read cell by cell (TUI_CELLS_AWK), so box drawing and braille count one column each.
#
# In another language (LAYOUT_LANG=es_ES.UTF-8) the same checks hold with the shell's words as the catalogue gives
# them (T), and no screen (every page of every step, and the help) shows an English word of the list ENGLISH (names
# of methods, programs, options and files are not in it). LAYOUT_LABS and LAYOUT_SIZES narrow the run (one lab, one
# size) while working on a lab: LAYOUT_LANG=es_ES.UTF-8 LAYOUT_LABS=spring-lab LAYOUT_SIZES=80x24 sh tests/tui_layout.sh
. tests/lib/cli.sh
. tests/lib/tui.sh
trap 'tui_cleanup; rm -rf "$TMP"' EXIT
command -v tmux >/dev/null || { echo "tmux is missing: make deps installs it"; exit 1; }

LABS=${LAYOUT_LABS:-$(for f in labs/*-lab.c; do basename "$f" .c; done)}   # every lab (numlab, the launcher, has no walk)
SIZES=${LAYOUT_SIZES:-"80x24 100x30 120x40"}
LAYOUT_LANG=${LAYOUT_LANG:-C.UTF-8}

# T MSGID: the shell's words in the language of the run (from the catalogue the programs use)
T() { TEXTDOMAINDIR="$BIN/../share/locale" LC_ALL=C.UTF-8 LANGUAGE=$(echo "$LAYOUT_LANG" | sed 's/[._].*//') \
          gettext -d numlab "$1"; }
case $LAYOUT_LANG in C* | en*) T() { printf '%s' "$1"; } ;; esac
command -v gettext >/dev/null || { echo "gettext is missing: make deps installs it"; exit 1; }
STEP_FMT=$(T "step %d/%d: ") PAUSED=$(T "[paused]") MORE=$(T "] more") BACK=$(T "[ back") QUIT=$(T "q quit")
MORE_TEXT=$(T "] more text") HELP_END=$(T "any key closes this help") CHARTS=$(T "t charts") PARAMS=$(T parameters)
# ere TEXT: TEXT as a literal in an extended regular expression (grep -E, awk)
ere() { printf '%s' "$1" | sed 's/[][\\.*^$?+(){}|/]/\\&/g'; }
# English function words: not Spanish, not in the names a Spanish screen keeps (explicit, rk4, --csv, numlab-figures)
ENGLISH="the|and|of|with|when|which|this|that|from|are|is|it|its|not|only|each|every|than|then|until|here|press|shows"
# LAYOUT_WORDS (tui_layout_es.sh): more words no screen of that language may show (Spain-only words, English nouns)
case $LAYOUT_LANG in C* | en*) ENGLISH_RE="" ;; *) ENGLISH_RE=$ENGLISH${LAYOUT_WORDS:+|$LAYOUT_WORDS} ;; esac
# NAMES_AWK: lower-cased words of a line with the names taken out, a hyphenated name (backward-euler, steel-pair,
# spring-lab), an option (--steps), a CSV header or an identifier (method,step,t; bowl_impact), a word in capitals
# (glTF's STEP, RK4) and what stands in single quotes (a file's keyword, a line of machine output) being names in
# any language; then words(line) is " w1 w2 ... ".
NAMES_AWK='function words(line) {
    line = " " line " "
    gsub(/\047[^\047]*\047/, " ", line)
    gsub(/[A-Za-z0-9_]+([,\/][A-Za-z0-9_.]+)+/, " ", line); gsub(/[A-Za-z0-9]*_[A-Za-z0-9_]*/, " ", line)
    gsub(/[A-Za-z0-9]+(-[A-Za-z0-9]+)+/, " ", line); gsub(/--?[A-Za-z0-9][-A-Za-z0-9_.]*/, " ", line)
    gsub(/[^A-Za-z\200-\377][A-Z][A-Z0-9]+[^A-Za-z\200-\377]/, " ", line); line = tolower(line)
    gsub(/[^a-z\200-\377]+/, " ", line)
    return line
}'
# first_foreign: the first line of standard input that shows a word of ENGLISH_RE, as "WORD<TAB>LINE"; nothing when
# none does (LC_ALL=C: a UTF-8 letter is its bytes)
first_foreign() {
    LC_ALL=C awk -v english="$ENGLISH_RE" "$NAMES_AWK"'
        english != "" && match(words($0), " (" english ") ") { w = words($0); print substr(w, RSTART + 1, RLENGTH - 2) "\t" $0; exit }'
}

# One screen ($TMP/S.screen) read against the reference of its step: prints "sign more|back|none", then "text " and
# the page's words, then one "bad WHAT" line for each check that failed.
PAGE_AWK="$TUI_CELLS_AWK$NAMES_AWK"'
FILENAME == ref { if ($0 ~ /^--- parameter: /) { p = $0; sub(/^--- parameter: /, "", p); sub(/ \[.*\]$/, "", p); par[++np] = p }
                  else if ($0 ~ /^--- panes: /) panes = $3
                  else if ($0 ~ /^--- (values|shown|state): /) next
                  else if ($0 ~ /^--- / && $0 != "--- notes") { t = $0; sub(/^--- /, "", t); tname = t; sub(/: .*/, "", tname)
                                           sub(/^[^:]*: /, "", t); tog[++nt] = t }
                  else if ($0 ~ /^=== /) { title = $0; sub(/^=== step [0-9]+\/[0-9]+: /, "", title)
                                           split($3, f, "/"); head = sprintf(stepfmt, f[1], f[2]) title }
                  next }
{ row[n++] = $0 }
END {
    last = rows - 1
    R = -1
    for (r = 1; r < last; r++) if (is_rule(row[r])) R = r
    if (R < 0) { print "bad no text pane rule"; exit }
    W = pane_width(row[R], tname, cols)
    if (index(row[0], head) == 0) print "bad header lacks \"" head "\""
    if (row[last] !~ (quit " *$")) print "bad key line \"" row[last] "\""
    rule = span(row[R], 1, W); gsub(/\342\224\200/, "", rule); rule = squeeze(rule)
    fitted = substr(rule, 1, length(rule) - 3)   # the title cut between words: its first words and "\342\200\246"
    if (rule == "" && title != "") print "bad text pane rule without the title"
    else if (rule != title && !(substr(rule, length(rule) - 2) == "\342\200\246" && index(title, fitted " ") == 1))
        print "bad text pane rule \"" rule "\""
    sign = "none"; text = ""; after = ""
    for (r = R + 1; r < last; r++) {
        line = span(row[r], 1, W)
        if (sign == "none" && line ~ (more " [0-9]+/[0-9]+ *$")) sign = "more"
        else if (sign == "none" && line ~ (back " [0-9]+/[0-9]+ *$")) sign = "back"
        else if (sign == "none") text = text " " line
        else after = after " " line
    }
    print "sign " sign
    print "text " squeeze(text)
    print "pinned " squeeze(after)
    if (sign == "more" && row[last] !~ ("^ " more_text " [0-9]+/[0-9]+ ")) print "bad key line lacks \"" more_text "\": " row[last]
    if (english != "") for (r = 0; r <= last; r++) {
        line = words(row[r])
        if (match(line, " (" english ") ")) { print "bad English \"" substr(line, RSTART + 1, RLENGTH - 2) "\" on row " r ": " row[r]; break }
    }
    if (panes == 2) {
        x = int((cols - 1) / 2) + 1
        for (r = 1; r < R; r++) if (span(row[r], x, x) != "\342\224\202") { print "bad chart separator broken at row " r; break }
    }
    for (i = 1; i <= np; i++) {
        ok = 0
        for (r = R; r < last; r++) if (index(row[r], " " par[i] " ")) ok = 1
        if (!ok) print "bad parameter \"" par[i] "\" not whole on screen"
    }
    if (nt > 0 && index(row[R], " " tname " ") == 0) print "bad the toggles title \"" tname "\" not on the rule"
    for (i = 1; i <= nt; i++) {
        ok = 0
        for (r = R; r < last; r++) { q = index(row[r], "] " tog[i]); c = substr(row[r], q + 2 + length(tog[i]), 1)
                                      if (q && (c == "" || c == " ")) ok = 1 }
        if (!ok) print "bad toggle \"" tog[i] "\" not whole on screen"
    }
}'

# reference LAB I [text|notes]: the step's text and notes (or only the text, only the notes) as one line of words.
reference() {
    awk -v i="$2" -v part="${3:-all}" '/^=== step / { split($3, f, "/"); on = (f[1] == i); notes = 0; next }
        /^--- notes$/ { notes = 1; next } /^--- / { next }
        on && (part == "all" || (part == "notes") == notes)' "$TMP/$1.walk" |
        tr '\n' ' ' | sed 's/  */ /g; s/^ //; s/ $//'
}

# read_page SESSION LAB I COLS ROWS: reads the screen against step I's reference into $TMP/SESSION.page (sign, text,
# bad) and fails the checks that do not hold.
read_page() {
    awk -v i="$3" '/^=== step / { split($3, f, "/"); on = (f[1] == i) } on' "$TMP/$2.walk" >"$TMP/$1.ref"
    tui_screen "$1" >"$TMP/$1.screen"
    LC_ALL=C awk -v ref="$TMP/$1.ref" -v cols="$4" -v rows="$5" -v stepfmt="$STEP_FMT" -v quit="$(ere "$QUIT")" \
        -v more="$(ere "$MORE")" -v back="$(ere "$BACK")" -v more_text="$(ere "$MORE_TEXT")" -v params_word="$PARAMS" \
        -v english="$ENGLISH_RE" "$PAGE_AWK" "$TMP/$1.ref" "$TMP/$1.screen" >"$TMP/$1.page"
    bad=$(sed -n 's/^bad //p' "$TMP/$1.page")
    if [ -n "$bad" ]; then fail "$2 $4 x $5 step $3: $bad"; sed 's/^/    | /' "$TMP/$1.screen"; else pass; fi
}
page_sign() { sed -n 's/^sign //p' "$TMP/$1.page"; }
page_text() { sed -n 's/^text //p' "$TMP/$1.page"; }
page_pinned() { sed -n 's/^pinned //p' "$TMP/$1.page"; }

# hold_at_start SESSION N: pauses, then r replays from the start (no tick while paused: the state the reference
# has); the help opened and closed after r says that r was taken (keys are taken in order).
hold_at_start() {
    tui_wait "$1" "$(ere "$(printf "$STEP_FMT" 1 "$2")")" 10 || return 1
    tm send-keys -t "$1" ' '
    tui_wait "$1" "$(ere "$PAUSED")" 10 || return 1
    tm send-keys -t "$1" r '?'
    tui_wait "$1" "$(ere "$HELP_END")" 10 || return 1
    if [ -n "$ENGLISH_RE" ]; then  # the help, in the language of the run
        word=$(tui_screen "$1" | first_foreign | cut -f 1)
        [ -z "$word" ] && pass || { fail "$1: the help shows the word '$word'"; tui_screen "$1" | sed 's/^/    | /'; }
    fi
    tm send-keys -t "$1" '?'
    j=0
    while tui_screen "$1" | grep -qF -- "$HELP_END"; do
        j=$((j + 1)); [ $j -lt 100 ] || return 1; sleep 0.1
    done
}

# walk LAB COLS ROWS: every step at that size (k the step: tui_wait counts with i).
walk() {
    lab=$1 cols=$2 rows=$3 ses=$(echo "$1-$2" | tr -d .)
    n=$(sed -n 's/^=== step 1\/\([0-9]*\):.*/\1/p' "$TMP/$lab.walk")
    tui_start "$ses" "$cols" "$rows" LANG=$LAYOUT_LANG TERM=xterm-256color -- "$BIN/$lab"
    k=1
    while [ "$k" -le "$n" ]; do
        if [ "$k" -eq 1 ]; then
            hold_at_start "$ses" "$n" || { fail "$lab $cols x $rows: could not pause"; tui_screen "$ses"; return; }
        else
            tm send-keys -t "$ses" n
        fi
        tui_wait "$ses" "$(ere "$(printf "$STEP_FMT" "$k" "$n")").*$(ere "$PAUSED")" 10 || { fail "$lab $cols x $rows: step $k not reached, paused"
                                                        tui_screen "$ses" | sed 's/^/    | /'; return; }
        want=$(reference "$lab" "$k") notes=$(reference "$lab" "$k" notes)
        got="" page=1 pinned=""
        while :; do
            read_page "$ses" "$lab" "$k" "$cols" "$rows"
            got="$got $(page_text "$ses")"
            # notes kept below the sign are on every page, whole; the text pages above them
            if [ -n "$(page_pinned "$ses")" ]; then
                pinned=yes want=$(reference "$lab" "$k" text)
                [ "$(page_pinned "$ses")" = "$notes" ] && pass ||
                    fail "$lab $cols x $rows step $k page $page: the notes below the sign read '$(page_pinned "$ses")'"
            fi
            [ "$(page_sign "$ses")" = more ] || break
            page=$((page + 1))
            [ "$page" -le 30 ] || { fail "$lab $cols x $rows step $k: more than 30 pages"; break; }
            tm send-keys -t "$ses" ']'
            tui_wait "$ses" "($(ere "$MORE")|$(ere "$BACK")) $page/" 5 || { fail "$lab $cols x $rows step $k: ] did not turn to page $page"; break; }
        done
        got=$(echo "$got" | sed 's/  */ /g; s/^ //; s/ $//')
        if [ "$got" = "$want" ]; then pass; else
            fail "$lab $cols x $rows step $k: the text pane's pages do not read as the step's text and notes"
            printf '    want: %s\n    got:  %s\n' "$want" "$got"
        fi
        k=$((k + 1))
    done
    tm send-keys -t "$ses" q
    expect_eq "$lab $cols x $rows exit" "$(tui_exit_status "$ses")" 0
    tm kill-session -t "$ses" 2>/dev/null
}

# a session that outlives the labs' sessions: the server never stops (and restarts) between two of them
tm new-session -d -s keep -x 80 -y 24 "sleep 600"
for lab in $LABS; do
    NUMLAB_WALK_TEXT=1 LANG=$LAYOUT_LANG "$BIN/$lab" >"$TMP/$lab.walk" </dev/null || fail "$lab: NUMLAB_WALK_TEXT exit $?"
    grep -q '^=== step 1/' "$TMP/$lab.walk" && pass || fail "$lab: the walk as text has no step 1"
done
for size in $SIZES; do
    for lab in $LABS; do
        walk "$lab" "${size%x*}" "${size#*x}"
    done
done

# t swaps the charts for the whole text: at 80 x 24 spring-lab's step 6 (three pages in the pane) fits on one.
case " $LABS " in *" spring-lab "*)
tui_start tv 80 24 LANG=$LAYOUT_LANG TERM=xterm-256color -- "$BIN/spring-lab"
hold_at_start tv 12 && tm send-keys -t tv n n n n n
tui_expect tv "$(ere "$(printf "$STEP_FMT" 6 12)").*$(ere "$PAUSED")" "step 6 paused"
tui_expect tv "$(ere "$MORE") 1/" "step 6 pages at 80 x 24"
tm send-keys -t tv t
tui_expect tv "$(ere "$CHARTS")" "t swaps the charts for the text"
read_page tv spring-lab 6 80 24
[ "$(page_sign tv)" = none ] && [ "$(page_text tv)" = "$(reference spring-lab 6)" ] && pass ||
    fail "the text view does not show step 6's text whole at 80 x 24: $(page_text tv)"
tm send-keys -t tv q
expect_eq "text view exit" "$(tui_exit_status tv)" 0 ;;
esac

finish
