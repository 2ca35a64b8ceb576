#!/bin/sh
# make check-speech: a step of spring-lab --plain read aloud by espeak-ng into a WAV, as a screen reader would speak
# it. Not part of make check (espeak-ng is not among make deps' packages): skipped, with a message, without it.
# What it checks: the lines are sentences a speech engine reads as words (letters, a full stop or a colon at the
# end, no escape or braille cell a synthesizer would spell out or skip), and espeak-ng speaks each of them: a WAV
# of speech, seconds long, for step 1's lines in English and in Spanish.
. tests/lib/cli.sh
command -v espeak-ng >/dev/null || { echo "espeak-ng is missing (apt-get install espeak-ng): check-speech skipped"; exit 0; }
SL="$BIN/spring-lab"

for lang in en es; do
    printf 'q' | LANGUAGE=$lang LANG=$([ $lang = es ] && echo es_AR.UTF-8 || echo C.UTF-8) "$SL" --plain >"$TMP/step.$lang.txt"
    bad=$(grep -v '[.:]$' "$TMP/step.$lang.txt" | head -3)
    expect_eq "$lang: every line of step 1 ends as a sentence" "$bad" ""
    expect_eq "$lang: no escape, control or braille cell" \
        "$(LC_ALL=C grep -c "$(printf '[\001-\010\013-\037\177]')\|$(printf '\342\240')" "$TMP/step.$lang.txt")" 0
    words=$(tr -cs '[:alpha:]' '\n' <"$TMP/step.$lang.txt" | grep -c .)
    [ "$words" -gt 100 ] && pass || fail "$lang: step 1 has $words words"
    voice=$([ $lang = es ] && echo es-419 || echo en)
    espeak-ng -v "$voice" -w "$TMP/step.$lang.wav" -f "$TMP/step.$lang.txt" 2>"$TMP/err" || fail "$lang: espeak-ng: $(cat "$TMP/err")"
    # espeak-ng writes 22050 Hz 16-bit mono: a second of speech is 44100 bytes; step 1 is about a minute of it
    bytes=$(wc -c <"$TMP/step.$lang.wav")
    [ "$bytes" -gt $((44100 * 20)) ] && pass || fail "$lang: espeak-ng spoke only $bytes bytes"
    # not silence: some sample away from 0 in the first 10 s
    loud=$(od -An -v -td2 -j44 -N441000 "$TMP/step.$lang.wav" | tr -s ' ' '\n' | awk '$1 > 3000 || $1 < -3000 { n++ } END { print n + 0 }')
    [ "$loud" -gt 1000 ] && pass || fail "$lang: the speech is silent ($loud loud samples)"
done
finish
