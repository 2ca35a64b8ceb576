#!/bin/sh
# The Spanish catalogue is whole: po/numlab.pot is what the sources' marked strings give, and po/es.po has no
# untranslated or fuzzy entry and no translation whose printf arguments differ from the English (msgfmt --check).
. tests/lib/cli.sh
command -v xgettext >/dev/null || { fail "xgettext not found (make deps installs gettext)"; finish; exit 1; }
out=$(sh tools/po.sh check "$TMP" 2>&1) && pass || fail "$out"
finish
