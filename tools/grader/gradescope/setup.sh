#!/bin/sh
# Gradescope's setup: runs once, as root, when the autograder image is built, with this zip unpacked in
# /autograder/source. Installs what grading needs, builds the judges and the probe objects of the exercises in
# exercises.txt, then makes the hidden tests and everything built from them unreadable to the sandbox users
# (uids 61000-61511): a root judge refuses to grade otherwise.
set -eu
here=$(cd "$(dirname "$0")" && pwd)   # the unpacked zip (Gradescope: /autograder/source, also the working folder)
[ -f "$here/exercises.txt" ] && [ -d "$here/numlab" ] ||
    { echo "setup.sh: '$here' is not an unpacked numlab autograder zip (no exercises.txt, numlab/)" >&2; exit 1; }
if command -v apt-get >/dev/null 2>&1 && [ "${NUMLAB_SKIP_APT:-}" != 1 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends gcc libc6-dev make pkg-config libcjson-dev libgsl-dev >/dev/null
fi
cd "$here/numlab"
unset MAKEFLAGS MFLAGS MAKELEVEL   # the plain build run_autograder uses, whatever make this was started from
make -s --no-print-directory SANITIZE=0 BUILD=build grader
make -s --no-print-directory SANITIZE=0 BUILD=build grader-secrets
chmod -R go-rwx "$here/numlab/exercises"
echo "numlab autograder ready: $(tr '\n' ' ' <"$here/exercises.txt")"
