#!/bin/sh
# The message catalogues (GNU gettext).
#   tools/po.sh update        po/numlab.pot from every marked string in the sources; each po/LANG.po merged with it
#   tools/po.sh check BUILD   fails when po/numlab.pot is not what the sources give, or when a catalogue has an
#                             untranslated or fuzzy entry, or a translation whose format arguments differ
set -u
. "$(dirname "$0")/po-lib.sh"
# The exercises' visible tests too (their titles and labels: GR_CASE, gr_want); never a solution or a hidden test,
# whose words go to exercises/NN-topic/hidden/LANG.po (tools/grader/po-hidden.sh), out of the students' copy.
sources() {
    { find src labs tools include -type f \( -name '*.c' -o -name '*.h' \)
      find exercises -path '*/hidden' -prune -o -type f \( -name '*.h' -o -name 'tests.c' \) -print; } | LC_ALL=C sort
}
# xgettext's keywords are the macros of include/numlab/lang.h; locations by file only, so that moving a line does
# not change the template. The header's creation date is the one line that changes on every run: left out.
template() {
    # shellcheck disable=SC2046
    xgettext --from-code=UTF-8 --language=C --keyword=_ --keyword=N_ --keyword=P_:1,2 --keyword=GR_CASE:2 \
        --keyword=gr_want:4 --flag=gr_want:4:c-format --keyword=gr_want_n:5,6 \
        --flag=gr_want_n:5:c-format --flag=gr_want_n:6:c-format \
        --add-comments=TRANSLATORS: --add-location=file --sort-by-file --package-name=numlab \
        --msgid-bugs-address="numlab issues" -o - $(sources) | grep -v '^"POT-Creation-Date:'
}
case ${1:-} in
update)
    template >po/numlab.pot.tmp && mv po/numlab.pot.tmp po/numlab.pot || exit 1
    for po in po/*.po; do
        [ -e "$po" ] || continue
        msgmerge --quiet --update --backup=none --add-location=file "$po" po/numlab.pot || exit 1
    done
    echo "po: po/numlab.pot updated; translate what po/*.po now show as untranslated or fuzzy"
    ;;
check)
    build=${2:-build}
    mkdir -p "$build/po"
    template >"$build/po/numlab.pot" || exit 1
    status=0
    if ! diff -u po/numlab.pot "$build/po/numlab.pot" >"$build/po/pot.diff"; then
        echo "po: po/numlab.pot is not what the sources give (run: make pot, then translate):"
        head -n 30 "$build/po/pot.diff"
        status=1
    fi
    for po in po/*.po; do
        [ -e "$po" ] || continue
        merged="$build/po/$(basename "$po")"
        po_check po "$po" "$build/po/numlab.pot" "$merged" "entries marked fuzzy need checking" || status=1
    done
    exit $status
    ;;
*)
    echo "usage: tools/po.sh update | check BUILD" >&2
    exit 2 ;;
esac
