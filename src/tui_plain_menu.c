/* tui_plain_menu: the launcher's list and pager as lines (--plain, tui.h): the items said one a line with their
 * numbers, a number and Enter chooses; a page is said whole. Lines are read a byte at a time, unbuffered, so that a
 * lab the launcher starts reads the keys that follow its own, from a pipe as from a terminal. */
#include "numlab/lang.h"
#include "numlab/text.h"
#include "numlab/tui.h"
#include "tui_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A line of stdin without its '\n' (cut to size); false at the end of input or on a quit signal. */
static bool read_line(char *buf, size_t size)
{
    size_t n = 0;
    char c;
    ssize_t got;
    while ((got = read(STDIN_FILENO, &c, 1)) == 1 && c != '\n')
        if (c != '\r' && n + 1 < size)
            buf[n++] = c;
    buf[n] = '\0';
    return got == 1 || n > 0;
}

static void line(const char *text)
{
    text_fputs(text, stdout);
    putchar('\n');
}

int tui_plain_menu(const char *title, const char *subtitle, const tui_item *items, int n_items, int selected,
                   int *choice)
{
    *choice = -1;
    tui_catch_quit();
    line(title);
    if (subtitle)
        line(subtitle);
    for (int i = 0; i < n_items; i++) {
        char item[1024];
        /* TRANSLATORS: an item of the launcher's list in --plain: "1 spring-lab: a damped spring: ..." */
        snprintf(item, sizeof item, _("%d %s: %s."), i + 1, items[i].label, items[i].detail ? items[i].detail : "");
        line(item);
    }
    char prompt[256];
    /* TRANSLATORS: %d the number of items, %d the one Enter alone chooses */
    snprintf(prompt, sizeof prompt, _("Type a number from 1 to %d and press Enter (Enter alone: %d), or q to leave."),
             n_items, selected + 1);
    line(prompt);
    fflush(stdout);
    char answer[64];
    while (!tui_signal() && read_line(answer, sizeof answer)) {
        if (strcmp(answer, "q") == 0 || strcmp(answer, "Q") == 0)
            return TUI_OK;
        char *end;
        const long k = answer[0] ? strtol(answer, &end, 10) : selected + 1;
        if ((!answer[0] || *end == '\0') && k >= 1 && k <= n_items) {
            *choice = (int)k - 1;
            return TUI_OK;
        }
        char shown[256], said[512];
        text_escape(answer, shown, sizeof shown);
        snprintf(said, sizeof said, _("'%s' is not an item: %s"), shown, prompt);
        line(said);
        fflush(stdout);
    }
    return TUI_OK;
}

int tui_plain_pager(const char *title, const char *text)
{
    line(title);
    char *copy = strdup(text);
    if (!copy)
        return TUI_OK;
    tui_reflow(copy);  /* a paragraph a line: a braille display scrolls a line, a screen reader reads it whole */
    for (char *p = copy; *p;) {
        const size_t n = strcspn(p, "\n");
        const char c = p[n];
        p[n] = '\0';
        if (n > 0)
            line(p);
        p += n + (c == '\n');
    }
    free(copy);
    line(_("End of the page."));
    fflush(stdout);
    return TUI_OK;
}
