#!/bin/sh
# tools/build.sh JOBS GOAL...: what `make run` and `make check` build, one line a stage (environment: BUILD, MAKE,
# V from the Makefile):
#   deps: ok
#   building numlab: 415 steps, about 32 s on 2 idle cores (a first build; V=1 shows every command)
#   building numlab (2 cores)... 57 of 415          (redrawn in place on a terminal; every tenth of the way in a log)
#   built in 97 s
# The steps are counted by `make -n` first (each is one tools/build-step.sh line of a recipe); a warning or an error
# is printed as the compiler says it. V=1: make's own output, every command in full.
# Spanish when the caller's language is (tools/words.sh).
set -u
jobs=$1; shift
build=${BUILD:-build} make=${MAKE:-make}
. "$(dirname "$0")/words.sh"
say deps; echo
if [ "${V:-0}" = 1 ]; then
    exec $make --no-print-directory -j"$jobs" "$@"
fi

steps=$($make --no-print-directory -n "$@" 2>/dev/null | grep -c 'tools/build-step\.sh')
if [ "$steps" -eq 0 ]; then
    exec $make --no-print-directory -s "$@"  # nothing to build: what is left (a stamp) quietly
fi
# The estimate: CPU seconds a step, measured on a full `make check-build` of this project (2026-12, gcc 12, -O2:
# 415 steps in 63.5 s of CPU, user and system, about 0.15 s a step), spread over the jobs: what an idle machine takes.
if [ ! -e "$build/lib/libnumlab.a" ]; then
    secs=$(( (steps * 15 + 100 * jobs - 1) / (100 * jobs) ))
    say estimate "$steps" "$secs" "$(say idle "$jobs")"; echo
fi

progress=$(mktemp "${TMPDIR:-/tmp}/numlab-build.XXXXXX") || exit 1
trap 'rm -f "$progress"' EXIT
trap 'exit 130' INT TERM
tty=0; [ -t 1 ] && tty=1
start=$(date +%s)
NUMLAB_PROGRESS=$progress NUMLAB_STEPS=$steps NUMLAB_JOBS=$jobs NUMLAB_PROGRESS_TTY=$tty \
    $make --no-print-directory -j"$jobs" "$@"
rc=$?
[ $tty = 1 ] && printf '\n'
if [ $rc -eq 0 ]; then
    say built $(( $(date +%s) - start )); echo
else
    { say failed; echo; } >&2
fi
exit $rc
