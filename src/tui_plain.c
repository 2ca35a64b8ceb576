/* tui_plain: the walk as lines for a screen reader or a braille display (--plain). See include/numlab/tui.h.
 * The same tui_app callbacks as the curses shell: describe, changed, render (under a plot capture, so the charts are
 * said from their data: plot_describe.h), notes, tick (run to its end after each change), key; and the two that only
 * this mode asks, summary and listen. */
#include "numlab/lang.h"
#include "numlab/plot_describe.h"
#include "numlab/text.h"
#include "numlab/tui.h"
#include "tui_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define PLAIN_PANE_COLS 100  /* the size the charts are rendered at to be described (their ranges, ticks) */
#define PLAIN_PANE_ROWS 30
#define PLAIN_TABLE_ROWS 8
#define PLAIN_MAX_SECONDS 60.0  /* the most animation run to its end after a change (a looping animation stops) */
#define PLAIN_TEXT 16384

/* Keys that are not one byte: as the curses shell's (tui_keys.c takes curses' codes; here the escapes). */
enum { KEY_PLAIN_UP = 0x100, KEY_PLAIN_DOWN, KEY_PLAIN_RIGHT, KEY_PLAIN_LEFT, KEY_PLAIN_BACKTAB, KEY_PLAIN_PGUP,
       KEY_PLAIN_PGDN, KEY_PLAIN_SRIGHT, KEY_PLAIN_SLEFT, KEY_PLAIN_END = -1 };

static bool plain_on;
static const char *plain_wav;

void tui_set_plain(bool on, const char *tone_wav)
{
    plain_on = on;
    plain_wav = tone_wav;
    if (on)
        setenv("NUMLAB_PLAIN", "1", 1);  /* a lab the launcher starts speaks in lines too */
}

bool tui_plain(void)
{
    const char *env = getenv("NUMLAB_PLAIN");
    return plain_on || (env && *env && strcmp(env, "0") != 0);
}

typedef struct {
    tui_app *app;
    FILE *in, *out;
    int step, selected;
    tui_step desc;
} plain_state;

/* A code point of a picture, not of words: box drawing (U+2500-257F), block elements (U+2580-259F: a meter's bar),
 * braille patterns (U+2800-28FF: a plot's dots), or a run of middle dots (a meter's empty part). A speech engine
 * spells them out one by one, a braille display shows them as noise: --plain leaves them out. Returns the bytes. */
static size_t picture_glyph(const unsigned char *p, unsigned char before)
{
    if (p[0] == 0xe2 && (p[1] == 0x94 || p[1] == 0x95 || p[1] == 0x96) && p[2] >= 0x80 && p[2] <= 0xbf &&
        !(p[1] == 0x96 && p[2] >= 0xa0))
        return 3;  /* U+2500..U+259F */
    if (p[0] == 0xe2 && p[1] >= 0xa0 && p[1] <= 0xa3 && p[2] >= 0x80 && p[2] <= 0xbf)
        return 3;  /* U+2800..U+28FF */
    if (p[0] == 0xc2 && p[1] == 0xb7 && ((p[2] == 0xc2 && p[3] == 0xb7) || before == 0xb7))
        return 2;  /* U+00B7 in a run */
    return 0;
}

/* Each line of text (lines separated by '\n'), pictures left out, escaped (text.h): whatever a lab passes on from
 * a file shows as \xHH, never as a control. Empty lines are left out. */
static void put_lines(plain_state *s, const char *text)
{
    for (const char *p = text; *p;) {
        const size_t n = strcspn(p, "\n");
        if (n > 0) {
            char line[PLAIN_TEXT];
            size_t used = 0;
            bool after_picture = false;
            for (size_t i = 0; i < n && used + 1 < sizeof line;) {
                const size_t skip = picture_glyph((const unsigned char *)p + i, i > 0 ? (unsigned char)p[i - 1] : 0);
                if (skip) {
                    i += skip, after_picture = true;
                } else if (p[i] == ' ' && after_picture && used > 0 && line[used - 1] == ' ') {
                    i++;  /* the spaces around a picture left out: one */
                } else {
                    after_picture = after_picture && p[i] == ' ';
                    line[used++] = p[i++];
                }
            }
            line[used] = '\0';
            text_fputs(line, s->out);
            fputc('\n', s->out);
        }
        p += n + (p[n] == '\n');
    }
}

