#!/bin/sh
# Every citation resolves inside the project. The comments of the code (src, include, labs, tests, tools,
# exercises), the docs and the Makefile's comments may name a source or doc file (*.c, *.h, *.md, *.sh) only if
# the repository has it (as given, as the end of a path, or by its name alone), and they name the source texts
# by the names docs/sources.md gives them, never "seed 000" to "seed 004" ("seed" is the random generator's), nor
# design or reference notes kept outside the repository (the patterns of the last check below). And one pi: NUMLAB_PI
# (include/numlab/common.h), never POSIX's M_PI, in the library, the labs, the tests and the tools.
. tests/lib/cli.sh

# The files the project holds (a students' copy lacks the solutions and hidden tests its docs may still name).
find . -path ./build -prune -o -path ./.git -prune -o -type f -print | sed 's|^\./||' | sort >"$TMP/files"
sed 's|.*/||' "$TMP/files" | sort -u >"$TMP/names"
students_copy=true
grep -q '^exercises/[^/]*/solution\.c$' "$TMP/files" && students_copy=false

# Names that are not files of the project, and say so where they stand: example submissions in the grading docs
# and tools, a file a test writes, the kernel's header.
examples=' alice.c bob.c 01-mine.c 01_euler.c 01a.c 01.c 02.c 09.c 09_stability.c mine.c I.c J.c N.c path/student.c 
           subs/line_hidden_tests.c landlock.h numlab/tools/deps.sh '  # the last: a Classroom template's copy

# comments FILE: "LINE<TAB>text" for the comment text of a C file (block and line comments; strings skipped).
comments() {
    awk '{
        out = ""; s = $0; i = 1; n = length(s)
        while (i <= n) {
            c = substr(s, i, 1); d = substr(s, i, 2)
            if (inc) { if (d == "*/") { inc = 0; i += 2; continue } out = out c; i++; continue }
            if (instr) { if (c == "\\") { i += 2; continue } if (c == "\"") instr = 0; i++; continue }
            if (d == "/*") { inc = 1; i += 2; continue }
            if (d == "//") { out = out substr(s, i + 2); break }
            if (c == "\"") instr = 1
            else if (c == "\047" && substr(s, i + 2, 1) == "\047") i += 2
            else if (c == "\047" && substr(s, i + 1, 1) == "\\") i += 3
            i++
        }
        instr = 0
        if (out != "") printf "%d\t%s\n", NR, out
    }' "$1"
}

# hashes FILE: "LINE<TAB>text" after a '#' that starts a shell or make comment.
hashes() {
    awk '/^#!/ { next } { i = index($0, "#"); if (i == 1 || (i > 1 && substr($0, i - 1, 1) ~ /[ \t]/))
                           printf "%d\t%s\n", NR, substr($0, i + 1) }' "$1"
}

# whole FILE: every line, numbered.
whole() {
    awk '{ printf "%d\t%s\n", NR, $0 }' "$1"
}

: >"$TMP/text"
for f in $(grep -E '^(src|include|labs|tests|tools|exercises)/.*\.[ch]$' "$TMP/files"); do
    comments "$f" | sed "s|^|$f:|" >>"$TMP/text"
done
for f in $(grep -E '^(labs|tests|tools|exercises|\.ci)/.*\.sh$|^tools/[^.]*$|^Makefile$' "$TMP/files" |
           grep -v '^tests/docs_citations\.sh$'); do  # this file names what it looks for
    hashes "$f" | sed "s|^|$f:|" >>"$TMP/text"
done
for f in $(grep -E '\.md$' "$TMP/files"); do
    whole "$f" | sed "s|^|$f:|" >>"$TMP/text"
done
[ "$(wc -l <"$TMP/text")" -gt 1000 ] && pass || fail "too little text found to check ($(wc -l <"$TMP/text") lines)"

