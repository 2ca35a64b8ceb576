# Locales for the tests (source after tests/lib/cli.sh), compiled by localedef into $TMP/locale (no root needed; the
# sources come with Debian's `locales` package, which make deps installs), or the system's own when it has one.
# When none can be had, the test is skipped, saying why. Either way the locale must really write "0,25" for 0.25:
# else a test that compares its output with the C locale's would prove nothing.

# have_locale NAME VARIABLE SYSTEM_PATTERN: env assignments that select locale NAME (e.g. de_DE) through VARIABLE
# (LC_ALL, or LANG as a student's terminal does), on stdout; nothing when it cannot be had.
have_locale() {
    mkdir -p "$TMP/locale"
    if localedef -i "$1" -f UTF-8 "$TMP/locale/$1.UTF-8" >/dev/null 2>&1; then
        set -- "LOCPATH=$TMP/locale $2=$1.UTF-8"
    else
        sys=$(locale -a 2>/dev/null | grep -iE "^($3)\.utf-?8\$" | head -n 1)
        set -- "${sys:+$2=$sys}"
    fi
    [ -n "$1" ] && [ "$(env -u LC_ALL $1 /usr/bin/printf '%.2f' 0.25 2>/dev/null)" = "0,25" ] && echo "$1"
}

# A comma-decimal locale (de_DE.UTF-8, else the system's es_ES or fr_FR): sets COMMA.
comma_locale() {
    COMMA=$(have_locale de_DE LC_ALL 'de_DE|es_ES|fr_FR')
    [ -n "$COMMA" ] ||
        { echo "skipped: no comma-decimal locale (localedef -i de_DE failed: install the locales package)"; exit 0; }
}

# A Spanish locale (es_ES.UTF-8: Spanish messages, comma decimals) selected through LANG: sets SPANISH.
spanish_locale() {
    SPANISH=$(have_locale es_ES LANG es_ES)
    [ -n "$SPANISH" ] ||
        { echo "skipped: no Spanish locale (localedef -i es_ES failed: install the locales package)"; exit 0; }
}