static void say(plain_state *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(plain_state *s, const char *fmt, ...)
{
    char line[PLAIN_TEXT];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    put_lines(s, line);
}

/* --- keys ------------------------------------------------------------------------------------------------- */

/* The next key: a byte, or an arrow, shift-tab, PgUp or PgDn from its escape sequence (ESC [ or ESC O, CSI
 * parameters, a final byte); KEY_PLAIN_END at the end of input or on a quit signal. */
static int read_key(FILE *in)
{
    int c = getc(in);
    if (c == EOF)
        return KEY_PLAIN_END;
    if (c != 27)
        return c;
    int intro = getc(in);
    if (intro != '[' && intro != 'O')
        return intro == EOF ? KEY_PLAIN_END : intro;  /* Esc then a key: the key (Alt-key) */
    char params[16] = "";
    size_t n = 0;
    int fin;
    while ((fin = getc(in)) != EOF && ((fin >= '0' && fin <= '9') || fin == ';'))
        if (n + 1 < sizeof params)
            params[n++] = (char)fin, params[n] = '\0';
    const bool shifted = strstr(params, ";2") != NULL;
    switch (fin) {
    case 'A': return KEY_PLAIN_UP;
    case 'B': return KEY_PLAIN_DOWN;
    case 'C': return shifted ? KEY_PLAIN_SRIGHT : KEY_PLAIN_RIGHT;
    case 'D': return shifted ? KEY_PLAIN_SLEFT : KEY_PLAIN_LEFT;
    case 'Z': return KEY_PLAIN_BACKTAB;
    case '~': return strcmp(params, "5") == 0 ? KEY_PLAIN_PGUP : strcmp(params, "6") == 0 ? KEY_PLAIN_PGDN : 0;
    default:  return fin == EOF ? KEY_PLAIN_END : 0;  /* a sequence this mode has no use for */
    }
}

/* --- what a step says ------------------------------------------------------------------------------------- */

static void param_text(const tui_param *p, char *buf, size_t size)
{
    snprintf(buf, size, "%s = %.4g%s%s", p->name, *p->value, p->unit && *p->unit ? " " : "", p->unit ? p->unit : "");
}

/* Runs the animation to its end (at the display rate, at most PLAIN_MAX_SECONDS): the charts then show it all. */
static void finish_animation(plain_state *s)
{
    if (!s->app->tick)
        return;
    const double hz = s->app->frame_hz > 0 ? s->app->frame_hz : 30.0;
    for (long i = 0; i < (long)(PLAIN_MAX_SECONDS * hz); i++)
        if (!s->app->tick(s->app->ctx, s->step, 1.0 / hz))
            break;
}

static void describe(plain_state *s)
{
    memset(&s->desc, 0, sizeof s->desc);
    s->app->describe(s->app->ctx, s->step, &s->desc);
    if (s->selected >= s->desc.n_params)
        s->selected = 0;
}

/* The charts of the step's panes, rendered (each clone again: a clone is not rendered) and then given to use. */
static int capture_charts(plain_state *s, plot_chart **charts, int max)
{
    plot_capture_start();
    const int panes = s->desc.n_panes < 1 ? 1 : s->desc.n_panes > TUI_MAX_PANES ? TUI_MAX_PANES : s->desc.n_panes;
    for (int p = 0; p < panes; p++)
        s->app->render(s->app->ctx, s->step, p, PLAIN_PANE_COLS, PLAIN_PANE_ROWS);
    const int n = plot_capture_stop(charts, max);
    for (int k = 0; k < n; k++)
        plot_chart_render(charts[k]);
    return n;
}

static void free_charts(plot_chart **charts, int n)
{
    for (int k = 0; k < n; k++)
        plot_chart_free(charts[k]);
}

/* d: each chart in sentences; t: each chart's numbers. */
static void say_charts(plain_state *s, bool table)
{
    plot_chart *charts[TUI_MAX_PANES * 4];
    const int n = capture_charts(s, charts, (int)(sizeof charts / sizeof charts[0]));
    if (n == 0)
        say(s, "%s", _("This step shows no chart."));
    char *text = malloc(PLAIN_TEXT);
    for (int k = 0; k < n && text; k++) {
        /* TRANSLATORS: before a chart said in words or its table: "Chart 1 of 2." */
        say(s, _("Chart %d of %d."), k + 1, n);
        if (table)
            plot_chart_table(charts[k], PLAIN_TABLE_ROWS, text, PLAIN_TEXT);
        else
            plot_chart_describe(charts[k], text, PLAIN_TEXT);
        put_lines(s, text);
    }
    free(text);
    free_charts(charts, n);
}

static void notes_line(plain_state *s, char *buf, size_t size)
{
    buf[0] = '\0';
    if (s->app->notes)
        s->app->notes(s->app->ctx, s->step, buf, size);
    for (char *c = buf; *c; c++)
        *c = *c == '\n' ? ' ' : *c;
    /* a sentence: the notes' trailing spaces and list separator off, a full stop at the end */
    size_t n = strlen(buf);
    while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == ';' || buf[n - 1] == ','))
        buf[--n] = '\0';
    if (n > 0 && n + 1 < size && !strchr(".:!?)", buf[n - 1]))
        buf[n] = '.', buf[n + 1] = '\0';
}

