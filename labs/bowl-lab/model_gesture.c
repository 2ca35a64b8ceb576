/* bowl-lab: the player's gesture (tilt and stir), how one step feels it, its recording as a CSV file (read here,
 * written by headless.c) and its replay. The interactive lab and `--gesture FILE` step the engine through the same
 * bl_player_step, so a recording played back gives the same samples, bit for bit. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "numlab/common.h"
#include "numlab/lang.h"

#define DEG (NUMLAB_PI / 180.0)
#define LINE_MAX_CHARS 1024

int bl_gesture_add(bl_gesture *g, const bl_gesture_row *row)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 64;
        bl_gesture_row *rows = realloc(g->rows, cap * sizeof *rows);
        if (!rows)
            return -1;
        g->rows = rows;
        g->cap = cap;
    }
    g->rows[g->n++] = *row;
    return 0;
}

void bl_gesture_free(bl_gesture *g)
{
    free(g->rows);
    *g = (bl_gesture){0};
}

/* --- the file ------------------------------------------------------------------------------------------------- */

typedef struct {
    const char *column;
    double lo, hi;
    const char *allowed;
} column_rule;

static const column_rule columns[6] = {
    {"t", 0.0, BL_MAX_GESTURE_S, N_("seconds, 0..3600, in time order")},
    {"tilt_x_deg", -BL_TILT_MAX, BL_TILT_MAX, N_("degrees, -60..60")},
    {"tilt_y_deg", -BL_TILT_MAX, BL_TILT_MAX, N_("degrees, -60..60")},
    {"stir_hz", -BL_STIR_MAX, BL_STIR_MAX, N_("Hz, -10..10 (negative: clockwise)")},
    {"stir_radius_m", 0.0, BL_STIR_RADIUS_MAX, N_("metres, 0..0.05")},
    {"strike", 0.0, BL_STRIKE_MAX, N_("0..10 (0: no strike)")},
};

