#!/bin/sh
# The first files a student edits speak both languages: in every exercise's student.c and exercise.h each comment
# is followed, with nothing but blanks between, by its Spanish translation, a comment that starts with "ES:" (and
# every "ES:" comment follows an English one). A translation keeps the numbers and the `code spans` of its English
# comment, counted, and has none of the English words a copy would keep. Each stub still compiles with the
# project's warnings as errors (that it fails its visible tests is tests/grader_exercises.sh's).
. tests/lib/cli.sh

# comments FILE: one line per comment, "LINE<TAB>TEXT" (TEXT on one line, the markers and the leading " * " of a
# block's lines removed), and a line "code" wherever C code stands between two comments. Strings and character
# constants are skipped, so a "/*" inside one is no comment.
comments() {
    awk '
    function emit_code() { if (!code) { print "code"; code = 1 } }
    {
        line = $0; n = length(line); i = 1
        if (state == "block") text = text " "
        while (i <= n) {
            c = substr(line, i, 1); two = substr(line, i, 2)
            if (state == "block") {
                if (two == "*/") { state = ""; i += 2; gsub(/^ +| +$/, "", text); print start "\t" text; code = 0; continue }
                if (text ~ / $/ && (c == " " || (c == "*" && substr(line, 1, i) ~ /^ *\*$/))) { i++; continue }
                text = text c; i++; continue
            }
            if (state == "string" || state == "char") {
                if (c == "\\") { i += 2; continue }
                if ((state == "string" && c == "\"") || (state == "char" && c == "\047")) state = ""
                i++; continue
            }
            if (two == "/*") { state = "block"; start = NR; text = ""; i += 2; continue }
            if (two == "//") { t = substr(line, i + 2); gsub(/^ +| +$/, "", t); print NR "\t" t; code = 0; break }
            if (c == "\"") { emit_code(); state = "string"; i++; continue }
            if (c == "\047") { emit_code(); state = "char"; i++; continue }
            if (c != " " && c != "\t") emit_code()
            i++
        }
    }' "$1"
}

# pairs FILE: the failures of FILE's comments, one a line ("FILE:LINE: why"); nothing when every pair holds.
pairs() {
    comments "$1" | awk -F '\t' -v file="$1" '
    function numbers(s,   out, m) {
        out = ""
        while (match(s, /-?[0-9]+(\.[0-9]+)?/)) { out = out " " substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) }
        return sorted(out)
    }
    function spans(s,   out) {
        out = ""
        while (match(s, /`[^`]*`/)) { out = out " " substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) }
        return sorted(out)
    }
    function sorted(s,   k, a, i, j, t, out) {
        k = split(s, a, " ")
        for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        out = ""; for (i = 1; i <= k; i++) out = out " " a[i]
        return out
    }
    function want_es(why) { if (english != "") print file ":" english_line ": " why; english = "" }
    $1 == "code" { want_es("a comment with no \"ES:\" comment right after it"); next }
    {
        if ($2 !~ /^ES:/) { want_es("a comment with no \"ES:\" comment right after it"); english = $2; english_line = $1; next }
        if (english == "") { print file ":" $1 ": an \"ES:\" comment that follows no English comment"; next }
        es = substr($2, 4)
        if (es !~ /[^ ]/) print file ":" $1 ": an empty \"ES:\" comment"
        if (numbers(english) != numbers(es))
            print file ":" $1 ": the numbers differ from line " english_line "'"'"'s:" numbers(english) " /" numbers(es)
        if (spans(english) != spans(es))
            print file ":" $1 ": the code spans differ from line " english_line "'"'"'s:" spans(english) " /" spans(es)
        lower = tolower(es); gsub(/`[^`]*`/, "", lower)
        if (match(" " lower " ", /[^a-z_](the|and|of|with|is|are|from|to|then|returns)[^a-z_]/))
            print file ":" $1 ": English left in the translation: \"" substr(" " lower " ", RSTART + 1, RLENGTH - 2) "\""
        english = ""
    }
    END { want_es("a comment with no \"ES:\" comment right after it") }'
}

n=0
for dir in exercises/*/; do
    [ -f "$dir/exercise.h" ] || continue
    n=$((n + 1))
    for f in "$dir/student.c" "$dir/exercise.h"; do
        [ -f "$f" ] || { fail "$dir: no $(basename "$f")"; continue; }
        comments "$f" | grep -q '	ES:' || { fail "$f: no Spanish comment"; continue; }
        problems=$(pairs "$f")
        [ -z "$problems" ] && pass || fail "$problems"
    done
    cc -std=c17 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I "$dir" "$dir/student.c" 2>"$TMP/cc.err" && pass ||
        fail "$dir/student.c does not compile: $(head -n 5 "$TMP/cc.err")"
done
[ "$n" -ge 11 ] && pass || fail "only $n exercises"

# The check finds what it is for, in a copy: a comment whose translation went missing, an orphan translation, a
# translation that lost a number, one that kept English words, and a "/*" inside a string (no comment at all).
printf '%s\n' '/* One step: x += dt v. */' '/* ES: Un paso: x += dt v. */' 'int f(void);' >"$TMP/good.c"
printf '%s\n' '/* One step: x += dt v. */' 'int f(void);' '/* ES: Un paso: x += dt v. */' >"$TMP/missing.c"
printf '%s\n' '/* One step: x += 2 dt v. */' '/* ES: Un paso: x += dt v. */' >"$TMP/number.c"
printf '%s\n' '/* One step of the spring. */' '/* ES: One step of the resorte. */' >"$TMP/copied.c"
printf '%s\n' 'const char *s = "/* not a comment */";  // a line comment' '// ES: un comentario de línea' >"$TMP/string.c"
expect_eq "a good pair" "$(pairs "$TMP/good.c")" ""
expect_eq "a quoted /* and a // pair" "$(pairs "$TMP/string.c")" ""
pairs "$TMP/missing.c" >"$TMP/found"
grep -q "missing.c:1: a comment with no \"ES:\" comment right after it" "$TMP/found" && pass ||
    fail "a missing translation not found: $(cat "$TMP/found")"
grep -q "missing.c:3: an \"ES:\" comment that follows no English comment" "$TMP/found" && pass ||
    fail "an orphan translation not found: $(cat "$TMP/found")"
pairs "$TMP/number.c" | grep -q "number.c:2: the numbers differ" && pass || fail "a lost number not found"
pairs "$TMP/copied.c" | grep -q "copied.c:2: English left in the translation: \"of\"" && pass ||
    fail "a copied comment not found: $(pairs "$TMP/copied.c")"
finish
