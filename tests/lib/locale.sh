# A comma-decimal locale for the tests (source after tests/lib/cli.sh): de_DE.UTF-8 compiled by localedef into
# $TMP/locale (no root needed; the sources come with Debian's `locales` package, which make deps installs), or the
# system's own when it has one. Sets COMMA (env assignments that select it). When none can be had, the test is
# skipped, saying why.
comma_locale() {
    COMMA=""
    if localedef -i de_DE -f UTF-8 "$TMP/locale/de_DE.UTF-8" >/dev/null 2>&1 ||
       { mkdir -p "$TMP/locale" && localedef -i de_DE -f UTF-8 "$TMP/locale/de_DE.UTF-8" >/dev/null 2>&1; }; then
        COMMA="LOCPATH=$TMP/locale LC_ALL=de_DE.UTF-8"
    else
        sys=$(locale -a 2>/dev/null | grep -iE '^(de_DE|es_ES|fr_FR)\.utf-?8$' | head -n 1)
        [ -n "$sys" ] && COMMA="LC_ALL=$sys"
    fi
    # it must really write 0,25: else the test would prove nothing
    if [ -z "$COMMA" ] || [ "$(env $COMMA /usr/bin/printf '%.2f' 0.25 2>/dev/null)" != "0,25" ]; then
        echo "skipped: no comma-decimal locale (localedef -i de_DE failed: install the locales package)"
        exit 0
    fi
}

# A Spanish locale (es_ES.UTF-8: Spanish messages, comma decimals), compiled as above. Sets SPANISH (env
# assignments that select it through LANG, as a student's terminal does). When none can be had, the test is skipped.
spanish_locale() {
    SPANISH=""
    mkdir -p "$TMP/locale"
    if localedef -i es_ES -f UTF-8 "$TMP/locale/es_ES.UTF-8" >/dev/null 2>&1; then
        SPANISH="LOCPATH=$TMP/locale LANG=es_ES.UTF-8"
    else
        sys=$(locale -a 2>/dev/null | grep -iE '^es_ES\.utf-?8$' | head -n 1)
        [ -n "$sys" ] && SPANISH="LANG=$sys"
    fi
    if [ -z "$SPANISH" ] || [ "$(env -u LC_ALL $SPANISH /usr/bin/printf '%.2f' 0.25 2>/dev/null)" != "0,25" ]; then
        echo "skipped: no Spanish locale (localedef -i es_ES failed: install the locales package)"
        exit 0
    fi
}
