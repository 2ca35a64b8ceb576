# class_counts OUT CSV: every count grade-all's terminal output OUT prints agrees with its scores.csv CSV:
# the per-line list (a line a submission, the folders with no .c file and the missing ones too), the class summary's
# submissions and statuses, its scores, the histogram's counts, the tests' "of the N whose tests ran", and the last
# line. A submission is the CSV's first column (a group has a row a student); a score is a non-empty score field.
class_counts() {
    python3 - "$1" "$2" <<'PY' && pass || fail "the counts grade-all printed disagree with $2 (above)"
import csv, re, sys
out = open(sys.argv[1], encoding="utf-8").read().splitlines()
rows = list(csv.DictReader(open(sys.argv[2], newline="", encoding="utf-8")))
subs = {}
for r in rows:
    subs.setdefault(r["submission"], r)
status = {}
for r in subs.values():
    status[r["status"]] = status.get(r["status"], 0) + 1
scored = [float(r["score"]) for r in subs.values() if r["score"] != ""]
top = max(float(r["max_score"]) for r in subs.values() if r["max_score"] != "")
order = ["graded", "partial", "compile-error", "invalid-file", "grader-error", "missing"]
want = {
    "summary": "class summary: %d submissions (%s)" % (len(subs), ", ".join(
        "%d %s" % (status[s], s) for s in order if s in status)),
    "scores": "%d scores out of %g:" % (len(scored), top),
    "histogram": "scores of %d submissions (out of %g)" % (len(scored), top),
    "tests": "tests most failed (of the %d submissions whose tests ran):" % status.get("graded", 0),
    "last": "%s: %d submissions, %d with a score%s;" % (sys.argv[2], len(subs), len(scored),
        ", %d missing (no folder)" % status["missing"] if "missing" in status else ""),
}
bad = [k for k, v in want.items() if not any(v in line for line in out)]
for k in bad:
    print("  %s: wanted '%s'" % (k, want[k]))
counts = [int(n) for line in out if line.startswith("  scores:") for n in re.findall(r" x(\d+)", line)]
if sum(counts) != len(scored):
    print("  histogram: %s, not %d scores" % (counts, len(scored))); bad.append("bins")
listed = [line.split(":")[0] for line in out[:out.index("") if "" in out else len(out)] if re.match(r"^[^ ]+: ", line)]
if sorted(listed) != sorted(subs):
    print("  per-line list: %s, the CSV's: %s" % (sorted(listed), sorted(subs))); bad.append("list")
sys.exit(1 if bad else 0)
PY
}
