#!/bin/sh
# bowl-lab heard live: a private PulseAudio server with a null sink (run as this user, in a runtime directory of its
# own), bowl-lab under tmux playing into it, parec recording the sink's monitor while keys strike, tilt and reverse
# the stir; w then renders the same session offline, and the recording must match that render: every onset within
# 50 ms, the strong spectral peaks within 2 Hz, no dropout (tests/test_audio_match.c). Then: m mutes; without a
# sound server and without a sound card the lab says "no audio device: w renders a WAV" once and works on; a device
# named but missing is a usage error.
. tests/lib/cli.sh
. tests/lib/tui.sh
RT=$(mktemp -d)
trap 'tui_cleanup; [ -n "${PAREC:-}" ] && kill "$PAREC" 2>/dev/null; [ -n "${PA:-}" ] && kill "$PA" 2>/dev/null;
      [ -n "${PROBE_PID:-}" ] && kill "$PROBE_PID" 2>/dev/null; rm -rf "$TMP" "$RT"' EXIT
for tool in tmux pulseaudio parec; do
    command -v $tool >/dev/null || { echo "FAIL: $tool is missing: make deps installs it"; exit 1; }
done
BL="$(cd "$BIN" && pwd)/bowl-lab"
# The server, the recorder and the lab's sound threads at a real-time priority where this user may (as desktops
# give sound programs through rtkit): on a loaded machine they otherwise miss their deadlines.
RTPRIO=
chrt -f 1 true 2>/dev/null && RTPRIO="chrt -f 1"
MATCH="${NUMLAB_BUILD:-build}/tests/test_audio_match"
RUN="$TMP/run"
mkdir -p "$RUN"

# the server: a null sink at the lab's rate, mono 16-bit, so nothing converts what the lab sends
cat >"$RT/server.pa" <<'PA'
load-module module-null-sink sink_name=numlab rate=48000 channels=1 format=s16le
set-default-sink numlab
load-module module-native-protocol-unix
PA
export XDG_RUNTIME_DIR="$RT" HOME="$RT"
unset PULSE_SERVER
$RTPRIO pulseaudio -n -F "$RT/server.pa" --daemonize=no --exit-idle-time=-1 --use-pid-file=no --log-target=stderr \
    >"$RT/server.log" 2>&1 &
PA=$!
i=0
while [ ! -S "$RT/pulse/native" ] && [ $i -lt 50 ] && kill -0 $PA 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
if [ ! -S "$RT/pulse/native" ]; then
    echo "SKIP: the sound server cannot start here; its log:"; sed 's/^/    /' "$RT/server.log"
    exit 0
fi
pactl list short sinks | grep -q numlab && pass || fail "the null sink is missing: $(pactl list short sinks)"
# its main thread moves the clients' data: real-time too (it set itself to nice -11 only)
[ -n "$RTPRIO" ] && chrt -f -p 1 $PA

# 120 x 40: the notes (the meters and the sound line read below) fit on the text pane's first page
tui_start lab 120 40 XDG_RUNTIME_DIR="$RT" HOME="$RT" LANG=C.UTF-8 TERM=xterm-256color -- "cd $RUN && $RTPRIO $BL"
tui_expect lab "sound [0-9]+ ms ahead, [0-9]+ underruns, [0-9]+ late buffers" "the lab plays into the server"
# the sound threads keep their real-time priority, the lab's own thread (drawing) goes back to the ordinary one
[ -n "$RTPRIO" ] && chrt -o -p 0 "$(tui_pid lab bowl-lab)"
ahead=$(tui_screen lab | sed -n 's/.*sound \([0-9]*\) ms ahead.*/\1/p')
[ "${ahead:-999}" -le 50 ] && pass || fail "heard ${ahead} ms after the synthesis: more than 50 ms"
counts() { tui_screen lab | sed -n 's/.*ms ahead, \([0-9]*\) underruns, \([0-9]*\) late buffers.*/\1 \2/p'; }
# a sound server's client takes a moment to settle (its first buffers come in bursts); then the free play
sleep 2
tm send-keys -t lab n n n n n n
tui_expect lab "step 7/10" "the free play"

