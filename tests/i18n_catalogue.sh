#!/bin/sh
# The Spanish catalogue is whole: po/numlab.pot is what the sources' marked strings give, and po/es.po has no
# untranslated or fuzzy entry and no translation whose printf arguments differ from the English (msgfmt --check).
. tests/lib/cli.sh
command -v xgettext >/dev/null || { fail "xgettext not found (make deps installs gettext)"; finish; exit 1; }
out=$(sh tools/po.sh check "$TMP" 2>&1) && pass || fail "$out"

# The register (po/es.po's header): Latin American Spanish, so none of Spain's own words for a file, a default, a
# cost or a key press in a translation (msgstr), in the READMEs or in the hidden tests' words.
spain='fichero|por omisi[oó]n|\bcostes?\b|\b[Pp]ulse\b|\b[Pp]ulsa\b|ordenador'
# msgstrs FILE: each translation on one line (a .po wraps long strings at any space, even inside "--preset")
msgstrs() {
    awk '/^msgstr/ { if (text != "") print text; on = 1; text = ""; sub(/^msgstr(\[[0-9]\])? /, "") }
         /^(msgid|#)/ || /^$/ { if (on && text != "") print text; on = 0; text = "" }
         on { s = $0; gsub(/^"|"$/, "", s); text = text s }
         END { if (on && text != "") print text }' "$@"
}
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
# y is "and" in Spanish: the variable y (w0 dt, a coordinate) after a preposition reads as the conjunction ("con y =
# 0.8", "alrededor de y"): a translation names it ("el paso y = w0 dt", "el eje y"). A formula's y, "(1 + y^2)", reads
# as one.
hits=$(msgstrs po/es.po exercises/*/hidden/es.po | grep -nE '\b(con|en|de|e|para|a) y( *[=<>^)]| *$|,)' | head -n 3)
[ -z "$hits" ] && pass || fail "po/es.po: a variable y read as 'and': $hits"
hits=$(awk '/^msgid/ { id = $0 } /^msgstr/ && id ~ /\<gap\>/ && id !~ /pause/ { print }' po/es.po | grep -n pausa)
[ -z "$hits" ] && pass || fail "po/es.po: a gap translated as the pause key's word: $hits"
# A count beside a noun takes ngettext (P_, gr_want_n): "1 paso", "2 pasos". Every message of the template and the
# hidden catalogues that prints a count before a countable noun has a plural form, or a translator's note saying
# why its count is never 1 ("TRANSLATORS: never 1 ...": a limit of thousands, a fixed network).
counted() {
    awk 'function check() {
             if (id != "" && !plural && !never &&
                 match(id, /%(l|z|ll)?[du] (more |free |visible )?(steps?|frames?|substeps?|masses|springs?|tests?|files?|iterations?|methods?|evaluations?|submissions?|students?|samples?|modes?|keys?|rows?|lines?|bytes?|periods?|impacts?|exercises?|cases?|values?|components?|elements?)([^a-z]|$)/))
                 print FILENAME ": " id
             id = ""; plural = 0; never = 0; inid = 0 }
         /^$/ { check() }
         /^#\. .*never 1/ { never = 1 }
         /^msgid_plural/ { plural = 1; inid = 0 }
         /^msgid / { inid = 1; s = $0; sub(/^msgid /, "", s); gsub(/^"|"$/, "", s); id = s; next }
         /^msgstr/ { inid = 0 }
         inid && /^"/ { s = $0; gsub(/^"|"$/, "", s); id = id s }
         END { check() }' "$@"
}
tmpl="$TMP/po/numlab.pot"
[ -f "$tmpl" ] || tmpl=po/numlab.pot
hits=$(counted "$tmpl" exercises/*/hidden/es.po | head -n 5)
[ -z "$hits" ] && pass || fail "a count beside a noun without a plural form (P_ or gr_want_n): $hits"
finish
