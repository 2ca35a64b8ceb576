#!/bin/sh
# The grader in Spanish. `make exercise` speaks the language LANGUAGE, LC_ALL, LC_MESSAGES or LANG ask for, with the
# same numbers as in English, and lists the exercises by their Spanish titles. A Gradescope package built with GRADER_LANG=es writes results.json's text in Spanish
# (each test's name is the catalogue's translation of the English one, hidden tests' from their own catalogue), and
# once the text is taken out (names, outputs) and the run's time, its results.json is byte for byte the English
# package's: scores, visibility, tags, structure. Graded alike: a right answer, a wrong one, an endless loop, one
# that does not compile, no .c file, two .c files, and an assignment of two exercises. The package carries its
# catalogues; a language without one is refused when the package is made and by the judge.
. tests/lib/cli.sh
B=${NUMLAB_BUILD:-build}
[ -f exercises/01-euler-steps/solution.c ] || { echo "skip: no solutions here (a student copy)"; exit 0; }
command -v zip >/dev/null 2>&1 && command -v unzip >/dev/null 2>&1 || { echo "skipped: no zip/unzip"; exit 0; }
command -v jq >/dev/null 2>&1 || { fail "jq not found (make deps installs it)"; finish; exit 1; }
chmod 755 "$TMP"
H=tests/grader/hostile

# --- make exercise ------------------------------------------------------------------------------------------------
make -s --no-print-directory exercise EX=01 >"$TMP/ex-en" 2>&1
grep -q '^numlab exercise 01-euler-steps: the visible tests' "$TMP/ex-en" && pass ||
    fail "make exercise in English: $(head -n 2 "$TMP/ex-en")"
for env in LANG=es_ES.UTF-8 LC_ALL=es_AR.UTF-8 LC_MESSAGES=es_ES.UTF-8 LANGUAGE=es; do
    env "$env" make -s --no-print-directory exercise EX=01 >"$TMP/ex-es" 2>&1
    grep -q '^numlab, ejercicio 01-euler-steps: las pruebas visibles' "$TMP/ex-es" && pass ||
        fail "make exercise under $env: $(head -n 2 "$TMP/ex-es")"
    grep -q '^  MAL   Euler explícito: dos pasos del resorte del artículo' "$TMP/ex-es" && pass ||
        fail "make exercise under $env: no Spanish test title: $(sed -n 4p "$TMP/ex-es")"
    grep -q 'de 5 pruebas visibles correctas' "$TMP/ex-es" && pass || fail "make exercise under $env: no summary"
    # the same numbers, in the same order: only the words changed
    grep -oE -- '-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?' "$TMP/ex-en" >"$TMP/num-en"
    grep -oE -- '-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?' "$TMP/ex-es" >"$TMP/num-es"
    cmp -s "$TMP/num-en" "$TMP/num-es" && [ -s "$TMP/num-en" ] && pass ||
        fail "make exercise under $env: other numbers than in English: $(diff "$TMP/num-en" "$TMP/num-es" | head -n 4)"
done

# the list of exercises, each by the first line of its README.es.md, and an EX that names none
LANG=es_ES.UTF-8 make -s --no-print-directory exercise >"$TMP/list" 2>&1
grep -q '^make exercise EX=NN: las pruebas visibles de exercises/NN-topic/student.c' "$TMP/list" && pass ||
    fail "make exercise's list in Spanish: $(head -n 1 "$TMP/list")"
for readme in exercises/*/README.es.md; do
    name=${readme#exercises/} name=${name%/README.es.md}
    grep -qxF "$(printf '  %-24s %s' "$name" "$(sed -n '1s/^# *//p' "$readme")")" "$TMP/list" && pass ||
        fail "make exercise's list: no Spanish title for $name"
done
expect_usage "^make exercise: EX='77' no es un ejercicio; se permite \(EX=01 ...\):$" \
    env LANG=es_ES.UTF-8 make -s --no-print-directory exercise EX=77

# Counts agree with their nouns (ngettext: gr_want_n, P_): "x tras 1 paso", "x tras 2 pasos", in both languages.
for lang in C.UTF-8 es_MX.UTF-8; do
    env -u LANGUAGE -u LC_ALL -u LC_MESSAGES LANG=$lang "$B/exercises/10-implicit-steps/check-student" \
        10-implicit-steps exercises/10-implicit-steps/student.c >"$TMP/plural" 2>&1
    if [ $lang = C.UTF-8 ]; then one='x after 1 step:' two='x after 2 steps:'; else one='x tras 1 paso:' two='x tras 2 pasos:'; fi
    grep -q "^ *$one" "$TMP/plural" && grep -q "^ *$two" "$TMP/plural" && pass ||
        fail "counted nouns under $lang: $(grep -m 2 ' 1 \| 2 ' "$TMP/plural")"
    grep -E ' 1 (steps|pasos|lines|líneas|values|valores)\b' "$TMP/plural" && fail "a plural noun after 1 under $lang"
