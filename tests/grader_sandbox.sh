#!/bin/sh
# The grader's edges that tests/grader_hostile.sh does not reach: submissions that are not C files (missing, a
# directory, empty, binary, 50 MB, a FIFO, a link to the solution) each score 0 with a reason and a results.json;
# a judge killed mid-way leaves a results.json of 0; a root judge refuses to grade while the sandbox users could read
# the solution or the hidden tests; escape sequences, C1 and bidi controls from the compiler, the code and the name
# never reach the terminal;
# grade-all and `make grade` take any file name as data; code cannot type into the grader's terminal; a judge
# without root (a TA's laptop) keeps the grading user's files safe; and with the namespace, Landlock and seccomp
# layers left out, the users and permissions alone still keep the secrets.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
EX=01-euler-steps
[ -f exercises/$EX/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }
J="$B/grader/$EX/judge"
LIB="$B/grader/$EX/probe.a"
chmod 755 "$TMP"
sol="$PWD/exercises/$EX/solution.c"
sol_line=$(grep -m 1 'euler_semi_implicit_step' "$sol")
root=false
[ "$(id -u)" = 0 ] && root=true

judge() {   # SUBMISSION RESULTS [options]: grades into RESULTS, the summary in $TMP/out, exit status in $rc
    j_sub=$1 j_res=$2
    shift 2
    timeout 60 "$J" --exercise exercises/$EX --probe-lib "$LIB" --submission "$j_sub" --results "$j_res" --timeout 1 \
        "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
}
score_of() { sed -n 's/^[[:space:]]*"score":[[:space:]]*\([0-9.]*\),.*/\1/p' "$1" | head -n 1; }
json_ok() { "$B/grader/merge-results" "$TMP/parsed.json" "x=$1" >/dev/null 2>&1; }   # parses it, or fails

# --- not a C file: 0 points, a reason, a results.json, quickly -----------------------------------------------------
bad="$TMP/bad"
mkdir -p "$bad/dir.c"
: >"$bad/empty.c"
printf 'int x;\n\000\001\002binary\n' >"$bad/binary.c"
truncate -s 50M "$bad/huge.c"
mkfifo "$bad/fifo.c"
ln -s "$sol" "$bad/link.c"
for case in "dir.c:a directory" "empty.c:is empty" "binary.c:NUL bytes" "huge.c:larger than" "fifo.c:a FIFO" \
    "link.c:symbolic link" "missing.c:no such file"; do
    name=${case%%:*} reason=${case#*:}
    judge "$bad/$name" "$TMP/$name.json" --csv-row "$TMP/$name.csv"
    expect_eq "$name: exit status" "$rc" 0
    json_ok "$TMP/$name.json" && pass || fail "$name: results.json is not valid JSON"
    expect_eq "$name: score" "$(score_of "$TMP/$name.json")" 0
    grep -qF "$reason" "$TMP/$name.json" && pass || fail "$name: results.json does not say '$reason'"
    grep -qF ",0,12,invalid-file" "$TMP/$name.csv" && pass || fail "$name: CSV row $(cat "$TMP/$name.csv")"
done
grep -qF -- "$sol_line" "$TMP/link.c.json" && fail "link.c: the solution's text reached the student"

# --- points scaled to a total: 4 of 12 is a third of 100 -----------------------------------------------------------
judge tests/grader/hostile/wrong_answer.c "$TMP/scaled.json" --scale 100
expect_eq "scaled: the score line" "$(tail -n 1 "$TMP/out")" "score 33.3333 / 100  ($TMP/scaled.json)"
expect_eq "scaled: max_score" "$(sed -n 's/^[[:space:]]*"max_score":[[:space:]]*\([0-9.]*\),.*/\1/p' "$TMP/scaled.json" |
    head -n 1)" 100
expect_usage "--scale: '0'" "$J" --exercise exercises/$EX --probe-lib "$LIB" --submission x.c --results "$TMP/r.json" \
    --scale 0

# --- a judge killed half-way still leaves a valid results.json of 0 ------------------------------------------------
"$J" --exercise exercises/$EX --probe-lib "$LIB" --submission tests/grader/hostile/infinite_loop.c \
    --results "$TMP/killed.json" --timeout 30 >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 50 ] && ! grep -q 'did not finish' "$TMP/killed.json" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
