#!/bin/sh
# The hidden tests' words: each exercises/NN-topic/hidden/LANG.po holds the titles (GR_CASE) and labels (gr_want)
# of that exercise's hidden tests, beside them, so that they stay out of the students' copy and the shared
# catalogue (po/LANG.po, which the students get) as the hidden tests do. The judge reads them as the text domain
# numlab-hidden (tools/grader/i18n.h). No template is kept: it is made from the sources each time.
#   po-hidden.sh update         each hidden/LANG.po (LANG of po/*.po) merged with its exercise's hidden strings,
#                               created when missing
#   po-hidden.sh check BUILD    fails when one has an untranslated or fuzzy entry, a translation whose format
#                               arguments differ, or lacks a string its sources hold
set -u
. "$(dirname "$0")/../po-lib.sh"
template() {   # template EXERCISE_DIR: the hidden tests' strings (the same keywords as tools/po.sh)
    # shellcheck disable=SC2046
    xgettext --from-code=UTF-8 --language=C --keyword=_ --keyword=N_ --keyword=P_:1,2 --keyword=GR_CASE:2 --keyword=gr_want:4 \
        --flag=gr_want:4:c-format --keyword=gr_want_n:5,6 --flag=gr_want_n:5:c-format --flag=gr_want_n:6:c-format \
        --add-comments=TRANSLATORS: --add-location=file --sort-by-file \
        --package-name=numlab-hidden --msgid-bugs-address="numlab issues" -o - \
        $(find "$1/hidden" -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort) | grep -v '^"POT-Creation-Date:' |
        sed 's/charset=CHARSET/charset=UTF-8/'
}
langs() { for po in po/*.po; do [ -e "$po" ] && basename "$po" .po; done; }
status=0
case ${1:-} in
update)
    for dir in exercises/*/hidden; do
        [ -d "$dir" ] || continue
        ex=${dir%/hidden}
        template "$ex" >"$dir/.pot.tmp" || exit 1
        for lang in $(langs); do
            po=$dir/$lang.po
            if [ -e "$po" ]; then
                msgmerge --quiet --update --backup=none --add-location=file "$po" "$dir/.pot.tmp" || exit 1
            else
                { printf '# The words of %s'"'"'s hidden tests (tools/grader/po-hidden.sh).\n' "${ex#exercises/}"
                  msginit --no-translator --no-wrap --locale="$lang" -i "$dir/.pot.tmp" -o - 2>/dev/null |
                      sed -e '1,/^msgid ""/{/^#/d;}' -e 's/charset=ASCII/charset=UTF-8/'; } >"$po" || exit 1
            fi
        done
        rm -f "$dir/.pot.tmp"
    done
    echo "po-hidden: exercises/*/hidden/*.po updated; translate what they now show as untranslated or fuzzy"
    ;;
check)
    build=${2:-build}
    for dir in exercises/*/hidden; do
        [ -d "$dir" ] || continue
        ex=${dir%/hidden} name=$(basename "${dir%/hidden}")
        mkdir -p "$build/po-hidden/$name"
        template "$ex" >"$build/po-hidden/$name/template.pot" || exit 1
        for lang in $(langs); do
            po=$dir/$lang.po merged=$build/po-hidden/$name/$lang.po
            [ -e "$po" ] || { echo "po-hidden: $po is missing (run: make pot)"; status=1; continue; }
            po_check po-hidden "$po" "$build/po-hidden/$name/template.pot" "$merged" "run: make pot, then translate" ||
                status=1
        done
    done
    exit $status
    ;;
*)
    echo "usage: tools/grader/po-hidden.sh update | check BUILD" >&2
    exit 2 ;;
esac