# 1. file names. unresolved CITES: "WHERE: TOKEN" for each file a line of CITES ("WHERE<TAB>text") names that the
# project does not hold as given, as the end of a path or by its name alone (one awk: a fork a token took 90 s).
unresolved() {
    awk -v examples="$examples" -v students="$students_copy" '
        FNR == NR {  # the files: each path and each of its tails ("lib/cli.sh", "cli.sh")
            known[$0] = 1; n = split($0, part, "/"); tail = part[n]; known[tail] = 1
            for (i = n - 1; i >= 1; i--) { tail = part[i] "/" tail; known[tail] = 1 }
            next
        }
        {
            tab = index($0, "\t"); where = substr($0, 1, tab - 1); s = substr($0, tab + 1)
            while (match(s, /(^|[^A-Za-z0-9_.\/<*-])[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\.(c|h|md|sh)($|[^A-Za-z0-9_>])/)) {
                tok = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
                sub(/^[^A-Za-z0-9_.-]/, "", tok); sub(/[^A-Za-z0-9_]$/, "", tok); sub(/^\.\//, "", tok)
                if (tok ~ /[A-Z][A-Z]/ || tok ~ /\..*\..*\./) continue  # placeholders (NAME.c, FILE.h), versions
                if (index(examples, " " tok " ") || (tok in known)) continue
                if (students == "true" && (tok == "solution.c" || tok ~ /hidden\// || tok ~ /\/solution\.c$/)) continue
                print where ": " tok
            }
        }' "$TMP/files" "$1"
}
grep -E '[A-Za-z0-9_]\.(c|h|md|sh)($|[^A-Za-z0-9_])' "$TMP/text" >"$TMP/cites"
unresolved "$TMP/cites" >"$TMP/unresolved"
if [ -s "$TMP/unresolved" ]; then
    while IFS= read -r row; do fail "${row%: *}: names '${row##*: }', which is not in the project"; done <"$TMP/unresolved"
else
    pass
fi

# 2. the source texts by their names, nothing from beside the project
for pattern in '[Ss]eeds? ?0[0-9][0-9]' 'DESIGN\.md' 'REFERENCES\.md' '[Tt]he errata'; do
    if grep -E "$pattern" "$TMP/text" >"$TMP/hits"; then
        fail "'$pattern' (docs/sources.md names the source texts): $(head -n 3 "$TMP/hits" | cut -c1-160)"
    else
        pass
    fi
done

# 3. one pi: no M_PI in the code the project compiles with its own headers (the exercises have EX_PI)
if grep -nE '\bM_PI\b' $(grep -E '^(src|include|labs|tests|tools)/.*\.[ch]$' "$TMP/files" |
                         grep -v '^tests/grader/') | grep -vE '^[^:]*:[0-9]+:\s*\*|/\*.*M_PI' >"$TMP/hits"; then
    fail "M_PI (use NUMLAB_PI, include/numlab/common.h): $(head -n 3 "$TMP/hits")"
else
    pass
fi

# The check itself: a comment naming a file that is not there, or an old citation, is caught.
printf '/* see presets.c and seed 003 */\nint x;\n' >"$TMP/probe.c"
comments "$TMP/probe.c" | grep -q 'presets\.c' && pass || fail "the comment reader misses a block comment"
printf 'int y; /* "a" */ char *s = "/* not a comment */"; // tail src/nowhere.c\n' >"$TMP/probe2.c"
out=$(comments "$TMP/probe2.c")
case "$out" in *"not a comment"*) fail "the comment reader took a string for a comment" ;; *nowhere.c*) pass ;;
*) fail "the comment reader misses a line comment: '$out'" ;; esac
# ... and the names: one missing, one a path's tail, two a comma apart, a placeholder, an example
printf 'x.c:1\tsee lib/cli.sh, nowhere_a.c,nowhere_b.h and NAME.c (alice.c)\n' >"$TMP/probe-cites"
expect_eq "the unresolved names" "$(unresolved "$TMP/probe-cites" | tr '\n' ' ')" "x.c:1: nowhere_a.c x.c:1: nowhere_b.h "
finish
