#!/bin/sh
# The launcher's list of labs (labs/numlab.c includes it): from each file given, its LABCLI_LAB(ORDER, "NAME",
# SUMMARY) line (include/numlab/labcli.h), one "{NAME, SUMMARY}," a line, in ORDER. SUMMARY is a string literal or
# N_("...") (marked for translation; the launcher translates it where it shows it), and may run over several lines
# or be several literals in a row; it is copied as written.
#   tools/labs_list.sh labs/*.c >build/gen/numlab_labs.inc
set -u
perl -0777 -ne '
    my $str = qr/"(?:[^"\\\n]|\\.)*"/;
    while (/^[ \t]*LABCLI_LAB\(\s*(\d+)\s*,\s*($str)\s*,\s*((?:N_\(\s*)?$str(?:\s*$str)*(?:\s*\))?)\s*\)/mg) {
        my ($order, $name, $summary) = ($1, $2, $3);
        $summary =~ s/\s*\n\s*/ /g;
        print "$order {$name, $summary},\n";
    }' "$@" | sort -n | cut -d' ' -f2-
