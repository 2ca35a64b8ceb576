#!/bin/sh
# Install the Debian/Ubuntu packages numlab needs, only those missing.
#   tools/deps.sh               install what is missing (as root), or print the exact sudo command and fail
#   tools/deps.sh --check-only  exit 0 when everything is present, 1 otherwise (prints what is missing)
set -u

# pkg-config module -> Debian package; then commands -> package.
# yaml-0.1: grade-all reads Gradescope's submission_metadata.yml; sim_c (similarity-tester): its similar pairs.
# portaudio-2.0: bowl-lab's live sound; pulseaudio, parec (pulseaudio-utils) and ALSA's pulse plugin
# (libasound2-plugins): the sound server the live-sound test plays into a null sink (tests/tui_bowl_audio.sh).
# cairo: the figures (SVG, PDF, PNG); xmllint, pdfinfo and pngcheck: the tests read them (and their state lines)
# back as a reader would.
# jq: the grader's tests compare results.json in two languages with the text taken out.
modules="ncursesw:libncurses-dev gsl:libgsl-dev check:check sndfile:libsndfile1-dev libcjson:libcjson-dev \
yaml-0.1:libyaml-dev portaudio-2.0:portaudio19-dev cairo:libcairo2-dev fontconfig:libfontconfig-dev"
commands="pkg-config:pkg-config tmux:tmux sox:sox pgrep:procps cc:gcc make:make zip:zip unzip:unzip \
sim_c:similarity-tester xgettext:gettext gettext:gettext-base msgfmt:gettext msgmerge:gettext localedef:libc-bin pulseaudio:pulseaudio \
parec:pulseaudio-utils xmllint:libxml2-utils pdfinfo:poppler-utils pngcheck:pngcheck jq:jq"
# files -> package: the locale sources the comma-decimal and Spanish tests compile de_DE.UTF-8 and es_ES.UTF-8 from
# (tests/lib/locale.sh)
files="/usr/share/i18n/locales/de_DE:locales /usr/share/i18n/locales/es_ES:locales /usr/share/i18n/locales/es_AR:locales /usr/share/alsa/alsa.conf.d/50-pulseaudio.conf:libasound2-plugins"

missing=""
for pair in $commands; do
    cmd=${pair%%:*}; pkg=${pair#*:}
    command -v "$cmd" >/dev/null 2>&1 || missing="$missing $pkg"
done
for pair in $files; do
    file=${pair%%:*}; pkg=${pair#*:}
    [ -e "$file" ] || missing="$missing $pkg"
done
for pair in $modules; do
    mod=${pair%%:*}; pkg=${pair#*:}
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$mod"; then
        missing="$missing $pkg"
    fi
done

if [ -z "$missing" ]; then
    [ "${1:-}" = "--check-only" ] || echo "deps: all packages present"
    exit 0
fi
if [ "${1:-}" = "--check-only" ]; then
    echo "deps: missing:$missing"
    exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: missing:$missing" >&2
    echo "deps: this is not a Debian/Ubuntu system (no apt-get); install the equivalents of those packages" >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "deps: missing:$missing" >&2
    echo "deps: run as root, or:  sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi

echo "deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq || { echo "deps: apt-get update failed" >&2; exit 1; }
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null || {
    echo "deps: apt-get install -y$missing failed" >&2; exit 1; }
sh "$0" --check-only