done

# A student.c that does not compile: the compiler's messages, then make grade's sentence (report.c's msgid, the
# one results.json opens with) in the student's language
# and what to do; none of make's own "*** Error" lines between them. In a copy of the tree (the student's file is
# the copy's), so that the project's student.c stays as it is for the other tests.
mkdir "$TMP/tree" && git ls-files -co --exclude-standard | tar -cf - -T - | tar -xf - -C "$TMP/tree"
printf '#include "exercise.h"\nstate euler_explicit_step(spring s, state y, double dt) { return y }\n' \
    >"$TMP/tree/exercises/01-euler-steps/student.c"
for lang in C.UTF-8 es_MX.UTF-8; do
    # as the student types it: no make around it (MAKELEVEL, MAKEFLAGS unset), so make's own line is "make: ***"
    (cd "$TMP/tree" && env -u LANGUAGE -u LC_ALL -u LC_MESSAGES -u MAKELEVEL -u MAKEFLAGS -u MFLAGS LANG=$lang \
        make -s --no-print-directory exercise EX=01) \
        >"$TMP/nc-out" 2>"$TMP/nc-err"
    rc=$?
    [ $rc -ne 0 ] && pass || fail "a student.c that does not compile: make exercise exit 0 under $lang"
    grep -q "student.c:2:.* error: expected" "$TMP/nc-err" && pass || fail "no compiler message under $lang: $(head -n 3 "$TMP/nc-err")"
    grep -n '^make\[[0-9]*\]: \*\*\*' "$TMP/nc-err" && fail "a sub-make's error line under $lang"
    if [ $lang = C.UTF-8 ]; then
        said="The submission does not compile.
  exercises/01-euler-steps/student.c: the compiler's messages are above; fix the first one, then run make exercise again."
    else
        said="La entrega no compila.
  exercises/01-euler-steps/student.c: los mensajes del compilador están arriba; corrija el primero y vuelva a ejecutar make exercise."
    fi
    expect_eq "make exercise's sentence on a compile error under $lang" \
        "$(grep -v '^make: \*\*\*' "$TMP/nc-err" | tail -n 2)" "$said"
done