static void say_parameters(plain_state *s)
{
    const tui_step *d = &s->desc;
    char line[PLAIN_TEXT] = "", one[256];
    size_t used = 0;
    for (int p = 0; p < d->n_params; p++) {
        param_text(&d->params[p], one, sizeof one);
        used = tui_append(line, sizeof line, used, "%s%s", p ? ", " : "", one);
    }
    if (d->n_params)
        /* TRANSLATORS: "Parameters: k = 1600 N/m, dt = 0.02 s. Selected: k." */
        say(s, _("Parameters: %s. Selected: %s."), line, d->params[s->selected].name);
    used = 0;
    line[0] = '\0';
    for (int t = 0; t < d->n_toggles; t++)
        /* TRANSLATORS: one toggle of a step in --plain: "1 explicit, shown" */
        used = tui_append(line, sizeof line, used, "%s%d %s, %s", t ? "; " : "", t + 1, d->toggles[t].name,
                          *d->toggles[t].enabled ? _("shown") : _("hidden"));
    if (d->n_toggles)
        /* TRANSLATORS: "Keys 1 to 3, methods: 1 explicit, shown; 2 semi, hidden." */
        say(s, _("Keys 1 to %d, %s: %s."), d->n_toggles, tui_toggles_title(s->app, d), line);
}

/* The whole step: on arriving at it, and on i. */
static void say_step(plain_state *s)
{
    const tui_step *d = &s->desc;
    /* TRANSLATORS: the first line of a step in --plain: "Step 1 of 15: Explicit Euler explodes." */
    say(s, _("Step %d of %d: %s."), s->step + 1, s->app->n_steps, d->title ? d->title : "");
    put_lines(s, d->text ? d->text : "");
    say_parameters(s);
    char notes[PLAIN_TEXT];
    notes_line(s, notes, sizeof notes);
    if (*notes)
        say(s, _("Notes: %s"), notes);
    say_charts(s, false);
    say(s, "%s", _("Press ? for the keys."));
}

/* The line after a key that changed something: what changed, then what the result says now. */
static void say_changed(plain_state *s, const char *what)
{
    char summary[PLAIN_TEXT] = "";
    if (s->app->summary)
        s->app->summary(s->app->ctx, s->step, summary, sizeof summary);
    if (!*summary)
        notes_line(s, summary, sizeof summary);
    say(s, "%s: %s", what, *summary ? summary : _("nothing to say"));
}

static void recompute(plain_state *s, tui_change what)
{
    s->app->changed(s->app->ctx, s->step, what);
    finish_animation(s);
    describe(s);
}