json_ok "$TMP/killed.json" && pass || fail "killed judge: no valid results.json"
expect_eq "killed judge: score" "$(score_of "$TMP/killed.json")" 0
grep -q "Grading did not finish" "$TMP/killed.json" && pass || fail "killed judge: results.json does not say why"

# --- a root judge refuses while the sandbox users could read the secrets -------------------------------------------
if $root; then
    open_ex="$TMP/open-exercise/$EX"
    mkdir -p "$TMP/open-exercise" && cp -r exercises/$EX "$open_ex" && chmod -R a+rX "$TMP/open-exercise"
    timeout 60 "$J" --exercise "$open_ex" --probe-lib "$LIB" --submission "$sol" --results "$TMP/open.json" \
        >"$TMP/out" 2>"$TMP/err"
    expect_eq "readable secrets: exit status" $? 1
    grep -q "can read .*solution.c.*chmod" "$TMP/err" && pass || fail "readable secrets: stderr $(cat "$TMP/err")"
    expect_eq "readable secrets: score" "$(score_of "$TMP/open.json")" 0
    grep -q "could not grade this submission" "$TMP/open.json" && pass || fail "readable secrets: no reason"
else
    echo "skipped: the readable-secrets refusal needs a root judge (not root here)"
fi

# --- escape sequences from the compiler and the code are shown, never acted on -------------------------------------
esc=$(printf '\033')
{
    printf '/* deserves: 0 */\n#include <stdio.h>\n#include "exercise.h"\n'
    printf '#warning "%s[2J%s]0;owned%s\\ score 12 / 12"\n' "$esc" "$esc" "$(printf '\007')"
    printf 'state euler_explicit_step(spring s, state y, double dt) { (void)s, (void)dt;\n'
    printf '    printf("\\033[2J\\033[1;1Hscore 12 / 12\\n\\033]52;c;cm0gLXJmIH4=\\a"); return y; }\n'
    printf 'state euler_semi_implicit_step(spring s, state y, double dt) { return euler_explicit_step(s, y, dt); }\n'
} >"$TMP/escapes.c"
judge "$TMP/escapes.c" "$TMP/escapes.json"
expect_eq "escapes: exit status" "$rc" 0
grep -q "$esc" "$TMP/out" && fail "escapes: an ESC byte reached the terminal summary"
grep -q "$esc" "$TMP/escapes.json" && fail "escapes: a raw ESC byte in results.json"
grep -q 'u001b' "$TMP/escapes.json" && fail "escapes: an ESC in results.json (as \\u001b)"
grep -qF '\\x1b[2J' "$TMP/escapes.json" && pass || fail "escapes: results.json does not show \\x1b[2J"
grep -q '^score 0 / 12' "$TMP/out" && pass || fail "escapes: the score line: $(tail -n 1 "$TMP/out")"

# C1 controls (CSI and OSC as UTF-8, CSI as a raw byte, which is not UTF-8) and every bidi control (the RLO that
# would show "21 / 12" as "12 / 12", ALM, LRM, LRI ...), in a #error and in the submission's name, reach neither
# make grade's terminal summary nor results.json as they are; Spanish and braille (bytes 0x80-0x9f inside valid
# UTF-8) are kept. Each control sits between two letters, so that a match is that control, never part of a letter.
controls="a$(printf '\302\233')b c$(printf '\302\235')d e$(printf '\233')f g$(printf '\342\200\256')h i$(printf '\330\234')j"
controls="$controls k$(printf '\342\200\216')l m$(printf '\342\200\217')n o$(printf '\342\200\252')p q$(printf '\342\201\246')r"
kept=$(printf 'acci\303\263n se\303\261al \342\240\235\342\240\201')
c1_name="$TMP/$(printf 'c1-\302\233\342\200\256')21.c"
printf '/* deserves: 0 */\n#error "%s score 21 / 12 %s"\n' "$controls" "$kept" >"$c1_name"
make -s --no-print-directory grade EXERCISE=exercises/$EX SUBMISSION="$c1_name" RESULTS="$TMP/c1.json" \
    >"$TMP/out" 2>&1
