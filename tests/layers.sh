#!/bin/sh
# The library's layers by more than prefix: the file loaders do not call the command line's module (cli.h: its
# rotating buffers belong to the programs' messages), figure.h holds no option-table macro (labcli.h does), no lab
# builds a stand-in labcli_lab to ask labcli_given (its check callback is given the lab), and the shell keeps no
# hidden state at file scope (labcli's last lab and getopt table, tui's requested step and said text: they live in
# the labcli_result, the call, the tui_app); one suffix for the private headers; no comment citing an issue.
. tests/lib/cli.sh
BUILD=${NUMLAB_BUILD:-build}

# the loaders: neither include cli.h nor, compiled, need one of its symbols
for f in src/gltf*.c src/infile.c src/net_file*.c; do
    [ -f "$f" ] || continue
    if grep -q '#include "numlab/cli.h"' "$f"; then fail "$f includes cli.h"; else pass; fi
    obj="$BUILD/obj/$(echo "$f" | sed 's/\.c$/.o/')"
    if [ -f "$obj" ]; then
        used=$(nm -u "$obj" | awk '$NF ~ /^cli_/ {print $NF}' | tr '\n' ' ')
        if [ -n "$used" ]; then fail "$obj calls $used"; else pass; fi
    fi
done

if grep -nE '^#define .*OPTIONS|LABCLI_AT\(|LABCLI_IN\(' include/numlab/figure.h; then
    fail "figure.h holds an option table's lines"
else pass; fi
grep -q '^#define LABCLI_FIGURE_OPTIONS' include/numlab/labcli.h && pass || fail "labcli.h has no LABCLI_FIGURE_OPTIONS"

# a labcli_lab is defined by a program (labs/NAME.c) only, never rebuilt inside a lab to call labcli_given
stand_in=$(grep -nE 'labcli_lab [a-z_]+ *= *\{' labs/*/*.c)
if [ -n "$stand_in" ]; then fail "a stand-in lab: $stand_in"; else pass; fi
# the check callback takes the lab first
grep -q 'int (\*check)(const struct labcli_lab \*lab, void \*opts, const labcli_result \*r);' include/numlab/labcli.h &&
    pass || fail "labcli_lab.check does not receive the lab"

# no file-scope mutable state in labcli.c and tui.c (a static function, a const table is fine); tui.c keeps only
# what is one a process: the quit signal its handler sets, whether curses holds the terminal, the atexit hook
for f in src/labcli.c src/tui.c; do
    # a const object (no pointer, or a const pointer) is a table, not state; a pointer to const is state
    state=$(grep -nE '^static +([a-z_ ]+ +)?[a-z_*]+ +\**[a-z_]+(\[[^]]*\])* *(=[^;(]*)?;' "$f" |
            grep -vE 'static const [a-z_ ]+ [a-z_]+(\[[^]]*\])* *(=|;)|\*const ' |
            grep -vE 'static volatile sig_atomic_t quit_signal;|static bool curses_active;')
    if [ -n "$state" ]; then fail "$f keeps hidden state: $state"; else pass; fi
    inner=$(grep -nE '^    +static [a-z]' "$f" | grep -v 'static const' | grep -v 'static bool registered;')
    if [ -n "$inner" ]; then fail "$f keeps hidden state in a function: $inner"; else pass; fi
done
# one private-header suffix: a header in src/ is a module's private one, NAME_internal.h
for h in src/*.h; do
    case "$h" in *_internal.h) pass;; *) fail "$h: a private header is named NAME_internal.h";; esac
done

# no comment cites an issue number: the code stands on its own (the pattern is split so this file does not match)
cited=$(grep -rniE "issue""s? #?[0-9]" src labs include tools tests Makefile 2>/dev/null | head -n 5)
if [ -n "$cited" ]; then fail "an issue cited: $cited"; else pass; fi
finish