static void go_to_step(plain_state *s, int step)
{
    if (step < 0 || step >= s->app->n_steps) {
        say(s, step < 0 ? _("This is the first step (1 of %d).") : _("This is the last step (%d of %d)."),
            step < 0 ? s->app->n_steps : s->app->n_steps, s->app->n_steps);
        return;
    }
    s->step = step;
    s->selected = 0;
    describe(s);
    recompute(s, TUI_ENTER_STEP);  /* the step's defaults, then the description they give */
    say_step(s);
}

/* --- the keys as sentences (?) ------------------------------------------------------------------------------ */

static void say_help(plain_state *s)
{
    static const char *const sentences[] = {
        N_("Press n for the next step of the walk and p for the previous one."),
        N_("Press tab or the down arrow to select the next parameter, shift-tab or the up arrow for the previous one."),
        N_("Press + or the right arrow to raise the selected parameter and - or the left arrow to lower it; page up "
           "and page down, or shift with an arrow, take big steps."),
        N_("Press d to hear the charts described again, and t for their numbers as a short table."),
        N_("Press l to listen to a series as a tone whose pitch follows its value."),
        N_("Press i to hear the whole step again, and r to run it again from its start."),
        N_("Press f to write the step's charts as SVG, PNG and CSV files into numlab-figures."),
        N_("Press capital S to write the screen's state line, which opens this step again, into numlab-states.txt."),
        N_("Press q to quit."),
    };
    for (size_t i = 0; i < sizeof sentences / sizeof sentences[0]; i++) {
        say(s, "%s", _(sentences[i]));
        if (i == 1 && s->desc.n_toggles)
            /* TRANSLATORS: %d the number of toggles, %s what they are ("methods") */
            say(s, _("Press 1 to %d to show or hide one of the %s."), s->desc.n_toggles,
                tui_toggles_title(s->app, &s->desc));
    }
    if (s->app->extra_keys && *s->app->extra_keys)
        /* TRANSLATORS: the lab's own keys, as its status line lists them: "o opacity" */
        say(s, _("This lab's own keys: %s."), _(s->app->extra_keys));
}

/* --- the keys ---------------------------------------------------------------------------------------------- */

static void change_param(plain_state *s, int direction, bool big)
{
    if (s->desc.n_params == 0) {
        say(s, "%s", _("This step has no parameter to change."));
        return;
    }
    tui_param *p = &s->desc.params[s->selected];
    const double v = tui_param_stepped(p, direction, big);
    char what[256];
    if (v == *p->value) {
        param_text(p, what, sizeof what);
        say(s, direction > 0 ? _("%s already: the top of its range.") : _("%s already: the bottom of its range."),
            what);
        return;
    }
    *p->value = v;
    recompute(s, TUI_EDITED);
    param_text(&s->desc.params[s->selected], what, sizeof what);
    say_changed(s, what);
}

static void select_param(plain_state *s, int direction)
{
    if (s->desc.n_params == 0) {
        say(s, "%s", _("This step has no parameter to select."));
        return;
    }
    s->selected = (s->selected + direction + s->desc.n_params) % s->desc.n_params;
    const tui_param *p = &s->desc.params[s->selected];
    char what[256];
    param_text(p, what, sizeof what);
    /* TRANSLATORS: "Selected dt = 0.02 s, from 1e-05 to 1." */
    say(s, _("Selected %s, from %g to %g."), what, p->min, p->max);
}

static void toggle(plain_state *s, int t)
{
    bool *flag = s->desc.toggles[t].enabled;
    *flag = !*flag;
    char what[256];
    /* TRANSLATORS: what a toggle key did, before the summary: "semi shown" */
    snprintf(what, sizeof what, *flag ? _("%s shown") : _("%s hidden"), s->desc.toggles[t].name);
    recompute(s, TUI_EDITED);
    say_changed(s, what);
}

