/* tui_text: the shell's pure helpers (no curses): parameter steps, the step description, notes, word wrap.
 * Apart from tui.c so that they can be tested and used without a terminal. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
        d->params[d->n_params++] = (tui_param){name, unit, value, min, max, step, big_step, log_scale};
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
            /* take as many whole words as fit; a word longer than the line is cut */
            int take = 0, last_space = -1, cols = 0;
            while (take < left && cols < width) {
                if (p[take] == ' ')
                    last_space = take;
                cols += ((unsigned char)p[take] & 0xC0) != 0x80;
                take++;
                while (take < left && ((unsigned char)p[take] & 0xC0) == 0x80)
                    take++;
            }
            if (take < left && p[take] != ' ' && last_space > 0)
                take = last_space;
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
