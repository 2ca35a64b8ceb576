/* tui_text: the shell's pure helpers (no curses): parameter steps, the step description, notes, word wrap.
 * Apart from tui.c so that they can be tested and used without a terminal. Widths are display columns (wcwidth):
 * an accented letter, precomposed or with a combining accent, takes one. */
#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "numlab/lang.h"
#include "numlab/state.h"
#include "numlab/tui.h"

double tui_param_stepped(const tui_param *p, int direction, bool big)
{
    double step = big ? p->big_step : p->step;
    double v = *p->value;
    if (p->log_scale)
        v = direction > 0 ? v * step : v / step;
    else
        v += direction * step;
    if (!isfinite(v))
        v = direction > 0 ? p->max : p->min;
    return v < p->min ? p->min : v > p->max ? p->max : v;
}

void tui_add_param(tui_step *d, const char *name, const char *unit, double *value, double min, double max,
                   double step, double big_step, bool log_scale)
{
    if (d->n_params < TUI_MAX_PARAMS)
        d->params[d->n_params++] = (tui_param){name, unit, value, min, max, step, big_step, log_scale, NULL};
}

void tui_param_option(tui_step *d, const char *option)
{
    if (d->n_params > 0)
        d->params[d->n_params - 1].option = option;
}

size_t tui_append(char *buf, size_t size, size_t used, const char *fmt, ...)
{
    if (used >= size)
        return used;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + used, size - used, fmt, ap);
    va_end(ap);
    return n < 0 ? used : used + (size_t)n;
}

/* The code point at s (UTF-8, at most n bytes) in *cp; returns its length in bytes (1 for a stray byte). */
static int utf8_next(const char *s, int n, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    int len = u[0] < 0x80 ? 1 : u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : u[0] >= 0xC0 ? 2 : 1;
    if (len > n)
        len = 1;
    uint32_t c = len == 1 ? u[0] : u[0] & (0x3F >> (len - 1));
    for (int i = 1; i < len; i++) {
        if ((u[i] & 0xC0) != 0x80) {  /* a broken sequence: one byte, one column */
            *cp = u[0];
            return 1;
        }
        c = c << 6 | (u[i] & 0x3F);
    }
    *cp = c;
    return len;
}

/* Columns of one code point: wcwidth (0 for a combining accent, 2 for a wide character), 1 when the locale does not
 * know it (a C locale knows only ASCII) and never less than 0. */
static int code_point_columns(uint32_t cp)
{
    if (cp < 0x80)
        return cp >= 0x20 && cp != 0x7F;
    int w = wcwidth((wchar_t)cp);
    return w < 0 ? 1 : w;
}

int tui_text_columns(const char *s, int len)
{
    if (!s)
        return 0;
    if (len < 0)
        len = (int)strlen(s);
    int cols = 0;
    for (int i = 0; i < len;) {
        uint32_t cp;
        i += utf8_next(s + i, len - i, &cp);
        cols += code_point_columns(cp);
    }
    return cols;
}

/* A relation sign standing as a word of its own ("=", "<", "<=", "~", and their Unicode forms). */
static bool is_relation(const char *w, int n)
{
    static const char *const signs[] = {"=", "<", ">", "<=", ">=", "~", "\u2248", "\u2264", "\u2265", "+-", "\u00b1"};
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
        if ((int)strlen(signs[i]) == n && memcmp(signs[i], w, (size_t)n) == 0)
            return true;
    return false;
}

/* A number standing as a word: a digit first, or a sign or a point and then a digit ("-2.2;", "0.8", ".5"). */
static bool is_number(const char *w, int n)
{
    int i = n > 1 && (w[0] == '-' || w[0] == '+') ? 1 : 0;
    i += i < n - 1 && w[i] == '.';
    return i < n && w[i] >= '0' && w[i] <= '9';
}

/* Whether a line may break at the space p[i] (of a paragraph of len bytes): not beside a relation sign standing as
 * a word, and not before a number whose label ends no clause: a label and its value stay on one line as a
 * non-breaking space would keep them ("x = -5590.544", "rho(M) < 1", "backward-euler -2.2", "step 7"). */
