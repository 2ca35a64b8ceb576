#!/bin/sh
# The library's messages in Spanish, as the labs print them under LANG=es_ES.UTF-8 (cli's option checks, infile's
# refusals, glTF and network file errors, figure outputs): whole, with the catalogue's words, the values as given.
. tests/lib/cli.sh
es() { env LANG=es_ES.UTF-8 "$@"; }

expect_usage "^spring-lab: --k: 'abc' no es un número \(se admite: un número de 1e-12 a 1e\+12\)$" es "$BIN/spring-lab" --k abc
expect_usage "^spring-lab: opción desconocida '--stabilty' \(¿quiso decir --stability\?\)$" es "$BIN/spring-lab" --stabilty
expect_usage "^spring-lab: --out: '$TMP/x.txt' no es un archivo de figura \(se admite: un nombre terminado en \.svg, \.pdf o \.png\)$" \
    es "$BIN/spring-lab" --plot phase --out "$TMP/x.txt"
mkfifo "$TMP/fifo"
expect_usage "^network-lab: --file: '$TMP/fifo' es una FIFO \(se admite: un archivo regular de 256 MiB como máximo\)$" \
    es "$BIN/network-lab" --file "$TMP/fifo" --csv
printf 'mass 0 0 1\nspring 0 0 10\n' >"$TMP/self.net"
expect_usage "^network-lab: .*self\.net:2: el resorte une la masa 0 consigo misma \(se esperaban dos masas distintas\)$" \
    es "$BIN/network-lab" --file "$TMP/self.net" --csv
printf '{"asset":{"version":"1.0"}}' >"$TMP/old.gltf"
expect_usage "^keyframe-lab: $TMP/old\.gltf: asset: versión '1\.0' \(se admite: 2\.x\)$" \
    es "$BIN/keyframe-lab" --csv --gltf "$TMP/old.gltf"
# LANGUAGE=es with no locale at all (C, as a program run directly without LANG): the Spanish letters stay UTF-8,
# never '?' (gettext converting to the C locale's ASCII), in every program's --help and in strerror's text
for p in spring-lab network-lab keyframe-lab bowl-lab numlab; do
    for env in "LANGUAGE=es" "LANGUAGE=es LC_CTYPE=C" "LANGUAGE=es LC_ALL=C" "LANGUAGE=es LANG=POSIX"; do
        # shellcheck disable=SC2086  # the words of env
        env -i PATH="$PATH" $env "$BIN/$p" --help >"$TMP/help" 2>&1
        LC_ALL=C grep -q '[[:alpha:]]?[[:alpha:]]' "$TMP/help" &&
            fail "$p --help under $env: '?' for a letter: $(LC_ALL=C grep -o '[[:alpha:]]*?[[:alpha:]]*' "$TMP/help" | head -n 3 | tr '\n' ' ')" ||
            pass
        grep -qE 'ó|í|ú' "$TMP/help" && pass || fail "$p --help under $env: no accented letter: $(head -n 2 "$TMP/help")"
    done
done
env -i PATH="$PATH" LANGUAGE=es "$BIN/spring-lab" --csv --steps 1 >&- 2>"$TMP/err"
expect_eq "strerror under LANGUAGE=es, C (in Latin America's words: glibc's says 'fichero')" "$(cat "$TMP/err")" \
    "spring-lab: no se puede escribir en la salida estándar: Descriptor de archivo erróneo"

# the same messages in English without a language
expect_usage "^spring-lab: --k: 'abc' is not a number \(allowed: a number from 1e-12 to 1e\+12\)$" "$BIN/spring-lab" --k abc

finish