# --- Gradescope ---------------------------------------------------------------------------------------------------
# package LANG ZIP_NAME ROOT make-arguments...: the zip made, unpacked as Gradescope does, its setup run.
package() {
    lang=$1 zip=$B/gradescope/$2 root=$3
    shift 3
    expect_ok make -s --no-print-directory gradescope TIMEOUT=1 ${lang:+GRADER_LANG=$lang} "$@"
    mkdir -p "$root/source" && unzip -q "$zip" -d "$root/source" || { fail "cannot unzip $zip"; return 1; }
    NUMLAB_SKIP_APT=1 sh "$root/source/setup.sh" >"$TMP/setup.log" 2>&1 && pass ||
        { fail "setup.sh of $zip: $(tail -n 5 "$TMP/setup.log")"; return 1; }
}
# grade ROOT NAME FILE:UPLOAD_NAME...: run_autograder on those uploads, into ROOT/results-NAME/results.json; with no
# locale variable at all, as in Gradescope's container (the package's own setting is all there is).
grade() {
    root=$1 name=$2
    shift 2
    mkdir -p "$root/submission-$name"
    for pair in "$@"; do cp "${pair%%:*}" "$root/submission-$name/${pair#*:}"; done
    env -u LANG -u LC_ALL -u LC_MESSAGES -u LC_CTYPE -u LANGUAGE NUMLAB_AUTOGRADER_SOURCE="$root/source" \
        NUMLAB_AUTOGRADER_SUBMISSION="$root/submission-$name" NUMLAB_AUTOGRADER_RESULTS="$root/results-$name" \
        sh "$root/source/run_autograder" >"$TMP/$name.log" 2>&1
    expect_eq "$name: run_autograder's exit status" $? 0
}
# The English package's results.json and the Spanish one's, without their text, compared byte for byte.
strip_text() { jq -S 'del(.output, .execution_time) | .tests |= map(del(.name, .output))' "$1"; }
same_but_text() {
    json_en=$1/results-$3/results.json json_es=$2/results-$3/results.json
    strip_text "$json_en" >"$TMP/en.json" && strip_text "$json_es" >"$TMP/es.json" && [ -s "$TMP/en.json" ] ||
        { fail "$3: results.json unreadable: $(head -c 300 "$json_es")"; return; }
    cmp -s "$TMP/en.json" "$TMP/es.json" && pass || fail "$3: beyond its text: $(diff "$TMP/en.json" "$TMP/es.json" | head)"
    expect_eq "$3: as many tests" "$(jq '.tests | length' "$json_es")" "$(jq '.tests | length' "$json_en")"
}
# Each Spanish test name is the catalogue's translation of the English one (gettext, reading the package's .mo
# files: the hidden tests' catalogue first, as the judge looks). EXERCISE is the prefix of an assignment's names.
names_translated() {
    json_en=$1/results-$3/results.json json_es=$2/results-$3/results.json locale=$2/source/numlab/build
    jq -r '.tests[].name' "$json_en" >"$TMP/names-en"
    jq -r '.tests[].name' "$json_es" >"$TMP/names-es"
    i=0 bad=""
    while IFS= read -r name; do
        i=$((i + 1))
        prefix=$(printf '%s' "$name" | sed -n 's/^\(\[[^]]*\] \).*/\1/p')
        ex=$(printf '%s' "$prefix" | tr -d '[] ')
        [ -n "$ex" ] || ex=$4
        title=${name#"$prefix"}
        want=$(LC_ALL=C.UTF-8 LANGUAGE=es TEXTDOMAINDIR="$locale/grader/$ex/locale" gettext -d numlab-hidden -- "$title")
        [ "$want" = "$title" ] &&
            want=$(LC_ALL=C.UTF-8 LANGUAGE=es TEXTDOMAINDIR="$locale/share/locale" gettext -d numlab -- "$title")
        got=$(sed -n "${i}p" "$TMP/names-es")
        [ "$got" = "$prefix$want" ] && [ "$want" != "$title" ] || bad="$bad; test $i: '$got' for '$name'"
    done <"$TMP/names-en"
    [ "$i" -gt 0 ] && [ -z "$bad" ] && pass || fail "$3: names not the catalogue's translation ($i tests)$bad"
}

en="$TMP/en" es="$TMP/es"
sol1=exercises/01-euler-steps/solution.c
package "" 01-euler-steps.zip "$en" EXERCISE=exercises/01-euler-steps &&
    package es 01-euler-steps.es.zip "$es" EXERCISE=exercises/01-euler-steps || { finish; exit 1; }
unzip -l "$B/gradescope/01-euler-steps.es.zip" >"$TMP/list"
for mo in numlab/build/share/locale/es/LC_MESSAGES/numlab.mo \
    numlab/build/grader/01-euler-steps/locale/es/LC_MESSAGES/numlab-hidden.mo; do
    grep -q " $mo\$" "$TMP/list" && pass || fail "the Spanish package lacks $mo"
done
grep -q -- '--lang es' "$es/source/judge-options.txt" && pass || fail "judge-options.txt: $(cat "$es/source/judge-options.txt")"
unzip -l "$B/gradescope/01-euler-steps.zip" | grep -q '\.mo$' && fail "the English package holds a catalogue"

for root in "$en" "$es"; do
    grade "$root" correct "$sol1:student.c"
    grade "$root" wrong "$H/wrong_answer.c:my answer.c"
    grade "$root" loop "$H/infinite_loop.c:student.c"
    grade "$root" broken "$H/compile_error.c:student.c"
    grade "$root" none "README.md:answer.pdf"
    grade "$root" several "$sol1:a.c" "$sol1:b.c"
done
for name in correct wrong loop broken none several; do
    same_but_text "$en" "$es" "$name"
done
for name in correct wrong loop; do
    names_translated "$en" "$es" "$name" 01-euler-steps
done
json=$es/results-correct/results.json
expect_eq "correct: score" "$(jq .score "$json")" 12
json=$es/results-wrong/results.json
jq -r '.tests[].output' "$json" | grep -q ': da .*, se espera .*  <- mal$' && pass ||
    fail "wrong: no Spanish value lines: $(jq -r '.tests[0].output' "$json" | head -n 3)"
jq -r '.tests[].output' "$es/results-loop/results.json" | grep -q 'no terminó en 1 s (¿un bucle infinito?)' && pass ||
    fail "loop: no Spanish endless loop: $(jq -r '.tests[0].output' "$es/results-loop/results.json")"
jq -r .output "$es/results-broken/results.json" | grep -q '^La entrega no compila\.$' && pass ||
    fail "broken: $(jq -r .output "$es/results-broken/results.json" | head -n 2)"
jq -r '.tests[0].output' "$es/results-broken/results.json" | grep -q '^no se ejecutó: la entrega no compila' && pass ||
    fail "broken: a test's output: $(jq -r '.tests[0].output' "$es/results-broken/results.json")"
jq -r .output "$es/results-none/results.json" | grep -qF \
    'no se subió ningún archivo .c para 01-euler-steps (suba student.c, o un solo archivo .c).' && pass ||
    fail "none: $(jq -r .output "$es/results-none/results.json")"
jq -r .output "$es/results-several/results.json" | grep -qE \
    '^2 archivos \.c podrían ser los de 01-euler-steps: (a\.c, b\.c|b\.c, a\.c) \(suba student\.c, o un solo archivo \.c\)\.$' &&
    pass || fail "several: $(jq -r .output "$es/results-several/results.json")"
jq -r .output "$en/results-none/results.json" | grep -qF \
    'no .c file for 01-euler-steps was uploaded (upload student.c, or one .c file).' && pass ||
    fail "none, in English: $(jq -r .output "$en/results-none/results.json")"

# An assignment of two exercises: tags and prefixes as in English, each exercise's hidden words its own.
en2="$TMP/en2" es2="$TMP/es2"
if package "" 01-09.zip "$en2" EXERCISES="01 09" && package es 01-09.es.zip "$es2" EXERCISES="01 09"; then
    for root in "$en2" "$es2"; do
        grade "$root" assignment "$sol1:01.c" "exercises/09-stability-limit/student.c:09.c"
        grade "$root" missing "$sol1:01.c"
    done
    same_but_text "$en2" "$es2" assignment
    same_but_text "$en2" "$es2" missing
    names_translated "$en2" "$es2" assignment ""
    jq -r .output "$es2/results-missing/results.json" | grep -qF \
        'no se subió ningún archivo .c para 09-stability-limit (suba un archivo llamado 09-stability-limit.c o 09*.c).' &&
        pass || fail "missing: $(jq -r .output "$es2/results-missing/results.json")"
fi

# The judge's own lines in results.json are the student's to read too: the sandbox's layers when some are missing
# (here left out) and the reason it could not grade (root: a hidden test the sandbox users could read), in Spanish
# with no word of the English lines.
judge_es() {
    exdir=$1 out=$2
    shift 2
    "$B/grader/01-euler-steps/judge" --exercise "$exdir" --probe-lib "$B/grader/01-euler-steps/probe.a" \
        --submission "$sol1" --results "$out" --lang es --quiet "$@" >"$TMP/judge.log" 2>&1
}
english='sandbox|missing|left out|grading user|namespaces|a root of its own|can read|cannot|not set up'
judge_es exercises/01-euler-steps "$TMP/without.json" --without namespaces,landlock,seccomp
expect_eq "judge --lang es --without ...: score" "$(jq .score "$TMP/without.json")" 12
jq -r .output "$TMP/without.json" | grep -qE '^entorno aislado: (uids? [0-9]|el usuario que califica).*; omitidos o ausentes: espacios de nombres landlock seccomp' &&
    pass || fail "without layers: no Spanish sandbox line: $(jq -r .output "$TMP/without.json")"
jq -r .output "$TMP/without.json" | grep -qE "$english" &&
    fail "without layers: English in results.json: $(jq -r .output "$TMP/without.json")" || pass
if [ "$(id -u)" -eq 0 ]; then
    cp -r exercises/01-euler-steps "$TMP/readable-01" && chmod -R a+rX "$TMP/readable-01"
    judge_es "$TMP/readable-01" "$TMP/refused.json"
    expect_eq "a readable hidden test: the judge's exit status" $? 1
    jq -r .output "$TMP/refused.json" | grep -q 'los usuarios del entorno aislado (uid [0-9]*) pueden leer .*hidden' &&
        pass || fail "refused: no Spanish reason: $(jq -r .output "$TMP/refused.json")"
    jq -r .output "$TMP/refused.json" | grep -qE "$english" &&
        fail "refused: English in results.json: $(jq -r .output "$TMP/refused.json")" || pass
fi

# No catalogue, no package; and a judge asked for a language it has no catalogue of says so (exit 2).
expect_usage "GRADER_LANG: 'fr' has no catalogue" make -s --no-print-directory gradescope EXERCISE=01 GRADER_LANG=fr
[ ! -e "$B/gradescope/01-euler-steps.fr.zip" ] && pass || fail "a package for fr was written"
"$B/grader/01-euler-steps/judge" --exercise exercises/01-euler-steps --probe-lib "$B/grader/01-euler-steps/probe.a" \
    --results "$TMP/r.json" --submission "$sol1" --lang fr >"$TMP/out" 2>&1
rc=$?
expect_eq "judge --lang fr: exit status" $rc 2
grep -q "^judge: --lang: 'fr' has no catalogue in " "$TMP/out" && pass || fail "judge --lang fr: $(cat "$TMP/out")"
expect_usage "judge: --lang: 'es; rm' is not a language" "$B/grader/01-euler-steps/judge" --lang 'es; rm'
finish
