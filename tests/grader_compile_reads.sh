#!/bin/sh
# Files the compiler opens that the include check never lists: the assembler's .include and .incbin, #pragma GCC
# pch_preprocess and #pragma GCC dependency, an #include whose name is a macro, __has_include. Each is aimed at the
# solution, the hidden tests, /etc/shadow and a Gradescope package (which holds the hidden tests), and graded with
# every layer, then with each layer that keeps files out left out in turn: namespaces (the file is not in the
# compiler's root: "No such file"), Landlock (nothing outside the toolchain and the judge's directory), both (a root
# judge's sandbox uid alone: the files are unreadable to others). Each time: 0 points, no secret's text, no byte of
# it in the program, and the reason of the layer that stopped it. Then a judge without root (a TA's laptop) and
# without namespaces: Landlock alone keeps the grading user's own file out of the compiler's reach.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
EX=01-euler-steps
[ -f exercises/$EX/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "skipped: the sandbox uids need a root judge (not root here)"; exit 0; }
J="$B/grader/$EX/judge"
LIB="$B/grader/$EX/probe.a"
chmod 755 "$TMP"
sol="$PWD/exercises/$EX/solution.c"
hid="$PWD/exercises/$EX/hidden/tests.c"
sol_line=$(grep -m 1 'euler_semi_implicit_step' "$sol")
hid_line=$(head -n 1 "$hid")
mkdir -p "$TMP/package" && chmod 755 "$TMP/package"
sh tools/grader/gradescope.sh "$TMP/package/$EX.zip" "" $EX >/dev/null || fail "gradescope.sh did not make a package"
pkg="$TMP/package/$EX.zip"

steps='#include <stdio.h>
#include "exercise.h"
state euler_semi_implicit_step(spring s, state y, double dt) { (void)s, (void)dt; return y; }'
subs="$TMP/subs"
mkdir -p "$subs"
for target in solution hidden shadow package; do
    case $target in
    solution) path=$sol ;; hidden) path=$hid ;; shadow) path=/etc/shadow ;; package) path=$pkg ;;
    esac
    plain='state euler_explicit_step(spring s, state y, double dt) { (void)s, (void)dt; return y; }'
    printf '%s\n%s\n__asm__(".include \\"%s\\"");\n' "$steps" "$plain" "$path" >"$subs/include_$target.c"
    printf '%s\nextern const char got[], got_end[];\n__asm__(".section .rodata\\ngot: .incbin \\"%s\\"\\ngot_end:\\n.text");
state euler_explicit_step(spring s, state y, double dt)
{ (void)s, (void)dt; printf("READ %%d bytes: %%.60s\\n", (int)(got_end - got), got); return y; }\n' \
        "$steps" "$path" >"$subs/incbin_$target.c"
    printf '#pragma GCC pch_preprocess "%s"\n%s\n%s\n' "$path" "$steps" "$plain" >"$subs/pch_$target.c"
    printf '#pragma GCC dependency "%s"\n%s\n%s\n' "$path" "$steps" "$plain" >"$subs/dependency_$target.c"
    printf '#define SECRET "%s"\n#include SECRET\n%s\n%s\n' "$path" "$steps" "$plain" >"$subs/macro_$target.c"
    printf '%s\n#if __has_include("%s")\n#define SEEN "READ: it is there"\n#else\n#define SEEN "not there"\n#endif
state euler_explicit_step(spring s, state y, double dt) { (void)s, (void)dt; puts(SEEN); return y; }\n' \
        "$steps" "$path" >"$subs/has_include_$target.c"
done

for without in "" namespaces landlock namespaces,landlock; do
    layers=${without:-no layer}
    rm -rf "$TMP/scores.d"
    timeout 120 sh tools/grader/grade-all.sh "$J" "$LIB" exercises/$EX "$subs" "$TMP/scores.csv" --timeout 1 \
        ${without:+--without "$without"} >"$TMP/grade-all.out" 2>&1
    expect_eq "without $layers: grade-all" $? 0
    for f in "$subs"/*.c; do
        name=$(basename "$f" .c)
        json="$TMP/scores.d/$name.json"
        expect_eq "without $layers: $name: score" "$(grep "^$f," "$TMP/scores.csv" | cut -d, -f2)" 0
        grep -qF -- "$sol_line" "$json" && fail "without $layers: $name: the solution's text reached the student"
        grep -qF -- "$hid_line" "$json" && fail "without $layers: $name: the hidden tests' text reached the student"
        grep -q 'READ\|root:' "$json" && fail "without $layers: $name: $(grep -o 'READ[^"]\{0,80\}\|root:' "$json")"
        # the layer that stopped it says so: a file that is not in the compiler's root, or one it may not open
        case $without in
        namespaces*) reason='Permission denied' ;;
        *) reason='No such file or directory' ;;
        esac
        case $name in
        has_include_*)   # not there, or an error opening it: never its text
            grep -q 'not there\|does not compile' "$json" && pass || fail "without $layers: $name: $(head -c 300 "$json")" ;;
        incbin_*)        # the assembler names no reason: it found no file it could read
            grep -q 'file not found\|does not compile' "$json" && pass || fail "without $layers: $name: no refusal" ;;
        *) grep -q "$reason" "$json" && pass || fail "without $layers: $name: no '$reason' in $(head -c 400 "$json")" ;;
        esac
    done
done

# Without root and without namespaces, Landlock alone keeps the grading user's own file out of the compiler.
if command -v setpriv >/dev/null 2>&1; then
    ta=61991
    home="$TMP/ta"
    mkdir -p "$home/exercise"
    cp "$J" "$LIB" "$home/" && cp exercises/$EX/exercise.h "$home/exercise/"
    echo "precious private text" >"$home/private.txt"
    chmod 600 "$home/private.txt"
    sed "s|$sol|$home/private.txt|" "$subs/incbin_solution.c" >"$home/incbin.c"
    sed "s|$sol|$home/private.txt|" "$subs/include_solution.c" >"$home/include.c"
    chown -R $ta:$ta "$home"
    for sub in incbin include; do
        setpriv --reuid=$ta --regid=$ta --clear-groups --inh-caps=-all env HOME="$home" TMPDIR="$home" \
            "$home/judge" --exercise "$home/exercise" --probe-lib "$home/probe.a" --submission "$home/$sub.c" \
            --results "$home/$sub.json" --timeout 1 --without namespaces >"$TMP/out" 2>&1
        expect_eq "no root, Landlock alone: $sub: exit status" $? 0
        grep -q 'landlock [0-9]' "$TMP/out" || { echo "skipped: no Landlock here: $(head -n 1 "$TMP/out")"; break; }
        grep -q 'precious\|READ' "$home/$sub.json" && fail "no root, Landlock alone: $sub read the grading user's file"
        grep -q 'Permission denied\|file not found' "$home/$sub.json" && pass ||
            fail "no root, Landlock alone: $sub: $(head -c 300 "$home/$sub.json")"
    done
else
    echo "skipped: grading without root is tried as another user, which needs setpriv here"
fi
finish
