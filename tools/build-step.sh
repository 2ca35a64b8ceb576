#!/bin/sh
# tools/build-step.sh KIND NAME: say that one build step (KIND: CC, LD, AR, MO, GEN) of NAME starts, the quiet way
# (V=1 shows the commands instead: the Makefile then never calls this).
#   Under tools/build.sh (NUMLAB_PROGRESS names its counter file, NUMLAB_STEPS the steps it counted): one line that
#   counts, "building numlab (2 cores)... 57 of 120", redrawn in place on a terminal, every tenth of the way in a log.
#   Alone (make, make build/bin/spring-lab): a short line a step, "  CC      src/spring.c".
kind=$1 name=$2
if [ -z "${NUMLAB_PROGRESS:-}" ] || [ -z "${NUMLAB_STEPS:-}" ]; then
    printf '  %-7s %s\n' "$kind" "$name"
    exit 0
fi
# One byte a step, appended: the file's offset just after this shell's own append is its number (an O_APPEND write
# and its offset are one atomic step, so two parallel jobs never take the same number; the size, read after, could).
exec 3>>"$NUMLAB_PROGRESS"
printf x >&3
done=""
if [ -r /proc/$$/fdinfo/3 ]; then
    while read -r key value _; do [ "$key" = "pos:" ] && done=$value; done </proc/$$/fdinfo/3
fi
[ -n "$done" ] || done=$(wc -c <"$NUMLAB_PROGRESS")
exec 3>&-
total=$NUMLAB_STEPS
[ "$done" -le "$total" ] || total=$done  # a step make -n could not foresee (a generated dependency)
. "$(dirname "$0")/words.sh"
line=$(say count "$(say cores "${NUMLAB_JOBS:-1}")" "$done" "$total")
if [ "${NUMLAB_PROGRESS_TTY:-0}" = 1 ]; then
    printf '\r\033[K%s' "$line"
elif [ $(( done * 10 / total )) -ne $(( (done - 1) * 10 / total )) ] || [ "$done" -eq 1 ]; then
    printf '%s\n' "$line"
fi
