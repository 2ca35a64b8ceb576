/* class report: the instructor's week: the due date and the late policy, and the LMS gradebook files. */
#define _GNU_SOURCE
#include "class.h"
#include "report.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar (H. Hinnant, "chrono-Compatible Low-Level Date
 * Algorithms", days_from_civil). */
static long days_from_civil(long y, long m, long d)
{
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400, yoe = y - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1, doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* n digits at *p into *v. */
static bool digits(const char **p, int n, long *v)
{
    *v = 0;
    for (int i = 0; i < n; i++, (*p)++) {
        if (!isdigit((unsigned char)**p))
            return false;
        *v = *v * 10 + (**p - '0');
    }
    return true;
}

bool cl_parse_time(const char *text, double *seconds)
{
    const char *p = text;
    long y, mo, d, h, mi, s = 0, oh = 0, om = 0;
    if (!digits(&p, 4, &y) || *p++ != '-' || !digits(&p, 2, &mo) || *p++ != '-' || !digits(&p, 2, &d) ||
        (*p != 'T' && *p != ' '))
        return false;
    p++;
    if (!digits(&p, 2, &h) || *p++ != ':' || !digits(&p, 2, &mi))
        return false;
    if (*p == ':' && (p++, !digits(&p, 2, &s)))
        return false;
    double fraction = 0;
    if (*p == '.') {
        char *end;
        fraction = strtod(p, &end);   /* ".000000000" */
        if (end == p + 1)
            return false;
        p = end;
    }
    p += *p == ' ';   /* Gradescope's export: "2026-11-20 10:00:00.000000000 -08:00" */
    int sign = 0;
    if (*p == 'Z') {
        p++;
    } else if (*p == '+' || *p == '-') {
        sign = *p++ == '-' ? -1 : 1;
        if (!digits(&p, 2, &oh))
            return false;
        p += *p == ':';
        if (!digits(&p, 2, &om))
            return false;
    } else {
        return false;   /* a time without its offset is not one instant */
    }
    if (*p || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60 || oh > 23 || om > 59)
        return false;
    *seconds = (double)days_from_civil(y, mo, d) * 86400 + (double)(h * 3600 + mi * 60 + s) + fraction -
               sign * (double)(oh * 3600 + om * 60);
    return true;
}

int cl_read_policy(const char *due, const char *penalty, const char *missing, cl_policy *p)
{
    *p = (cl_policy){.missing_zero = true};
    if (due && *due && !(p->has_due = cl_parse_time(due, &p->due)))
        return cl_bad("DUE", due, "is not a date and time (allowed: ISO 8601 with its offset, "
                      "2026-12-01T23:59:00-05:00)");
    char *end = NULL;
    if (penalty && *penalty && !strcmp(penalty, "zero"))
        p->penalty = CL_LATE_ZERO;
    else if (penalty && *penalty && (p->percent = strtod(penalty, &end), !*end && end != penalty &&
                                     p->percent >= 0 && p->percent <= 100))
        p->penalty = CL_LATE_PERCENT;
    else if (penalty && *penalty)
        return cl_bad("LATE_PENALTY", penalty, "is not a policy (allowed: a percent a day late, 0..100, or zero)");
    if (p->penalty != CL_LATE_NONE && !p->has_due)
        return cl_bad("LATE_PENALTY", penalty, "needs DUE (allowed: with DUE=2026-12-01T23:59:00-05:00)");
    if (missing && *missing && strcmp(missing, "zero") != 0 && strcmp(missing, "blank") != 0)
        return cl_bad("MISSING", missing, "is not a policy (allowed: zero or blank)");
    p->missing_zero = !missing || !*missing || !strcmp(missing, "zero");
    return 0;
}

void cl_apply_policy(cl_row *rows, size_t n, const cl_policy *p)
{
    for (size_t i = 0; i < n; i++) {
        cl_row *r = &rows[i];
        double at;
        r->late_hours = NAN;
        r->has_final = cl_row_counts(r) && !p->has_due;
        r->final_score = r->score;
        if (!p->has_due || !cl_row_counts(r) || !cl_parse_time(r->sub->created_at, &at))
            continue;
        double late = at - p->due;
        r->late_hours = late > 0 ? round(late / 36) / 100 : 0;   /* hours, to the hundredth */
        r->has_final = late <= 0 || p->penalty != CL_LATE_NONE;   /* late without a policy: flagged, no final */
        double days = ceil(late / 86400);
        if (late > 0 && p->penalty == CL_LATE_ZERO)
            r->final_score = 0;
        else if (late > 0 && p->penalty == CL_LATE_PERCENT)
            r->final_score = round(r->score * fmax(0, 1 - p->percent / 100 * days) * 1e4) / 1e4;
    }
}

void cl_print_policy(const cl_row *rows, size_t n, const cl_policy *p, const char *due, FILE *out)
{
    size_t on_time = 0, late = 0, unknown = 0;
    for (size_t i = 0; p->has_due && i < n; i++) {
        if (!cl_row_counts(&rows[i]))
            continue;
        on_time += rows[i].late_hours == 0;
        late += rows[i].late_hours > 0;
        unknown += isnan(rows[i].late_hours);
    }
    if (p->has_due) {
        char *shown = gr_clean_text(due, false);
        fprintf(out, "\ndue %s: %zu on time, %zu late", shown ? shown : "?", on_time, late);
        free(shown);
        if (late && p->penalty == CL_LATE_PERCENT)
            fprintf(out, " (final_score: %g%% off a day or part of one)", p->percent);
        else if (late && p->penalty == CL_LATE_ZERO)
            fprintf(out, " (final_score: 0, LATE_PENALTY=zero)");
        else if (late)
            fprintf(out, " (flagged: no LATE_PENALTY, so no final_score and no LMS grade for them; decide, then set "
                         "LATE_PENALTY)");
        if (unknown)
            fprintf(out, ", %zu without :created_at: (flagged: no final_score)", unknown);
        fprintf(out, "\n");
    }
    size_t missing = 0;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(rows[i].status, "missing"))
            missing += rows[i].sub->n_students;
    if (missing)
        fprintf(out, "%zu student%s named in the metadata submitted nothing: %s in the LMS files (MISSING=%s)\n",
                missing, missing == 1 ? "" : "s", p->missing_zero ? "0" : "blank", p->missing_zero ? "zero" : "blank");
}