# A session from r (a new one) to w, recorded: the bowl settles into its stir, then strikes, a tilt, the stir
# reversed. The synthesis must never fall behind while the machine keeps time (no underrun). Beside each attempt
# tests/tools/stall_probe measures how long the machine stopped its threads: a virtual machine whose host takes its
# CPU away stops the lab, the sound server and the recorder alike, and a stop longer than the lab's slack (it refills
# its 32 ms lead at 3/4 and a device takes 16 ms at a time: 8 ms) can starve the device through no fault of the lab's.
# Underruns in such an attempt prove nothing either way: said, with its stalls, and played again (one that went
# through whole is judged like any other). So is one whose device reported late buffers, or whose recording has a gap
# all the same (the server's threads starved on a loaded machine: it plays or records silence of its own). Eight
# attempts at most; one must match whole, unless the machine stalled in every one (then the live recording cannot be
# judged here: said as a SKIP, with the stalls).
SLACK_MS=8
PROBE="${NUMLAB_BUILD:-build}/tests/tools/stall_probe"
matched=no stalled_all=yes
for attempt in 1 2 3 4 5 6 7 8; do
    $RTPRIO parec --device=numlab.monitor --format=s16le --rate=48000 --channels=1 --file-format=wav "$TMP/heard.wav" &
    PAREC=$!
    $RTPRIO "$PROBE" $SLACK_MS >"$TMP/stalls" &
    PROBE_PID=$!
    sleep 0.5
    set -- $(counts); u0=${1:-x} x0=${2:-x}
    tm send-keys -t lab r
    sleep 1.5
    tm send-keys -t lab x x x; sleep 0.8
    tm send-keys -t lab l l l l; sleep 0.7
    tm send-keys -t lab x x x; sleep 0.9
    tm send-keys -t lab v; sleep 1.2
    tm send-keys -t lab x x x x; sleep 1
    tm send-keys -t lab c; sleep 0.6
    tm send-keys -t lab x x x; sleep 1
    tm send-keys -t lab w
    tui_expect lab "w: wrote bowl-session-$attempt\.wav \+ \.csv" "w renders the session"
    sleep 0.5
    kill $PAREC; wait $PAREC 2>/dev/null; PAREC=
    kill $PROBE_PID; wait $PROBE_PID 2>/dev/null; PROBE_PID=
    stalls=$(cat "$TMP/stalls")
    set -- $(counts); u1=${1:-y} x1=${2:-y}
    load="load $(cut -d' ' -f1-3 /proc/loadavg)"
    case "$stalls" in
        "stalls: worst "*", 0 over "*) stalled=no stalled_all=no ;;
        "stalls: worst "*) stalled=yes ;;
        *) fail "the stall probe said '$stalls'"; break ;;
    esac
    if [ "$u1" != "$u0" ] && [ $stalled = yes ]; then
        echo "note: attempt $attempt: the machine stalled ($stalls; $load): $u0 -> $u1 underruns, not conclusive"
        continue
    fi
    expect_eq "underruns (the synthesis behind the device) while the machine kept time ($stalls)" "$u1" "$u0"
    if [ "$x1" != "$x0" ]; then
        echo "note: attempt $attempt: the device was late $x0 -> $x1 times ($stalls; $load)"
        continue
    fi
    if "$MATCH" --compare "$TMP/heard.wav" "$RUN/bowl-session-$attempt.wav" >"$TMP/match.out" 2>&1; then
        matched=yes
        # every strike the session recorded (its gesture CSV's strike column) is an onset of the render, strikes
        # within 0.3 s of the last counted as one (the presses of a group, however a loaded machine delivers them:
        # the groups are sent 0.6 s apart or more); the render's onsets also hold the collisions they set off
        strikes=$(awk -F, 'NR > 1 && $6 > 0 { if (n == 0 || $1 - last > 0.3) n++; last = $1 } END { print n + 0 }' \
            "$RUN/bowl-session-$attempt.csv")
        rendered=$(sed -n 's/^onsets: \([0-9]*\) in the render.*/\1/p' "$TMP/match.out")
        echo "note: attempt $attempt matched: $strikes strikes recorded, ${rendered:-no} onsets in the render"
        [ "$strikes" -ge 1 ] && [ "${rendered:-0}" -ge "$strikes" ] && pass ||
            fail "the render has fewer onsets (${rendered:-none}) than the session's strikes ($strikes)"
        break
    fi
    # no underrun and no late buffer, yet a gap: the server or the recorder fell behind (parec's record stream
    # overflows when the server's main thread is starved): said, and played again
    echo "note: attempt $attempt: the recording differs ($stalls; $load):"
    grep -vE "^peaks|^  " "$TMP/match.out" | sed 's/^/    /'
done
if [ $matched = yes ]; then
    pass
elif [ $stalled_all = yes ]; then
    echo "SKIP: the live recording: this machine stopped its threads for more than $SLACK_MS ms in each of 8" \
         "attempts (the notes above); the lab's own checks below still run"
else
    fail "no session was recorded whole in eight attempts (the notes above; the last:)"
    sed 's/^/    /' "$TMP/match.out" 2>/dev/null
fi

tm send-keys -t lab m
tui_expect lab "sound muted, [0-9]+ ms ahead" "m mutes"
tm send-keys -t lab m
tui_expect lab "sound [0-9]+ ms ahead" "m again unmutes"
tm send-keys -t lab ' '
tui_expect lab "\[paused\]" "space pauses"
tui_expect_idle_playing lab bowl-lab 2 "paused with sound"
tm send-keys -t lab q
expect_eq "exit status after q" "$(tui_exit_status lab)" 0
tui_sane lab

# an empty name, and a device named that is not there: usage errors before the screen opens
expect_usage "^bowl-lab: --audio: an empty device name \(allowed: auto, none, or a device's name\)" "$BL" --audio ""
tui_start bad 100 30 XDG_RUNTIME_DIR="$RT" HOME="$RT" LANG=C.UTF-8 TERM=xterm-256color -- "$BL --audio no-such-device"
expect_eq "--audio no-such-device" "$(tui_exit_status bad)" 2
tui_expect bad "bowl-lab: --audio: no output device is named 'no-such-device' \(allowed: auto, none" "the error"

# no sound server (and, here, no sound card): said once, and everything else works
kill $PA; wait $PA 2>/dev/null; PA=
if ls /dev/snd/pcmC*p >/dev/null 2>&1; then
    echo "note: this machine has a sound card: the no-device check is skipped"
else
    mkdir -p "$TMP/none"
    tui_start none 120 40 XDG_RUNTIME_DIR="$TMP/none" HOME="$TMP/none" LANG=C.UTF-8 TERM=xterm-256color -- \
        "cd $RUN && $BL"
    tui_expect none "no audio device: w renders a WAV" "no device is said"
    [ "$(tui_screen none | grep -c 'no audio device')" -eq 1 ] && pass || fail "said more than once"
    tm send-keys -t none n n n n n x
    tui_expect none "step 6/10" "the walk goes on"
    tui_expect none "peak -[0-9.]+ dBFS" "it sounds (in the meters)"
    sleep 1
    tm send-keys -t none w
    tui_expect none "w: wrote bowl-session-[0-9]+\.wav" "w still renders"
    tm send-keys -t none q
    expect_eq "exit status without a device" "$(tui_exit_status none)" 0
fi
finish
