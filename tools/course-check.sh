#!/bin/sh
# course-check: the course as deployed, played for real in a bare Debian 12 (`make course-check`; minutes, never part
# of `make check`; as root). Gradescope's image starts bare: a fresh root made by debootstrap (minbase, then gcc and
# make only) is unpacked for every run from a pristine tarball cached in BUILD/course-check/ (made once, ~1 minute).
# In it, as Gradescope does:
#   - `make gradescope`'s zip (English, then GRADER_LANG=es) unpacked to /autograder/source and its setup.sh run
#     there (it installs its own packages with apt-get from the Debian mirror); then the copy Gradescope makes,
#     /autograder/run_autograder, run from /autograder on a correct upload (the solution under another name), a wrong
#     one, a macOS zip's (mine.c beside __MACOSX/._mine.c) and a missing one; results.json read with jq: the scores,
#     the sandbox complete, and the Spanish package's text Spanish;
#   - `make prairielearn`'s image folder set up as its Dockerfile does (setup.sh in /opt/numlab-grader), then its
#     entry point run with /grade mounted as PrairieLearn mounts it, on a correct, a wrong and a missing upload;
#   - the students' tarball (`make student-dist`) unpacked, its deps installed by its own `make deps`, built by its
#     own `make`, installed by `make install PREFIX=/usr/local`, and the installed spring-lab run with the build gone
#     (in English and in Spanish: its catalogue found in the prefix).
# Every command in the root runs as a container runs it, not in a bare chroot: in mount and PID namespaces of its own,
# the root a mount point entered with pivot_root, and a /proc of its own. A chroot is not enough for the grader's
# sandbox: its jail makes "/" a private mount and pivot_roots into a root of its own, both of which the kernel refuses
# (EINVAL) when the caller's root is not a mount point, as in a chroot; the judge then grades with its namespaces
# missing (results.json says so). A container's root is a mount point; so is this one's.
#   course-check.sh BUILD        COURSE_MIRROR (http://deb.debian.org/debian), COURSE_KEEP=1 keeps the root
set -u
B=${1:-build}
. tests/lib/cli.sh
started=$(date +%s)
mirror=${COURSE_MIRROR:-http://deb.debian.org/debian}
work=$(mkdir -p "$B/course-check" && cd "$B/course-check" && pwd) || exit 1
pristine=$work/bookworm-minbase-gcc-make.tar
root=$work/root
ex=01-euler-steps
[ "$(id -u)" -eq 0 ] || { echo "course-check: needs root (debootstrap, mounts, namespaces)" >&2; exit 1; }
[ -f "exercises/$ex/solution.c" ] || { echo "course-check: needs the instructor's checkout (exercises/$ex/solution.c)" >&2
                                      exit 1; }
for tool in unshare:util-linux jq:jq zip:zip unzip:unzip git:git debootstrap:debootstrap; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || [ -x "/usr/sbin/${tool%%:*}" ] || {
        echo "course-check: installing ${tool#*:}"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${tool#*:}" >/dev/null ||
            { echo "course-check: needs ${tool#*:} (apt-get install ${tool#*:})" >&2; exit 1; }
    }
done
PATH=$PATH:/usr/sbin:/sbin

# The mounts under the root: none outside its own namespace; anything left (an interrupted older run) is unmounted
# before the root is removed, and at exit whatever happens.
unmount_all() {
    awk -v r="$root" '$2 == r || index($2, r "/") == 1 {print $2}' /proc/mounts | sort -r | while read -r m; do
        umount -l "$m" || echo "course-check: cannot unmount $m" >&2
    done
}
cleanup() {
    unmount_all
    [ "${COURSE_KEEP:-}" = 1 ] || [ "$failures" -gt 0 ] || rm -rf "$root"
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
elapsed() { echo "$(($(date +%s) - started)) s"; }
say() { echo "course-check: $* ($(elapsed))"; }

# in_root CMD...: CMD as root in the fresh root, as a container: its own mount and PID namespaces, the root a bind
# mount entered with pivot_root, /proc of that PID namespace, an empty environment but PATH and HOME.
in_root() {
    unshare --mount --pid --fork --propagation private /bin/sh -c '
        set -e
        r=$1
        shift
        mount --bind "$r" "$r"
        mount -t proc -o nosuid,nodev,noexec proc "$r/proc"
        cd "$r"
        mkdir -p .host
        pivot_root . .host
        cd /
        umount -l /.host
        rmdir /.host
        exec env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"' \
        in_root "$root" "$@"
}

# --- the root ---------------------------------------------------------------------------------------------------
if [ ! -f "$pristine" ]; then
    say "debootstrap bookworm (minbase, gcc, make) from $mirror"
    rm -rf "$work/pristine.tmp"
    debootstrap --variant=minbase --include=gcc,make bookworm "$work/pristine.tmp" "$mirror" >"$work/debootstrap.log" 2>&1 ||
        { echo "course-check: debootstrap failed: $(tail -n 3 "$work/debootstrap.log")" >&2; exit 1; }
    tar -C "$work/pristine.tmp" --numeric-owner -cf "$pristine.tmp" . && mv "$pristine.tmp" "$pristine" || exit 1
    rm -rf "$work/pristine.tmp"
fi
# fresh_root: the root unpacked anew from the pristine tarball (each engine's image starts bare)
fresh_root() {
    unmount_all
    rm -rf "$root" && mkdir -p "$root" && tar -C "$root" --numeric-owner -xf "$pristine" || exit 1
    cp /etc/resolv.conf "$root/etc/resolv.conf" || exit 1
    # As in Debian's container images: packages installed do not start services.
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" && chmod 755 "$root/usr/sbin/policy-rc.d"
}
fresh_root
say "fresh root: $(in_root sh -c '. /etc/os-release; echo "$PRETTY_NAME"'), $(in_root gcc -dumpfullversion 2>&1)," \
    "$(in_root make --version | sed -n 1p); libc6-dev: $(in_root sh -c 'dpkg -s libc6-dev >/dev/null 2>&1 && echo yes || echo no')"

# --- Gradescope -------------------------------------------------------------------------------------------------
ag=$root/autograder
# upload NAME FILE:UPLOAD_NAME...: /autograder/submission holding those files (none for a missing upload), graded by
# the copy /autograder/run_autograder run from /autograder; results.json kept as $TMP/LANG-NAME.json.
upload() {
    name=$1
    shift
    rm -rf "$ag/submission" "$ag/results" && mkdir -p "$ag/submission" "$ag/results"
    for pair in "$@"; do
        mkdir -p "$(dirname "$ag/submission/${pair#*:}")" && cp "${pair%%:*}" "$ag/submission/${pair#*:}"
    done
    in_root sh -c 'cd /autograder && ./run_autograder' >"$TMP/$lang-$name.log" 2>&1
    expect_eq "$lang $name: run_autograder's exit status" $? 0
    json=$TMP/$lang-$name.json
    cp "$ag/results/results.json" "$json" 2>/dev/null && jq -e . "$json" >/dev/null 2>&1 && pass ||
        { fail "$lang $name: no valid results.json: $(tail -n 3 "$TMP/$lang-$name.log")"; return 1; }
    echo "  $lang $name: score $(jq -r '"\(.score) of \(.max_score)"' "$json"), $(jq '.tests | length' "$json") tests"
}
# expect_jq NAME FILTER: FILTER (jq -e) holds for the last results.json.
expect_jq() { jq -e "$2" "$json" >/dev/null 2>&1 && pass || fail "$1: $2 does not hold: $(jq -c '{score, output}' "$json")"; }

printf '\0\5\26\7\0\2\0\0Mac OS X        \0\2\0\0\0\11\0\0\0\62' >"$TMP/appledouble"   # a ._ file's header
for lang in en es; do
    zip=$B/gradescope/$ex$([ "$lang" = en ] || echo ".$lang").zip
    make -s --no-print-directory gradescope EXERCISE="exercises/$ex" $([ "$lang" = en ] || echo "GRADER_LANG=$lang") \
        >"$TMP/zip.log" 2>&1 || { fail "make gradescope ($lang): $(tail -n 3 "$TMP/zip.log")"; continue; }
    rm -rf "$ag" && mkdir -p "$ag/source" && unzip -q "$zip" -d "$ag/source" || { fail "cannot unzip $zip"; continue; }
    in_root sh -c 'cd /autograder/source && bash ./setup.sh' >"$TMP/setup-$lang.log" 2>&1 && pass ||
        { fail "setup.sh ($lang): $(grep -m 3 'error' "$TMP/setup-$lang.log"; tail -n 3 "$TMP/setup-$lang.log")"; continue; }
    say "$lang: setup.sh: $(tail -n 1 "$TMP/setup-$lang.log")"
    cp "$ag/source/run_autograder" "$ag/run_autograder"   # the copy Gradescope runs

    upload correct "exercises/$ex/solution.c:euler (final).c"
    expect_jq "$lang correct: full marks" '.score == 12 and .max_score == 12'
    expect_jq "$lang correct: the sandbox complete" '[.output, .tests[].output] | all(test("missing|faltan") | not)'
    upload wrong "tests/grader/hostile/wrong_answer.c:mine.c"
    expect_jq "$lang wrong: its score (the semi-implicit cases only)" '.score == 4 and .max_score == 12'
    upload macos "exercises/$ex/solution.c:mine.c" "$TMP/appledouble:__MACOSX/._mine.c"
    expect_jq "$lang macOS zip: full marks (the ._ copy is not a submission)" '.score == 12'
    upload missing "README.md:answer.pdf"
    expect_jq "$lang missing: 0 of 12" '.score == 0 and .max_score == 12'
    if [ "$lang" = en ]; then
        expect_jq "en missing: says what to upload" '.output | test("no .c file for 01-euler-steps was uploaded")'
        json=$TMP/en-correct.json   # the words the Spanish package must not show, shown by the English one
        expect_jq "en correct: its outputs in English" '[.tests[].output] | any(test("\\bgot\\b.*\\bwant\\b"))'
    else
        expect_jq "es missing: says what to upload, in Spanish" '.output | test("no se subió|ningún archivo .c")'
        # Every test's name differs from the English package's (translated), and the outputs that are words are too.
        jq -n --slurpfile en "$TMP/en-correct.json" --slurpfile es "$TMP/es-correct.json" -e \
            '[range($en[0].tests | length) as $i | $en[0].tests[$i].name != $es[0].tests[$i].name] | all' \
            >/dev/null && pass || fail "es correct: some test names are the English ones"
        for json in "$TMP"/es-correct.json "$TMP"/es-wrong.json "$TMP"/es-missing.json; do
            expect_jq "es $(basename "$json" .json): no English word a student reads" '[.output, .tests[].output,
                .tests[].name] | all(test("\\b(missing|uploaded|upload|got|want|tolerance|passed|failed|sandbox)\\b") | not)'
        done
    fi
done

# --- PrairieLearn -------------------------------------------------------------------------------------------------
# make prairielearn's image folder in a fresh root as its Dockerfile builds it (COPY . /opt/numlab-grader, RUN
# setup.sh: its packages from the mirror), then the entry point run with /grade laid out as PrairieLearn mounts it:
# student/ (the upload), tests/ (the question's), results/ made by the grader.
fresh_root
make -s --no-print-directory prairielearn EXERCISES="01" PL_IMAGE=course-check/numlab-grader >"$TMP/pl.log" 2>&1 ||
    fail "make prairielearn: $(tail -n 3 "$TMP/pl.log")"
mkdir -p "$root/opt" && cp -r "$B/prairielearn/image" "$root/opt/numlab-grader" || fail "no $B/prairielearn/image"
in_root sh -c 'sh /opt/numlab-grader/setup.sh && chmod 755 /opt/numlab-grader/run' >"$TMP/pl-setup.log" 2>&1 && pass ||
    fail "the image's setup.sh: $(grep -m 3 'error' "$TMP/pl-setup.log"; tail -n 3 "$TMP/pl-setup.log")"
say "PrairieLearn: the image's steps: $(tail -n 1 "$TMP/pl-setup.log")"
# pl NAME FILE: FILE uploaded as student.c (none for -), graded; its results.json as $TMP/pl-NAME.json
pl() {
    rm -rf "$root/grade" && mkdir -p "$root/grade/student" "$root/grade/tests" &&
        cp "$B/prairielearn/questions/numlab-$ex/tests/exercise.txt" "$root/grade/tests/" || return 1
    [ "$2" = - ] || cp "$2" "$root/grade/student/student.c"
    in_root /opt/numlab-grader/run >"$TMP/pl-$1.log" 2>&1
    expect_eq "PrairieLearn $1: the entry point's exit status" $? 0
    json=$TMP/pl-$1.json
    cp "$root/grade/results/results.json" "$json" 2>/dev/null && jq -e . "$json" >/dev/null 2>&1 && pass ||
        { fail "PrairieLearn $1: no valid results.json: $(tail -n 3 "$TMP/pl-$1.log")"; return 1; }
    echo "  PrairieLearn $1: score $(jq -r .score "$json"), $(jq '.tests | length' "$json") tests"
}
pl correct "exercises/$ex/solution.c"
expect_jq "PrairieLearn correct: score 1, gradable" '.score == 1 and .gradable == true'
expect_jq "PrairieLearn correct: the sandbox complete" '.output | test("missing") | not'
pl wrong tests/grader/hostile/wrong_answer.c
expect_jq "PrairieLearn wrong: 4 of 12, as on Gradescope" '(.score - 4 / 12 | fabs) < 1e-12'
pl missing -
expect_jq "PrairieLearn missing: 0" '.score == 0'

# --- the students' tarball, and an installed prefix ---------------------------------------------------------------
make -s --no-print-directory student-dist >"$TMP/dist.log" 2>&1 || fail "make student-dist: $(tail -n 3 "$TMP/dist.log")"
cp "$B/numlab-student.tar.gz" "$root/root/" || fail "no $B/numlab-student.tar.gz"
in_root sh -c 'cd /root && tar -xzf numlab-student.tar.gz && cd numlab-student && make deps' >"$TMP/deps.log" 2>&1 &&
    pass || fail "the students' make deps: $(tail -n 3 "$TMP/deps.log")"
say "student tarball: make deps: $(grep -m 1 '^deps:' "$TMP/deps.log" | cut -c 1-100)..."
in_root sh -c 'cd /root/numlab-student && make -j2' >"$TMP/make.log" 2>&1 && pass ||
    fail "the students' make: $(grep -m 3 'error' "$TMP/make.log"; tail -n 3 "$TMP/make.log")"
in_root sh -c 'cd /root/numlab-student && make install PREFIX=/usr/local' >"$TMP/install.log" 2>&1 && pass ||
    fail "make install PREFIX=/usr/local: $(tail -n 3 "$TMP/install.log")"
rm -rf "$root/root/numlab-student"   # the installed programs stand on their own
in_root sh -c 'cd / && spring-lab --csv --method explicit --k 1600 --c 0 --x0 1 --target 0 --dt 0.02 --steps 40 |
    tail -n 1' >"$TMP/installed.out" 2>&1
# The README's example: explicit Euler's 40th step of the spring article's spring (README.md, "spring-lab").
expect_eq "installed spring-lab --csv | tail -1" "$(cat "$TMP/installed.out")" \
    "explicit,40,0.80000000000000004,-5590.5435252668503,-760177.18219540536,313938015691.5957"
# The installed catalogue found from the prefix: a refusal in Spanish (spring-lab's range of --k), exit status 2.
in_root env LANG=es_ES.UTF-8 spring-lab --csv --k -1 >"$TMP/installed-es.out" 2>&1
expect_eq "installed spring-lab in Spanish: exit status" $? 2
expect_eq "installed spring-lab in Spanish" "$(cat "$TMP/installed-es.out")" \
    "spring-lab: --k: '-1' está fuera de rango (se admite: un número de 1e-12 a 1e+12)"
say "student tarball: built, installed, spring-lab run from /usr/local/bin"

echo "course-check: $checks checks passed, $failures failed, in $(elapsed)"
[ "$failures" -eq 0 ]