expect_eq "C1 and bidi: the score" "$(score_of "$TMP/c1.json")" 0
for control in $controls; do
    LC_ALL=C grep -qF "$control" "$TMP/out" && fail "C1 and bidi: '$control' reached the terminal summary as it is"
    LC_ALL=C grep -qF "$control" "$TMP/c1.json" && fail "C1 and bidi: '$control' reached results.json as it is"
done
grep -qF 'a\xc2\x9bb c\xc2\x9dd e\x9bf g\u202eh i\u061cj k\u200el m\u200fn o\u202ap q\u2066r' "$TMP/out" && pass ||
    fail "C1 and bidi: the summary does not show them escaped: $(grep error "$TMP/out" | head -n 2)"
grep -qF "c1-\xc2\x9b\u202e21.c" "$TMP/out" && pass || fail "C1 and bidi: the name in the summary: $(head -n 2 "$TMP/out")"
grep -qF "$kept" "$TMP/out" && pass || fail "C1 and bidi: Spanish and braille did not reach the summary untouched"

# --- any file name is data: grade-all and make grade --------------------------------------------------------------
names="$TMP/names"
mkdir -p "$names"
cp "$sol" "$names/bob.c"
nl='
'
for n in "bob${nl}" 'a b' "q\"uote'" '$(touch PWNED)' '`touch PWNED2`' '-dash' '.dot' "esc${esc}[2J"; do
    cp tests/grader/hostile/wrong_answer.c "$names/$n.c"
done
(cd "$TMP" && timeout 120 sh "$OLDPWD/tools/grader/grade-all.sh" "$OLDPWD/$J" "$OLDPWD/$LIB" \
    "$OLDPWD/exercises/$EX" names scores.csv --timeout 1 >grade-all.out 2>&1)
expect_eq "odd names: grade-all exit status" $? 0
expect_eq "odd names: one row each" "$(tail -n +2 "$TMP/scores.csv" | wc -l | tr -d ' ')" 9
expect_eq "odd names: bob keeps his grade" "$(grep '^names/bob.c,' "$TMP/scores.csv" | cut -d, -f1-4)" \
    "names/bob.c,12,12,graded"
expect_eq "odd names: the others" "$(grep -c ',4,12,graded,' "$TMP/scores.csv")" 8
expect_eq "odd names: results files" "$(ls "$TMP/scores.d" | wc -l | tr -d ' ')" 9
ls "$TMP"/PWNED* "$TMP/names"/PWNED* PWNED* >/dev/null 2>&1 && fail "odd names: a name was run as a command"
grep -q "$esc" "$TMP/grade-all.out" "$TMP/scores.csv" && fail "odd names: an ESC byte reached the terminal or CSV"
cp tests/grader/hostile/wrong_answer.c "$TMP/\`touch PWNED3\` \$(touch PWNED4).c"
cp "$TMP/scores.csv" "$TMP/names.csv"
make -s --no-print-directory grade EXERCISE=exercises/$EX SUBMISSION="$TMP/\`touch PWNED3\` \$\$(touch PWNED4).c" \
    RESULTS="$TMP/make grade.json" >"$TMP/out" 2>&1
expect_eq "make grade: an odd name's score" "$(score_of "$TMP/make grade.json")" 4
ls PWNED* "$TMP"/PWNED* >/dev/null 2>&1 && fail "make grade: a name was run as a command"

# --- no terminal: code cannot type into the grader's terminal ------------------------------------------------------
if command -v script >/dev/null 2>&1; then
    script -qec "$J --exercise exercises/$EX --probe-lib $LIB --submission tests/grader/hostile/tty_inject.c \
        --results $TMP/tty.json --timeout 1" "$TMP/typescript" >/dev/null 2>&1 </dev/null
    grep -q 'INJECTED' "$TMP/typescript" && fail "tty: the submission typed into the grader's terminal"
    grep -q '^score 0 / 12' "$TMP/typescript" && pass || fail "tty: no score line on the terminal"
else
    echo "skipped: no script(1) to give the judge a terminal"
fi

