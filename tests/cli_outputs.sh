#!/bin/sh
# bowl-lab's outputs as one set (outset.h): all committed together or none (a later output failing keeps an
# earlier one, and a file --force would replace, as they were), the same file in two spellings refused, special
# files written as they are or refused but never replaced, every ending (SIGINT, SIGTERM, SIGHUP, SIGQUIT, a broken
# pipe) leaving no temporary, a 250-byte name accepted, and a dangling link or an unwritable folder refused before
# the render starts.
. tests/lib/cli.sh
BL="$(cd "$BIN" && pwd)/bowl-lab"
ulimit -c 0  # SIGQUIT dumps no core
OUT="$TMP/out.d"
mkdir -p "$OUT"

# nothing in $OUT but what the test put there (no temporaries, no half files)
expect_files() {
    got=$(ls -A "$OUT" | tr '\n' ' ')
    expect_eq "files in the output directory ($1)" "$got" "$2"
}
# --- all or none ------------------------------------------------------------------------------------------
# the trace cannot be written (/dev/full): the WAV before it is not committed, the file --force would replace stays
echo "earlier take" >"$OUT/a.wav"
"$BL" --seconds 1 --wav "$OUT/a.wav" --force --trace /dev/full >/dev/null 2>"$TMP/err"
expect_eq "a failing trace: exit" "$?" 1
grep -q -- "--trace: cannot write to '/dev/full'" "$TMP/err" && pass || fail "the failure names --trace: $(cat "$TMP/err")"
expect_eq "a failing trace: the replaced WAV untouched" "$(cat "$OUT/a.wav")" "earlier take"
expect_files "after a failing trace" "a.wav "
"$BL" --seconds 0.5 --wav "$OUT/b.wav" --events /dev/full --trace "$OUT/t.csv" >/dev/null 2>"$TMP/err"
expect_eq "failing events: exit" "$?" 1
expect_files "after failing events" "a.wav "
# a successful set: every file at once, nothing else
expect_ok "$BL" --seconds 0.5 --wav "$OUT/a.wav" --force --events "$OUT/e.csv" --trace "$OUT/t.csv" \
    --spectrum "$OUT/s.csv" --quiet