static bool breakable(const char *p, int i, int len)
{
    int a = i, b = i + 1;
    while (a > 0 && p[a - 1] != ' ')
        a--;
    while (b < len && p[b] != ' ')
        b++;
    const bool label = i > a && !strchr(",;:.)", p[i - 1]);
    return !is_relation(p + a, i - a) && !is_relation(p + i + 1, b - i - 1) &&
           !(label && is_number(p + i + 1, b - i - 1));
}

int tui_wrap(const char *text, int width, void (*emit)(void *arg, const char *line, int len), void *arg)
{
    int lines = 0;
    if (width < 1)
        return 0;
    while (*text) {
        const char *end = strchr(text, '\n');
        int para = end ? (int)(end - text) : (int)strlen(text);
        const char *p = text;
        int left = para;
        do {
            /* take as many whole words as fit (in display columns), a label and its value together; a group wider
             * than the line breaks inside it, and a word wider than the line is cut */
            int take = 0, last_space = -1, any_space = -1, cols = 0;
            while (take < left) {
                uint32_t cp;
                int n = utf8_next(p + take, left - take, &cp);
                int w = code_point_columns(cp);
                if (cols + w > width && cols > 0)
                    break;
                if (cp == ' ') {
                    any_space = take;
                    if (breakable(p, take, left))
                        last_space = take;
                }
                cols += w;
                take += n;
            }
            if (take < left && !(p[take] == ' ' && breakable(p, take, left))) {
                if (last_space > 0)
                    take = last_space;
                else if (p[take] != ' ' && any_space > 0)
                    take = any_space;
            }
            emit(arg, p, take);
            lines++;
            p += take;
            left -= take;
            while (left > 0 && *p == ' ')
                p++, left--;
        } while (left > 0);
        text += para + (end != NULL);
    }
    return lines;
}

int tui_text_fit(const char *text, int cols, bool utf8, char *out, size_t size)
{
    const char *ellipsis = utf8 ? "\u2026" : "...";
    const int len = text ? (int)strlen(text) : 0, ellipsis_cols = utf8 ? 1 : 3;
    int keep = len, shown = tui_text_columns(text, len);
    bool cut = shown > cols;
    if (cut) {
        const int room = cols - ellipsis_cols;
        keep = 0;
        for (int i = 1; i < len && room > 0; i++)  /* the last space before which the words fit */
            if (text[i] == ' ' && text[i - 1] != ' ' && tui_text_columns(text, i) <= room)
                keep = i;
        if (keep == 0)  /* one word wider than the room: as many whole characters as fit */
            for (int i = 0; i < len && room > 0;) {
                uint32_t cp;
                int n = utf8_next(text + i, len - i, &cp);
                if (tui_text_columns(text, i + n) > room)
                    break;
                keep = i += n;
            }
        shown = room > 0 ? tui_text_columns(text, keep) + ellipsis_cols : 0;
    }
    if (size == 0)
        return 0;
    if (cols <= 0 || (cut && shown == 0)) {
        out[0] = '\0';
        return 0;
    }
    snprintf(out, size, "%.*s%s", keep, text ? text : "", cut ? ellipsis : "");
    return shown;
}

tui_page tui_text_page(int text_lines, int note_lines, int rows, int page)
{
    text_lines = text_lines < 0 ? 0 : text_lines;
    note_lines = note_lines < 0 ? 0 : note_lines;
    int gap = text_lines && note_lines, total = text_lines + gap + note_lines;
    tui_page pg = {.pages = 1, .count = total, .sign_row = -1};
    if (rows < 1) {
        pg.count = 0;
        return pg;
    }
    if (total <= rows)
        return pg;
    /* short notes keep the last rows on every page (the live numbers stay in sight), the text pages above them;
     * else the whole pages. The row above what pages carries the sign. */
    pg.pinned = note_lines > 0 && note_lines <= rows / 2 && rows - note_lines >= 2;
    int area = pg.pinned ? rows - note_lines : rows, lines = pg.pinned ? text_lines : total;
    if (lines <= area) {  /* the text fills the rows above the notes: no room for a sign, none needed */
        pg.count = lines;
        return pg;
    }
    int per = area > 1 ? area - 1 : 1;
    pg.pages = (lines + per - 1) / per;
    pg.page = page < 0 ? 0 : page >= pg.pages ? pg.pages - 1 : page;
    pg.first = pg.page * per;
    pg.count = lines - pg.first < per ? lines - pg.first : per;
    pg.sign_row = area > 1 ? area - 1 : -1;
    return pg;
}

