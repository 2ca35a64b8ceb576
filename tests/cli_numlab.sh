#!/bin/sh
# The launcher's exercise list comes from files numlab did not write: titles and folder names with escape sequences
# are shown escaped (text.h), and a README that is a FIFO or larger than 1 MiB is passed over at once (infile.h).
. tests/lib/cli.sh
ex="$TMP/home/exercises"
mkdir -p "$ex/01-plain" "$ex/02-odd" "$ex/03-pipe" "$ex/04-huge" "$ex/$(printf '05-x\033[2Jy')"
printf '# 01: Plain, ni\303\261o\n' >"$ex/01-plain/README.md"
printf 'intro\n# 02: Odd \033]0;owned\007 title \302\233\n' >"$ex/02-odd/README.md"
mkfifo "$ex/03-pipe/README.md"
truncate -s 1048577 "$ex/04-huge/README.md"
printf '# 05: Five\n' >"$ex/$(printf '05-x\033[2Jy')/README.md"

expect_ok env NUMLAB_HOME="$TMP/home" timeout 10 "$BIN/numlab" --list
grep '^exercises/' "$TMP/out" >"$TMP/list"
printf 'exercises/01-plain\t01: Plain, ni\303\261o
exercises/02-odd\t02: Odd \\x1b]0;owned\\x07 title \\xc2\\x9b
exercises/03-pipe\texercise
exercises/04-huge\texercise
exercises/05-x\\x1b[2Jy\t05: Five
' >"$TMP/want"
cmp -s "$TMP/list" "$TMP/want" && pass || fail "numlab --list: '$(cat "$TMP/list")'"
grep -q "$(printf '[\033\007]')" "$TMP/out" && fail "numlab --list: a raw control character reached the output" || pass

# The labs' list is what the labs declare (their LABCLI_LAB lines, labcli.h): every lab built beside numlab is
# listed once, under the name its own --help gives, in the launcher's order (spring, network, keyframe, bowl).
labs=$(grep -v '^exercises/' "$TMP/out" | cut -f1 | tr '\n' ' ')
expect_eq "the labs listed" "$labs" "spring-lab network-lab keyframe-lab bowl-lab "
for p in "$BIN"/*; do
    name=$(basename "$p")
    [ "$name" = numlab ] && continue
    [ "$(grep -c "^$name	" "$TMP/out")" = 1 ] && pass || fail "$name is not listed once by numlab --list"
    "$p" --help 2>/dev/null | head -n 1 | grep -q "^usage: $name" && pass || fail "$name --help does not name $name"
done

# The generator of that list (tools/labs_list.sh) takes a summary as a plain literal or marked N_("...") for
# translation, over one line or several, and orders the labs by their number.
cat >"$TMP/labs.c" <<'EOF'
    LABCLI_LAB(2, "b-lab", N_("two: \"quoted\", marked")),
    LABCLI_LAB(1, "a-lab", "one, plain"),
    LABCLI_LAB(3, "c-lab",
               N_("three, over "
                  "two lines")),
EOF
printf '%s\n' '{"a-lab", "one, plain"},' '{"b-lab", N_("two: \"quoted\", marked")},' \
    '{"c-lab", N_("three, over " "two lines")},' >"$TMP/labs.want"
sh tools/labs_list.sh "$TMP/labs.c" >"$TMP/labs.got" && cmp -s "$TMP/labs.got" "$TMP/labs.want" && pass ||
    fail "tools/labs_list.sh: $(cat "$TMP/labs.got")"

finish