static int bad_line(char *msg, size_t len, const char *name, long line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int bad_line(char *msg, size_t len, const char *name, long line, const char *fmt, ...)
{
    int n = snprintf(msg, len, "%s:%ld: ", name, line);
    if (n >= 0 && (size_t)n < len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg + n, len - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return 2;
}

/* A line without its CR (a CRLF file); blank and comment lines may be indented. The fields are taken as they are:
 * the one number grammar (common.h) has no space around a number. */
static char *strip_cr(char *s)
{
    size_t n = strlen(s);
    if (n > 0 && s[n - 1] == '\r')
        s[--n] = '\0';
    return s;
}

static bool blank_or_comment(const char *s)
{
    s += strspn(s, " \t");
    return !*s || *s == '#';
}

/* One row's six fields into v[]; 0 or 2 (msg). */
static int parse_row(char *text, const char *name, long line, double v[6], char *msg, size_t len)
{
    char *field = text;
    for (int k = 0; k < 6; k++) {
        char *comma = strchr(field, ',');
        if (comma)
            *comma = '\0';
        if (!comma && k < 5)
            return bad_line(msg, len, name, line, _("%d fields, expected 6 (%s)"), k + 1, BL_GESTURE_HEADER);
        if (comma && k == 5)
            return bad_line(msg, len, name, line, _("more than 6 fields (%s)"), BL_GESTURE_HEADER);
        const column_rule *c = &columns[k];
        const char *s = field;
        numlab_number_status st = numlab_number(s, &v[k]);
        if (st == NUMLAB_NUMBER_EMPTY || st == NUMLAB_NUMBER_SYNTAX)
            return bad_line(msg, len, name, line, _("%s '%s' is not a number (allowed: %s)"), c->column, s,
                            _(c->allowed));
        if (st != NUMLAB_NUMBER_OK || v[k] < c->lo || v[k] > c->hi)
            return bad_line(msg, len, name, line, _("%s '%s' is out of range (allowed: %s)"), c->column, s,
                            _(c->allowed));
        field = comma + 1;
    }
    return 0;
}

int bl_gesture_parse(const char *data, size_t size, const char *name, bl_gesture *g, char *msg,
                           size_t len)
{
    *g = (bl_gesture){0};
    char text[LINE_MAX_CHARS];
    bool header = false;
    int rc = 0;
    long line = 0;
    for (size_t pos = 0; rc == 0 && pos < size;) {
        line++;
        const char *nl = memchr(data + pos, '\n', size - pos);
        size_t n = (nl ? (size_t)(nl - data) : size) - pos;
        const char *nul = memchr(data + pos, '\0', n);
        if (n >= LINE_MAX_CHARS) {
            rc = bad_line(msg, len, name, line, _("a line longer than %d characters (allowed: %s rows)"),
                          LINE_MAX_CHARS - 1, BL_GESTURE_HEADER);
            break;
        }
        if (nul) {  /* no line ends at a NUL byte */
            rc = bad_line(msg, len, name, line, _("a NUL byte at column %zu (allowed: text)"),
                          (size_t)(nul - data - pos) + 1);
            break;
        }
        memcpy(text, data + pos, n);
        text[n] = '\0';
        pos += n + 1;
        char *s = strip_cr(text);
        if (blank_or_comment(s))
            continue;
        if (!header) {
            if (strcmp(s, BL_GESTURE_HEADER) != 0)
                rc = bad_line(msg, len, name, line, _("the header is '%.80s' (allowed: %s)"), s,
                              BL_GESTURE_HEADER);
            header = true;
            continue;
        }
        double v[6];
        rc = parse_row(s, name, line, v, msg, len);
        if (rc)
            break;
        if (g->n > 0 && v[0] < g->rows[g->n - 1].t) {
            rc = bad_line(msg, len, name, line, _("t %.17g comes before the previous row's %.17g (allowed: rows in "
                          "time order)"), v[0], g->rows[g->n - 1].t);
            break;
        }
        bl_gesture_row row = {v[0], {v[1], v[2], v[3], v[4]}, v[5]};
        if (bl_gesture_add(g, &row)) {
            snprintf(msg, len, "%s: out of memory at line %ld", name, line);
            rc = 1;
        }
    }
    if (rc == 0 && g->n == 0)
        rc = bad_line(msg, len, name, line, _("no rows (allowed: the header %s, then rows)"), BL_GESTURE_HEADER);
    if (rc)
        bl_gesture_free(g);
    return rc;
}

/* --- the player --------------------------------------------------------------------------------------------- */

bowl_gesture bl_player_gesture(bl_player *p, double h)
{
    /* the bowl's centre runs on A (cos phi, sin phi): its acceleration is -A w^2 (cos phi, sin phi) */
    const double w = 2.0 * NUMLAB_PI * p->c.stir_hz, a = p->c.stir_radius * w * w;
    bowl_gesture g = {
        .tilt_x = p->c.tilt_x_deg * DEG, .tilt_y = p->c.tilt_y_deg * DEG,
        .acc_x = -a * cos(p->phase), .acc_y = -a * sin(p->phase), .acc_z = 0.0,
    };
    p->phase = fmod(p->phase + w * h, 2.0 * NUMLAB_PI);
    return g;
}

void bl_player_step(bl_player *p, snd_engine *e, double *out)
{
    bowl_gesture g = bl_player_gesture(p, snd_engine_bowl(e)->p.step);
    snd_engine_set_gesture(e, &g);
    if (p->strike > 0.0)
        snd_engine_strike(e, p->strike);
    p->strike = 0.0;
    snd_engine_step(e, out);
}

void bl_tilt_toward(double dx, double dy, double max_deg, double *tilt_x_deg, double *tilt_y_deg)
{
    /* bowl_effective_gravity: with R = Rx(tx) Ry(ty), g_b = R^T (0, 0, -g) = g (cos tx sin ty, -sin tx,
     * -cos tx cos ty). Its horizontal part is g (dx, dy) when sin tx = -dy and sin ty = dx / cos tx. */
    double r = hypot(dx, dy), cap = sin(max_deg * DEG);
    if (r > cap)
        dx *= cap / r, dy *= cap / r;
    double tx = -asin(dy), ty = asin(fmax(-1.0, fmin(1.0, dx / cos(tx))));
    *tilt_x_deg = tx / DEG;
    *tilt_y_deg = ty / DEG;
}

/* --- replay ---------------------------------------------------------------------------------------------------- */

void bl_replay_init(bl_replay *r, const bl_gesture *g)
{
    *r = (bl_replay){.g = g};
}

void bl_replay_step(bl_replay *r, snd_engine *e, double *out)
{
    const bowl *b = snd_engine_bowl(e);
    while (r->next < r->g->n) {
        const bl_gesture_row *row = &r->g->rows[r->next];
        if (llround(row->t / b->p.step) > (long long)b->steps)
            break;
        r->player.c = row->c;
        r->player.strike += row->strike;
        r->next++;
    }
    bl_player_step(&r->player, e, out);
}