expect_eq "replaced" "$(head -c 4 "$OUT/a.wav")" "RIFF"
expect_files "after a full set" "a.wav e.csv s.csv t.csv "
rm -f "$OUT"/*

# --- one file, two spellings --------------------------------------------------------------------------------
(cd "$OUT" && "$BL" --seconds 0.1 --wav a.wav --events ./a.wav) >"$TMP/out" 2>"$TMP/err"
expect_eq "a.wav and ./a.wav: exit" "$?" 2
grep -q -- "--wav: 'a.wav' is also the --events file './a.wav'" "$TMP/err" && pass ||
    fail "a.wav and ./a.wav: $(cat "$TMP/err")"
mkdir "$OUT/sub"
expect_usage "--events: '.*sub/../e.csv' is also the --trace file" \
    "$BL" --seconds 0.1 --events "$OUT/sub/../e.csv" --trace "$OUT/e.csv"
echo old >"$OUT/x.csv"
ln -s x.csv "$OUT/sym.csv"
ln "$OUT/x.csv" "$OUT/hard.csv"
expect_usage "--events: '.*x.csv' is also the --trace file '.*sym.csv'" \
    "$BL" --seconds 0.1 --force --events "$OUT/x.csv" --trace "$OUT/sym.csv"
expect_usage "--events: '.*x.csv' is also the --trace file '.*hard.csv'" \
    "$BL" --seconds 0.1 --force --events "$OUT/x.csv" --trace "$OUT/hard.csv"
expect_usage "--events and --trace cannot both go to stdout|--events: '-' is also the --trace file '/dev/stdout'" \
    "$BL" --seconds 0.1 --events - --trace /dev/stdout
expect_eq "the linked file untouched" "$(cat "$OUT/x.csv")" "old"
# a link to an existing file is written through: the link stays, the file it names is replaced
expect_ok "$BL" --seconds 0.1 --force --events "$OUT/sym.csv" --quiet
[ -L "$OUT/sym.csv" ] && pass || fail "--force replaced the symbolic link itself"
expect_eq "written through the link" "$(head -n 1 "$OUT/x.csv")" "t,event,sphere,value,impulse,x,y,z"
rm -rf "$OUT"/*

# --- special files: written as they are, or refused; never replaced ----------------------------------------
mkfifo "$OUT/fifo"
expect_usage "--wav: '.*fifo' is a FIFO, not a regular file" "$BL" --seconds 0.1 --wav "$OUT/fifo" --force
[ -p "$OUT/fifo" ] && pass || fail "--wav --force replaced a FIFO"
expect_usage "--events: '.*fifo' is a FIFO nothing reads from" "$BL" --seconds 0.1 --events "$OUT/fifo"
cat "$OUT/fifo" >"$TMP/fifo.out" &
reader=$!
sleep 0.2
expect_ok "$BL" --seconds 0.5 --events "$OUT/fifo" --force --quiet
wait $reader
expect_eq "events through a FIFO" "$(head -n 1 "$TMP/fifo.out")" "t,event,sphere,value,impulse,x,y,z"
[ -p "$OUT/fifo" ] && pass || fail "--events --force replaced a FIFO"
rm -f "$OUT/fifo"
expect_usage "--wav: '/dev/null' is a character device, not a regular file" "$BL" --seconds 0.1 --wav /dev/null --force
[ -c /dev/null ] && pass || fail "/dev/null is no longer a character device"
expect_ok "$BL" --seconds 0.2 --trace /dev/null --quiet
"$BL" --seconds 0.2 --trace /dev/stdout >"$TMP/stdout.csv" 2>"$TMP/err"
expect_eq "--trace /dev/stdout into a file: exit" "$?" 0
expect_eq "--trace /dev/stdout rows" "$(wc -l <"$TMP/stdout.csv" | tr -d ' ')" 14
grep -q "^rendered 0.200 s" "$TMP/err" && pass || fail "the summary goes to stderr when /dev/stdout is taken"
expect_files "after special files" ""

# --- every ending removes what it started -------------------------------------------------------------------
# (the WAV --force would replace stays as it was)
for sig in INT TERM HUP QUIT; do
    echo "earlier take" >"$OUT/long.wav"
    # (a background job starts with SIGINT and SIGQUIT ignored: as typed at a terminal, they are not)
    env --default-signal=INT,QUIT "$BL" --seconds 600 --wav "$OUT/long.wav" --force --events "$OUT/long.csv" \
        --trace "$OUT/t.csv" >/dev/null 2>&1 &
    pid=$!
    sleep 0.5
    kill -$sig $pid
    wait $pid
    rc=$?
    [ $rc -ne 0 ] && pass || fail "SIG$sig: exit 0 (the render ran to its end)"
    expect_files "after SIG$sig" "long.wav "
    expect_eq "after SIG$sig: the file --force would replace" "$(cat "$OUT/long.wav")" "earlier take"
    rm -f "$OUT/long.wav"
done
# a broken pipe: head takes two lines, the render stops, the WAV and the trace are not left behind, and the lab ends
# as every lab does on a reader gone: quietly, killed by SIGPIPE (141 = 128 + 13), as spring-lab --csv | head does
( "$BL" --seconds 600 --wav "$OUT/p.wav" --trace "$OUT/p.csv" --events - 2>"$TMP/err"; echo $? >"$TMP/rc" ) |
    head -n 2 >"$TMP/head"
expect_eq "broken pipe: exit" "$(cat "$TMP/rc")" 141
expect_eq "broken pipe: no message" "$(cat "$TMP/err")" ""
expect_eq "broken pipe: the lines head took" "$(wc -l <"$TMP/head" | tr -d ' ')" 2
expect_files "after a broken pipe" ""

# --- every lab, every output mode: a run that cannot write its stdout fails and leaves nothing ---------------------
# Each mode writes files and something on stdout (a summary, a chart, a note). Into /dev/full, into a closed stdout
# (>&-), and into a pipe whose reader is gone: exit 1 with "cannot write to stdout" (141 and no message for the pipe,
# as SIGPIPE ends a program), and no file; into /dev/null, exit 0 and every file in place (the check can fail).
SL="$(cd "$BIN" && pwd)/spring-lab" NL="$(cd "$BIN" && pwd)/network-lab" KL="$(cd "$BIN" && pwd)/keyframe-lab"
printf 't,tilt_x_deg,tilt_y_deg,stir_hz,stir_radius_m,strike\n0,10,0,0,0,0\n0.3,0,0,1.5,0.014,1\n' >"$TMP/g.csv"
# gone_reader CMD...: CMD with stdout a pipe whose read end is already closed (deterministic EPIPE)
gone_reader() {
    perl -e 'pipe(my $r, my $w) or die "pipe: $!"; close $r; open(STDOUT, ">&", $w) or die; close $w; exec @ARGV' "$@"
}
# mode NAME FILES -- CMD...: the files CMD writes in $OUT (relative to it), then the checks above
mode() {
    name=$1 files=$2; shift 3
    (cd "$OUT" && "$@" >/dev/full 2>"$TMP/err"); rc=$?
    [ $rc -eq 1 ] && grep -q "cannot write to stdout" "$TMP/err" && pass ||
        fail "$name >/dev/full: exit $rc, '$(cat "$TMP/err")'"
    expect_files "$name >/dev/full" ""
    (cd "$OUT" && "$@" >&- 2>"$TMP/err"); rc=$?
    [ $rc -eq 1 ] && grep -q "cannot write to stdout" "$TMP/err" && pass ||
        fail "$name >&-: exit $rc, '$(cat "$TMP/err")'"
    expect_files "$name >&-" ""
    (cd "$OUT" && gone_reader "$@" 2>"$TMP/err"); rc=$?
    [ $rc -eq 141 ] && [ ! -s "$TMP/err" ] && pass || fail "$name, reader gone: exit $rc, '$(cat "$TMP/err")'"
    expect_files "$name, reader gone" ""
    (cd "$OUT" && "$@" >/dev/null 2>"$TMP/err"); rc=$?
    expect_eq "$name >/dev/null: exit" "$rc" 0
    expect_files "$name >/dev/null" "$files"
    rm -f "$OUT"/*
}
mode "bowl-lab summary" "f.csv f.wav " -- "$BL" --seconds 0.5 --wav f.wav --events f.csv
mode "bowl-lab --events -" "f.wav t.csv " -- "$BL" --seconds 0.5 --wav f.wav --trace t.csv --events -
mode "bowl-lab --trace -" "f.wav " -- "$BL" --seconds 0.5 --wav f.wav --trace - --quiet
mode "bowl-lab --spectrum -" "f.wav " -- "$BL" --seconds 0.5 --wav f.wav --spectrum -
mode "bowl-lab --spectrogram -" "f.wav " -- "$BL" --seconds 0.5 --wav f.wav --spectrogram -
mode "bowl-lab --spectrogram FILE" "f.wav s.svg " -- "$BL" --seconds 0.5 --wav f.wav --spectrogram s.svg
mode "bowl-lab --gesture" "f.wav " -- "$BL" --gesture "$TMP/g.csv" --wav f.wav
# the --plot figures: the notes on stdout (a diverged method, the step's text) go before the figure's commit
mode "spring-lab --plot --out" "f.svg " -- "$SL" --plot time --method explicit --k 1600 --c 0 --dt 0.1 --steps 100 \
    --out f.svg
mode "network-lab --plot --out" "f.png " -- "$NL" --plot energy --preset four --kick 0.5 --method explicit \
    --dt 0.1 --steps 400 --out f.png
mode "keyframe-lab --plot --out" "f.pdf " -- "$KL" --plot 1 --out f.pdf
# stdout alone: a reader gone ends each lab the same way, quietly (the launcher's list too)
for cmd in "$SL --csv --steps 10" "$NL --csv --preset four --steps 10" "$KL --csv --demo basis" \
    "$BL --list-presets" "$BL --seconds 0.1 --trace -" "$(cd "$BIN" && pwd)/numlab --list"; do
    # shellcheck disable=SC2086  # the words of cmd
    gone_reader $cmd 2>"$TMP/err"; rc=$?
    [ $rc -eq 141 ] && [ ! -s "$TMP/err" ] && pass || fail "$cmd, reader gone: exit $rc, '$(cat "$TMP/err")'"
done

# --- names and folders ---------------------------------------------------------------------------------------
long=$(printf '%0246d' 0 | tr 0 a).wav
expect_ok "$BL" --seconds 0.1 --wav "$OUT/$long" --quiet
expect_files "a 250-byte name" "$long "
rm -f "$OUT"/*
ln -s "$OUT/nowhere/x.wav" "$OUT/dangling.wav"
expect_quick 0.3 "^bowl-lab: --wav: " "$BL" --seconds 600 --wav "$OUT/dangling.wav" --force
grep -q "dangling.wav' is a symbolic link to a file that does not exist" "$TMP/err" && pass ||
    fail "dangling link message: $(cat "$TMP/err")"
expect_quick 0.3 "^bowl-lab: --wav: " "$BL" --seconds 600 --wav /proc/numlab.wav
grep -q -- "--wav: cannot create '/proc/numlab.wav'" "$TMP/err" && pass || fail "unwritable: $(cat "$TMP/err")"
if [ "$(id -u)" -ne 0 ]; then
    mkdir "$OUT/ro" && chmod 555 "$OUT/ro"
    expect_quick 0.3 "^bowl-lab: --events: " "$BL" --seconds 600 --events "$OUT/ro/e.csv"
    chmod 755 "$OUT/ro" && rmdir "$OUT/ro"
fi
expect_files "after refused names" "dangling.wav "

finish
