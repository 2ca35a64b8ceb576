# What tools/po.sh and tools/grader/po-hidden.sh share (sourced by both).

# po_check TAG PO TEMPLATE MERGED HINT: merges catalogue PO with TEMPLATE into MERGED and says its statistics;
# returns 1 (saying which, and HINT) when an entry is untranslated or fuzzy or its format arguments differ.
po_check() {
    msgmerge --quiet --add-location=file -o "$4" "$2" "$3" || exit 1
    stats=$(msgfmt --check --statistics -o /dev/null "$4" 2>&1) || { echo "$1: $2: $stats"; return 1; }
    echo "$1: $2: $stats"
    case $stats in
    *untranslated* | *fuzzy*)
        echo "$1: $2: every message needs a translation ($5):"
        msgattrib --only-fuzzy --no-wrap "$4" | grep '^msgid' | head -n 10
        msgattrib --untranslated --no-wrap "$4" | grep '^msgid' | sed 1d | head -n 10
        return 1 ;;
    esac
}
