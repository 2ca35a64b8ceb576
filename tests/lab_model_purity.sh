#!/bin/sh
# Every lab's model (labs/NAME/model.h, labs/NAME/model*.c) is numerics only (docs/lab-map.md): it includes no
# header of the shell (tui.h, plot.h, labcli.h, figure.h, the lab's own lab.h, curses) and prints nothing (no
# printf, fprintf, puts, fputs, putchar, fputc, fwrite, perror; snprintf into a buffer is fine). Every lab has a
# model.h, and options.c, headless.c, view.c and texts.c reach the model through it.
. tests/lib/cli.sh

labs=$(ls -d labs/*/ | sed 's|/$||')
[ -n "$labs" ] || fail "no labs/*/ folder"
for lab in $labs; do
    if [ -f "$lab/model.h" ]; then pass; else fail "$lab has no model.h"; fi
    for f in "$lab"/model.h "$lab"/model*.c; do
        [ -f "$f" ] || continue
        # comments and strings out first: a comment may name a header or a function without using it
        code=$(sed -e 's|//.*||' -e 's|"[^"]*"|""|g' "$f" | awk '
            { s = $0; out = ""
              while (s != "") {
                  if (inc) { i = index(s, "*/"); if (!i) { s = ""; break } s = substr(s, i + 2); inc = 0; continue }
                  i = index(s, "/*"); if (!i) { out = out s; break }
                  out = out substr(s, 1, i - 1); s = substr(s, i + 2); inc = 1 }
              print out }')
        # the includes keep their quotes above: read them from the file itself
        bad=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^">]*/)?(tui|plot|labcli|figure|lab|curses|ncurses|ncursesw/curses)\.h[">]' "$f")
        if [ -n "$bad" ]; then fail "$f includes the shell: $bad"; else pass; fi
        prints=$(printf '%s\n' "$code" | grep -nE '(^|[^A-Za-z0-9_])(printf|fprintf|vprintf|vfprintf|dprintf|puts|fputs|putchar|fputc|putc|fwrite|perror)[[:space:]]*\(')
        if [ -n "$prints" ]; then fail "$f prints: $prints"; else pass; fi
    done
done
finish
