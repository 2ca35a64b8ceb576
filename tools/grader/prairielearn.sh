#!/bin/sh
# prairielearn: PrairieLearn's external grader for exercises, from the same judges as make grade and Gradescope.
#   prairielearn.sh OUT_DIR IMAGE "JUDGE OPTIONS" NN-topic [NN-topic ...]      (`make prairielearn` runs it)
# Writes OUT_DIR whole or not at all (a temporary beside it, renamed):
#   questions/numlab-NN-topic/info.json      gradingMethod External, externalGradingOptions naming IMAGE and the
#                                            entry point /opt/numlab-grader/run; a uuid fixed by the exercise's name
#   questions/numlab-NN-topic/question.html  the exercise's title, a <pl-file-upload> of student.c, the results
#   questions/numlab-NN-topic/tests/exercise.txt   the exercise's name: all the question gives the grader
#   image/                                   the grading image's folder: Dockerfile, setup.sh (Gradescope's), run,
#                                            and package.sh's staging (numlab/, exercises.txt, judge-options.txt)
# The questions go in a course's questions/ folder; the image is built and pushed where PrairieLearn pulls it
# (docker build -t IMAGE OUT_DIR/image && docker push IMAGE). The hidden tests are in the image only.
set -u
usage='usage: prairielearn.sh OUT_DIR IMAGE "JUDGE OPTIONS" NN-topic...'
out=${1:?$usage} image=${2:?$usage}
opts=${3-}
shift 3 || { echo "$usage" >&2; exit 2; }
[ $# -ge 1 ] || { echo "prairielearn: no exercise given" >&2; exit 2; }
case $image in
*[!A-Za-z0-9./:_@-]* | '' | -*)
    echo "prairielearn: PL_IMAGE: '$image' is not an image name (allowed: a Docker image, e.g. user/numlab-grader:1)" >&2
    exit 2 ;;
esac
command -v sha1sum >/dev/null 2>&1 || { echo "prairielearn: needs sha1sum (coreutils)" >&2; exit 1; }
parent=$(dirname "$out")
mkdir -p "$parent" || exit 1
stage=$(mktemp -d "$parent/.prairielearn.XXXXXX") || exit 1
trap 'rm -rf "$stage"' EXIT

mkdir -p "$stage/image" && cp tools/grader/prairielearn/Dockerfile tools/grader/prairielearn/run \
    tools/grader/gradescope/setup.sh "$stage/image/" || exit 1
PACKAGE_LANG=${PRAIRIELEARN_LANG:-} sh tools/grader/package.sh "$stage/image" "$opts" "$@" ||
    { rc=$?; echo "prairielearn: not writing $out" >&2; exit $rc; }

# uuid NAME: a version-5-shaped uuid from NAME's SHA-1 (RFC 4122 4.3), so a question keeps its uuid when rebuilt
uuid() {
    printf 'numlab-question:%s' "$1" | sha1sum | awk '{ h = $1
        v = substr("89ab", index("0123456789abcdef", substr(h, 17, 1)) % 4 + 1, 1)
        printf "%s-%s-5%s-%s%s-%s\n", substr(h, 1, 8), substr(h, 9, 4), substr(h, 14, 3), v, substr(h, 18, 3), substr(h, 21, 12) }'
}
json_text() { sed 's/\\/\\\\/g; s/"/\\"/g' | tr -d '\000-\037'; }
html_text() { sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g'; }
for ex in "$@"; do
    q=$stage/questions/numlab-$ex
    mkdir -p "$q/tests" || exit 1
    title=$(head -n 1 "exercises/$ex/README.md" | sed 's/^#* *//')
    printf '%s\n' "$ex" >"$q/tests/exercise.txt"
    cat >"$q/info.json" <<JSON || exit 1
{
  "uuid": "$(uuid "$ex")",
  "title": "$(printf '%s' "$title" | json_text)",
  "topic": "numlab",
  "tags": ["numlab", "$ex"],
  "type": "v3",
  "singleVariant": true,
  "gradingMethod": "External",
  "externalGradingOptions": {
    "enabled": true,
    "image": "$image",
    "entrypoint": "/opt/numlab-grader/run",
    "timeout": 120
  }
}
JSON
    cat >"$q/question.html" <<HTML || exit 1
<pl-question-panel>
  <p><strong>$(printf '%s' "$title" | html_text)</strong></p>
  <p>Upload your <code>student.c</code> of exercise <code>$ex</code>: its README says what to write, and
  <code>make exercise EX=${ex%%-*}</code> runs the visible tests on your machine. The grader runs those and the hidden
  ones; a hidden test shows its name and points, not its details.</p>
</pl-question-panel>
<pl-file-upload file-names="student.c"></pl-file-upload>
<pl-submission-panel>
  <pl-external-grader-results></pl-external-grader-results>
  <pl-file-preview></pl-file-preview>
</pl-submission-panel>
HTML
done
chmod -R go-rwx "$stage/image/numlab/exercises"   # the hidden tests: the instructor's alone until the image is built
rm -rf "$out.old" && { [ ! -e "$out" ] || mv "$out" "$out.old"; } && mv "$stage" "$out" && rm -rf "$out.old" ||
    { echo "prairielearn: cannot write $out" >&2; exit 1; }
trap - EXIT
echo "prairielearn: $out: $(cd "$out" && find questions -name info.json | wc -l | tr -d ' ') questions, image/ for $image"
echo "  docker build -t $image $out/image && docker push $image"