static void lab_key(plain_state *s, int ch)
{
    tui_app *app = s->app;
    char name[16];
    snprintf(name, sizeof name, "%c", ch > 0 && ch < 0x80 ? ch : '?');
    if (ch >= 0x80 || !app->key || !app->key(app->ctx, s->step, ch)) {
        char shown[64];
        text_escape(name, shown, sizeof shown);
        say(s, _("The key %s does nothing here: ? lists the keys."), shown);
        return;
    }
    finish_animation(s);
    describe(s);
    if (app->said[0]) {
        say(s, "%s", app->said);
        app->said[0] = '\0';
    }
    const bool go = app->go_requested;
    app->go_requested = false;
    if (go && app->go_step >= 0 && app->go_step != s->step)
        go_to_step(s, app->go_step);
    else
        say_changed(s, name);
}

/* Returns false to quit. */
static bool take_key(plain_state *s, int ch)
{
    switch (ch) {
    case KEY_PLAIN_END: case 'q': case 'Q': return false;
    case '\n': case '\r': case 12: case 0:  break;  /* Enter after a key, Ctrl-L, a sequence of no use: nothing */
    case '?':                            say_help(s); break;
    case 'n':                            go_to_step(s, s->step + 1); break;
    case 'p':                            go_to_step(s, s->step - 1); break;
    case 'i':                            say_step(s); break;
    case 'd':                            say_charts(s, false); break;
    case 't':                            say_charts(s, true); break;
    case 'r':                            recompute(s, TUI_RESTART); say_changed(s, _("run again")); break;
    case ' ':                            say(s, "%s", _("Nothing animates in plain mode: the charts show the whole run."));
                                         break;
    case 'l': {
        char note[1024];
        tui_listen(s->app, s->step, s->desc.n_panes, plain_wav, note, sizeof note);
        say(s, "%s", note);
        break;
    }
    case 'f': {
        char note[512];
        int w[TUI_MAX_PANES] = {PLAIN_PANE_COLS, PLAIN_PANE_COLS};
        tui_figures_write(s->app, s->step, &s->desc, w, PLAIN_PANE_ROWS, note, sizeof note);
        say(s, "%s", note);
        break;
    }
    case 'S': {  /* the screen's state line, said and appended to numlab-states.txt, as on the screen */
        char note[1024];
        tui_state_write(s->app, s->step, &s->desc, note, sizeof note);
        say(s, "%s", note);
        break;
    }
    case '\t': case KEY_PLAIN_DOWN:      select_param(s, +1); break;
    case KEY_PLAIN_BACKTAB: case KEY_PLAIN_UP: select_param(s, -1); break;
    case '+': case '=': case KEY_PLAIN_RIGHT: change_param(s, +1, false); break;
    case '-': case '_': case KEY_PLAIN_LEFT:  change_param(s, -1, false); break;
    case KEY_PLAIN_PGUP: case KEY_PLAIN_SRIGHT: change_param(s, +1, true); break;
    case KEY_PLAIN_PGDN: case KEY_PLAIN_SLEFT:  change_param(s, -1, true); break;
    default:
        if (ch >= '1' && ch <= '9' && ch - '1' < s->desc.n_toggles)
            toggle(s, ch - '1');
        else
            lab_key(s, ch);
    }
    fflush(s->out);
    return true;
}

int tui_plain_run(tui_app *app, FILE *in, FILE *out)
{
    plain_state s = {.app = app, .in = in, .out = out, .step = -1};
    app->go_requested = false;
    app->said[0] = '\0';
    tui_catch_quit();
    setvbuf(in, NULL, _IONBF, 0);  /* no read-ahead: what follows q is left for the launcher that started the lab */
    /* a terminal gives each key as it is pressed, without echo (the answer is the line that follows) */
    struct termios saved, raw;
    const bool tty = isatty(fileno(in)) && tcgetattr(fileno(in), &saved) == 0;
    if (tty) {
        raw = saved;
        raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
        raw.c_cc[VMIN] = 1, raw.c_cc[VTIME] = 0;
        tcsetattr(fileno(in), TCSANOW, &raw);
    }
    go_to_step(&s, 0);
    fflush(out);
    while (!tui_signal() && take_key(&s, read_key(in)))
        ;
    if (tty)
        tcsetattr(fileno(in), TCSANOW, &saved);
    return fflush(out) == 0 && !ferror(out) ? TUI_OK : TUI_ERR_IO;
}
