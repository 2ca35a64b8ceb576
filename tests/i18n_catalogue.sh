#!/bin/sh
# The Spanish catalogue is whole: po/numlab.pot is what the sources' marked strings give, and po/es.po has no
# untranslated or fuzzy entry and no translation whose printf arguments differ from the English (msgfmt --check).
. tests/lib/cli.sh
command -v xgettext >/dev/null || { fail "xgettext not found (make deps installs gettext)"; finish; exit 1; }
out=$(sh tools/po.sh check "$TMP" 2>&1) && pass || fail "$out"

# The register (po/es.po's header): Latin American Spanish, so none of Spain's own words for a file, a default, a
# cost or a key press in a translation (msgstr), in the READMEs or in the hidden tests' words.
spain='fichero|por omisi[oó]n|\bcostes?\b|\b[Pp]ulse\b|\b[Pp]ulsa\b|ordenador'
msgstrs() { awk '/^msgstr/ { on = 1 } /^(msgid|#)/ || /^$/ { on = 0 } on' "$@"; }
for f in po/es.po exercises/*/hidden/es.po; do
    hits=$(msgstrs "$f" | grep -niE "$spain" | head -n 3)
    [ -z "$hits" ] && pass || fail "$f: Spain-only words in a translation: $hits"
done
# The glossary's words (po/es.po's header) hold: no English noun left in a translation (the option names, --preset,
# stay), and one word for a thing: bola for the ball (never pelota), salto for the gap (pausa is the key's).
english='(^|[^-])\b[Pp]resets?\b|cubic spline|\bsandbox\b|missing here'
other='\b[Pp]elotas?\b'
for f in README.es.md exercises/*/README.es.md; do
    hits=$(grep -niE "$spain|$other" "$f" | head -n 3)
    [ -z "$hits" ] && pass || fail "$f: Spain-only or off-glossary words: $hits"
done
hits=$(msgstrs po/es.po | grep -nE "$english|$other" | head -n 3)
[ -z "$hits" ] && pass || fail "po/es.po: English or off-glossary words in a translation: $hits"
hits=$(awk '/^msgid/ { id = $0 } /^msgstr/ && id ~ /\<gap\>/ && id !~ /pause/ { print }' po/es.po | grep -n pausa)
[ -z "$hits" ] && pass || fail "po/es.po: a gap translated as the pause key's word: $hits"
finish
