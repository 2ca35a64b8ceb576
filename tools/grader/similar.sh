#!/bin/sh
# similar: the pairs of similar submissions among DIR/N.c (copies of the graded files, named by their row number, so
# no student's file name reaches a command line), one a line on stdout, for `class report`:
#   identical I J      the same bytes
#   normalized I J     the same once comments and white space are removed (cpp -fpreprocessed, which expands no
#                      macro and includes no file)
#   similar I J PCT    sim_c (Debian's similarity-tester) finds PCT% of I's tokens in J, PCT >= THRESHOLD
#   missing sim_c      sim_c is not installed: that part was skipped
# With BASE (the exercise's starter code, student.c), as MOSS's base file: every line of a copy that is a line of
# BASE (white space aside) is removed before the normalized and sim_c comparisons, and a copy with nothing left (the
# starter handed in as it was) is not compared at all (its N.c is removed, so the report counts it out).
# Advisory only: nothing here changes a score.
#   similar.sh DIR THRESHOLD [BASE] >PAIRS      (NUMLAB_SIM_C: another sim_c, or a missing one for the tests)
set -u
dir=$1 threshold=$2 base=${3:-} sim_c=${NUMLAB_SIM_C:-sim_c}
case $base in '' | /*) ;; *) base=$(pwd)/$base ;; esac
cd "$dir" || exit 1
mkdir -p own || exit 1
[ ! -f "$base" ] || tr -d ' \t\r\f\v' <"$base" >base.lines || exit 1
for n in $(ls | sed -n 's/^\([0-9][0-9]*\)\.c$/\1/p'); do
    if [ -f "$base" ]; then
        awk 'FNR == NR { b[$0] = 1; next } { k = $0; gsub(/[ \t\r\f\v]/, "", k) } k != "" && !(k in b)' \
            base.lines "$n.c" >"own/$n.c"
        grep -q . "own/$n.c" || rm -f "$n.c" "own/$n.c"
    else
        cp "$n.c" "own/$n.c"
    fi
done
set -- $(ls | sed -n 's/^\([0-9][0-9]*\)\.c$/\1/p' | sort -n)
[ $# -ge 2 ] || exit 0

# "KIND I J" for each two rows whose I.SUFFIX and J.SUFFIX have the same checksum (empty files left out).
same() {   # KIND SUFFIX ROW...
    kind=$1 suffix=$2
    shift 2
    for n in "$@"; do [ -s "$n$suffix" ] && printf '%s %s\n' "$(cksum <"$n$suffix" | tr ' ' '-')" "$n"; done |
        sort | awk -v kind="$kind" '$1 == last { for (k = 1; k <= count; k++) print kind, group[k], $2 }
                                    $1 != last { count = 0; last = $1 } { group[++count] = $2 }'
}
for n in "$@"; do
    : >"$n.norm"
    timeout 10 cpp -fpreprocessed -dD -P -w "own/$n.c" -o "$n.pp" 2>/dev/null && tr -d ' \t\r\n\f\v' <"$n.pp" >"$n.norm"
done
same identical .c "$@"
same normalized .norm "$@"
cd own || exit 1
if command -v "$sim_c" >/dev/null 2>&1; then
    # -p percentages, -e each pair on its own, -a both ways, -T no file summary: "I.c consists for P % of J.c material"
    timeout 300 "$sim_c" -p -e -a -T -t "$threshold" $(for n in "$@"; do printf '%s.c ' "$n"; done) 2>/dev/null |
        sed -n 's/^\([0-9]*\)\.c consists for \([0-9]*\) % of \([0-9]*\)\.c material$/similar \1 \3 \2/p'
else
    echo "missing sim_c"
fi