/* What a Markdown line is, for tui_reflow: a line that takes the lines after it (a paragraph's, a list item's) or
 * one that stands alone (a heading, a table row). */
static bool starts_list_item(const char *s, size_t n)
{
    size_t i = strspn(s, " ");
    if (i + 1 < n && strchr("-*+", s[i]) && s[i + 1] == ' ')
        return true;
    size_t digits = 0;
    while (i + digits < n && s[i + digits] >= '0' && s[i + digits] <= '9')
        digits++;
    return digits > 0 && i + digits + 1 < n && strchr(".)", s[i + digits]) && s[i + digits + 1] == ' ';
}

void tui_reflow(char *text)
{
    char *w = text;
    const char *r = text;
    bool code = false, open = false, first = true;
    while (*r) {
        size_t n = strcspn(r, "\n");
        size_t lead = strspn(r, " ");
        bool blank = lead >= n, fence = !blank && n - lead >= 3 && strncmp(r + lead, "```", 3) == 0;
        bool alone = !blank && (r[lead] == '#' || r[lead] == '|');
        bool join = open && !code && !fence && !blank && !alone && !starts_list_item(r, n);
        if (join) {
            *w++ = ' ';
            r += lead, n -= lead;
        } else if (!first) {
            *w++ = '\n';
        }
        memmove(w, r, n);
        w += n;
        if (fence)
            code = !code;
        open = !code && !fence && !blank && !alone;
        first = false;
        r += n + (r[n] == '\n');
    }
    *w = '\0';
}

const char *tui_toggles_title(const tui_app *app, const tui_step *step)
{
    /* TRANSLATORS: the title of the window that lists what 1-9 shows or hides */
    return step->toggles_name ? step->toggles_name : app->toggles_name ? _(app->toggles_name) : _("methods");
}

int tui_walk_write(tui_app *app, FILE *f)
{
    const int first = app->one_step ? app->first_step : 0, end = app->one_step ? first + 1 : app->n_steps;
    for (int i = first; i < end; i++) {
        tui_step d = {0};
        app->describe(app->ctx, i, &d);
        app->changed(app->ctx, i, TUI_ENTER_STEP);
        char notes[2048] = "";
        if (app->notes)
            app->notes(app->ctx, i, notes, sizeof notes);
        fprintf(f, "=== step %d/%d: %s\n--- panes: %d\n", i + 1, app->n_steps, d.title ? d.title : "", d.n_panes);
        for (int p = 0; p < d.n_params; p++)
            fprintf(f, "--- parameter: %s%s%s%s\n", d.params[p].name, d.params[p].unit && *d.params[p].unit ? " [" : "",
                    d.params[p].unit ? d.params[p].unit : "", d.params[p].unit && *d.params[p].unit ? "]" : "");
        for (int t = 0; t < d.n_toggles; t++)
            fprintf(f, "--- %s: %s\n", tui_toggles_title(app, &d), d.toggles[t].name);
        /* the values the step starts from (after changed): what the command line gave shows here */
        for (int p = 0; p < d.n_params; p++)
            fprintf(f, "%s%s = %.6g%s", p ? ", " : "--- values: ", d.params[p].name, *d.params[p].value,
                    p + 1 == d.n_params ? "\n" : "");
        int shown = 0;
        for (int t = 0; t < d.n_toggles; t++)
            if (*d.toggles[t].enabled)
                fprintf(f, "%s%s", shown++ ? ", " : "--- shown: ", d.toggles[t].name);
        if (shown)
            fputc('\n', f);
        if (app->state) {
            char line[STATE_MAX];
            app->state(app->state_ctx, i, &d, line, sizeof line);
            fprintf(f, "--- state: %s\n", line);
        }
        fprintf(f, "%s\n", d.text ? d.text : "");
        if (*notes)
            fprintf(f, "--- notes\n%s\n", notes);
    }
    return fflush(f) == 0 && !ferror(f) ? TUI_OK : TUI_ERR_IO;
}
