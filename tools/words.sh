# tools/words.sh (sourced): the build's few lines in the caller's language, English or Spanish (es*), chosen as
# src/lang.c chooses (LANGUAGE, then LC_ALL, LC_MESSAGES, and the caller's LANG, which the Makefile passes as
# NUMLAB_SAY_LANG: its recipes run under LANG=C.UTF-8). The build runs before any catalogue exists: a table here.
say_lang=en
for say_v in "${LANGUAGE:-}" "${LC_ALL:-}" "${LC_MESSAGES:-}" "${NUMLAB_SAY_LANG:-}"; do
    [ -n "$say_v" ] || continue
    case $say_v in es*) say_lang=es ;; esac
    break
done

# say KEY ARGS...: one line, printf-style (without its newline); idle and cores: a count of cores, as words
say() {
    key=$1; shift
    case $say_lang:$key in
        en:deps)      fmt='deps: ok' ;;
        es:deps)      fmt='dependencias: listas' ;;
        en:estimate)  fmt='building numlab: %s steps, about %s s on %s (a first build; V=1 shows every command)' ;;
        es:estimate)  fmt='compilando numlab: %s pasos, unos %s s en %s (una primera compilación; V=1 muestra cada orden)' ;;
        en:idle)      [ "$1" = 1 ] && fmt='1 idle core' || fmt='%s idle cores' ;;
        es:idle)      [ "$1" = 1 ] && fmt='1 núcleo libre' || fmt='%s núcleos libres' ;;
        en:count)     fmt='building numlab (%s)... %s of %s' ;;
        es:count)     fmt='compilando numlab (%s)... %s de %s' ;;
        en:cores)     [ "$1" = 1 ] && fmt='1 core' || fmt='%s cores' ;;
        es:cores)     [ "$1" = 1 ] && fmt='1 núcleo' || fmt='%s núcleos' ;;
        en:built)     fmt='built in %s s' ;;
        es:built)     fmt='compilado en %s s' ;;
        en:failed)    fmt="build failed (the compiler's message is above; V=1 shows every command)" ;;
        es:failed)    fmt='la compilación falló (el mensaje del compilador está arriba; V=1 muestra cada orden)' ;;
    esac
    # shellcheck disable=SC2059
    printf "$fmt" "$@"
}