/* The name as Canvas exports it (its "sortable name", "Last, First"): a name with a comma is taken as written, else
 * its last word first. */
static char *canvas_name(const char *name)
{
    const char *last = strrchr(name, ' ');
    char *s = NULL;
    if (strchr(name, ',') || !last || last == name || !last[1])
        return strdup(name);
    return asprintf(&s, "%s, %.*s", last + 1, (int)(last - name), name) < 0 ? NULL : s;
}

void cl_write_lms(cl_text *canvas, cl_text *moodle, const cl_row *rows, size_t n, const char *assignment,
                  const cl_policy *p, double max_score)
{
    char *a = gr_csv_field(assignment, true);
    cl_add(canvas, "Student,ID,SIS User ID,SIS Login ID,Section,%s\n", a ? a : "numlab");
    cl_add(canvas, "    Points Possible,,,,,%g\n", isfinite(max_score) ? max_score : 0);   /* as Canvas exports it */
    cl_add(moodle, "Email address,ID number,Full name,%s\n", a ? a : "numlab");
    free(a);
    for (size_t i = 0; i < n; i++) {
        const cl_row *r = &rows[i];
        bool missing = !strcmp(r->status, "missing");
        if (!cl_row_counts(r) && !missing)
            continue;
        char grade[64] = "";
        if (missing ? p->missing_zero : r->has_final)
            snprintf(grade, sizeof grade, "%g", missing ? 0 : r->final_score);
        for (size_t s = 0; s < r->sub->n_students; s++) {
            const cl_student *st = &r->sub->students[s];
            char *name = canvas_name(st->name);
            cl_add_field(canvas, name ? name : "", false);
            free(name);
            cl_add(canvas, ",");   /* Canvas's own user ID: the export does not have it */
            cl_add_field(canvas, st->sid, false), cl_add_field(canvas, st->email, false);
            cl_add(canvas, ",%s\n", grade);
            cl_add_field(moodle, st->email, false), cl_add_field(moodle, st->sid, false);
            cl_add_field(moodle, st->name, false);
            cl_add(moodle, "%s\n", grade);
        }
    }
}
