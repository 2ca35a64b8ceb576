#!/bin/sh
# Durability, which no output's bytes show: every file a program writes reaches the disk before its name does, and
# its name after. With tests/interpose/durability_log.c preloaded (it logs fsync and rename in order), each output
# of each lab and of the grader must show: fsync of a temporary file, then its rename to the output's name, then an
# fsync of the output's folder. Without the first, a crash just after the rename can leave an empty or half file
# under the final name (ext4's delayed allocation); without the last, the rename itself can be lost.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
BIN=$(cd "$BIN" && pwd)
cc -shared -fPIC -O1 -o "$TMP/durability_log.so" tests/interpose/durability_log.c -ldl ||
    { fail "cannot build the interposer"; finish; }
# an ASan build wants its runtime first; the interposer only wraps fsync and rename, which ASan leaves alone
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"

# logged NAME CMD...: runs CMD in a fresh folder $TMP/NAME with the interposer; the log in $TMP/NAME.log
logged() {
    name=$1; shift
    rm -rf "${TMP:?}/$name" "$TMP/$name.log"; mkdir "$TMP/$name"
    (cd "$TMP/$name" && DURABILITY_LOG="$TMP/$name.log" LD_PRELOAD="$TMP/durability_log.so" "$@") \
        >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    [ $rc -eq 0 ] && pass || fail "$name: exit $rc: $(head -c 300 "$TMP/err")"
}

# durable NAME FILE: in NAME's log, FILE (in $TMP/NAME) was renamed into place from a file fsynced before, and
# its folder was fsynced after the rename.
durable() {
    f="$(cd "$TMP/$1" && pwd)/$2"
    [ -s "$f" ] || { fail "$1: $2 was not written"; return; }
    verdict=$(awk -v f="$f" -v dir="${f%/*}" '
        $1 == "fsync" { synced[$2] = NR; if ($2 == dir && renamed) dir_after = 1 }
        $1 == "rename" && $3 == f { renamed = NR; from = $2; data = ($2 in synced) }
        END { if (!renamed) print "never renamed into place"
              else if (!data) print "renamed from " from " without an fsync of it first"
              else if (!dir_after) print "its folder not fsynced after the rename"
              else print "ok" }' "$TMP/$1.log")
    [ "$verdict" = ok ] && pass || { fail "$1: $2: $verdict; the log:"; sed 's/^/    /' "$TMP/$1.log"; }
}

for fmt in svg png pdf; do
    logged "spring-$fmt" "$BIN/spring-lab" --plot stability --k 1600 --c 0 --dt 0.02 --out "chart.$fmt"
    durable "spring-$fmt" "chart.$fmt"
done
logged network "$BIN/network-lab" --plot energy --preset four --kick 0.5 --out chart.png
durable network chart.png
logged keyframe "$BIN/keyframe-lab" --plot 1 --out chart.svg
durable keyframe chart.svg
logged bowl "$BIN/bowl-lab" --seconds 0.2 --wav b.wav --events e.csv --trace t.csv --spectrum s.csv \
    --spectrogram g.png
for f in b.wav e.csv t.csv s.csv g.png; do durable bowl "$f"; done
# replacing an existing file (--force) goes the same way
logged force sh -c "echo old >chart.svg && '$BIN/spring-lab' --plot stability --out chart.svg --force"
durable force chart.svg

# the grader's results.json (tools/grader/report.c), written by the judge itself, outside the sandbox
EX=01-euler-steps
if [ -x "$B/grader/$EX/judge" ]; then
    top=$(pwd)
    logged judge "$top/$B/grader/$EX/judge" --exercise "$top/exercises/$EX" --probe-lib "$top/$B/grader/$EX/probe.a" \
        --submission "$top/exercises/$EX/solution.c" --results results.json --quiet
    durable judge results.json
else
    fail "no judge at $B/grader/$EX/judge (make check builds it)"
fi
finish