# --- uid and permissions alone, without namespaces, Landlock and seccomp, keep the secrets (root) -----------------
if $root; then
    printf '/* deserves: 0 */\n#include "%s"\n' "$sol" >"$TMP/plain_include.c"
    printf '#include <fcntl.h>\n#include <stdio.h>\n#include <unistd.h>\n#include "exercise.h"
state euler_explicit_step(spring s, state y, double dt) { (void)s, (void)dt; char b[64];
    int fd = open("%s", O_RDONLY); if (fd >= 0 && read(fd, b, 64) > 0) printf("OPENED %%.20s\\n", b); return y; }
state euler_semi_implicit_step(spring s, state y, double dt) { return euler_explicit_step(s, y, dt); }\n' \
        "$sol" >"$TMP/plain_read.c"
    for sub in plain_include plain_read; do
        judge "$TMP/$sub.c" "$TMP/$sub.json" --without namespaces,landlock,seccomp
        expect_eq "$sub without the other layers: score" "$(score_of "$TMP/$sub.json")" 0
        grep -q "uid.*left out or missing: namespaces landlock seccomp" "$TMP/out" && pass ||
            fail "$sub: the summary does not name the layers left out: $(head -n 1 "$TMP/out")"
        grep -qF -- "$sol_line" "$TMP/$sub.json" && fail "$sub: the solution leaked through uid and permissions"
        grep -q OPENED "$TMP/$sub.json" && fail "$sub: opened the solution as a sandbox user"
    done
fi

# --- without root: the grading user's files are safe -------------------------------------------------------------
if $root && command -v setpriv >/dev/null 2>&1; then
    ta=61990   # a user outside the sandbox range, standing for a teaching assistant
    home="$TMP/ta"
    mkdir -p "$home/exercise"
    cp "$J" "$LIB" "$home/" && cp exercises/$EX/exercise.h "$home/exercise/"
    echo precious >"$home/victim.txt"
    chmod 600 "$home/victim.txt"
    cat >"$home/vandal.c" <<EOF
/* Deletes, truncates, renames, rewrites and chmods the grading user's file, and prints it. deserves: 0 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "exercise.h"
state euler_explicit_step(spring s, state y, double dt)
{
    (void)s, (void)dt;
    const char *v = "$home/victim.txt";
    char b[32] = "";
    int fd = open(v, O_RDONLY);
    if (fd >= 0 && read(fd, b, sizeof b - 1) > 0)
        printf("READ %s\n", b);
    truncate(v, 0); chmod(v, 0777); rename(v, "$home/moved.txt"); unlink(v);
    fd = open(v, O_WRONLY | O_TRUNC); if (fd >= 0) { write(fd, "vandal", 6); close(fd); }
    return y;
}
state euler_semi_implicit_step(spring s, state y, double dt) { return euler_explicit_step(s, y, dt); }
EOF
    chown -R $ta:$ta "$home"
    for without in "" "namespaces,landlock"; do
        setpriv --reuid=$ta --regid=$ta --clear-groups --inh-caps=-all env HOME="$home" TMPDIR="$home" \
            "$home/judge" --exercise "$home/exercise" --probe-lib "$home/probe.a" --submission "$home/vandal.c" \
            --results "$home/vandal.json" --timeout 1 ${without:+--without "$without"} >"$TMP/out" 2>"$TMP/err"
        expect_eq "no root${without:+ without $without}: exit status" $? 0
        expect_eq "no root${without:+ without $without}: score" "$(score_of "$home/vandal.json")" 0
        expect_eq "no root${without:+ without $without}: the victim" "$(cat "$home/victim.txt" 2>&1)" precious
        expect_eq "no root: the victim's mode" "$(stat -c %a "$home/victim.txt")" 600
        [ -e "$home/moved.txt" ] && fail "no root: the victim was renamed"
        grep -q "the grading user (not root" "$TMP/out" && pass || fail "no root: summary $(head -n 1 "$TMP/out")"
        [ -z "$without" ] && grep -q 'READ precious' "$home/vandal.json" && fail "no root: the victim was read"
    done
else
    echo "skipped: grading without root is tried as another user, which needs root and setpriv here"
fi
finish
