/* exercise_list: what `make exercise` says before it runs any test, in the caller's language (i18n.h):
 *
 *   exercise-list NN-topic...               the exercises and their titles (`make exercise` without EX)
 *   exercise-list --not WHAT NN-topic...    EX=WHAT names none of them: why, then the list, on stderr; exit 2
 *   exercise-list --not-compiled NN-topic   the student's file did not compile: make grade's sentence and what to
 *                                           do, on stderr, under the compiler's messages; exit 1
 *
 * An exercise's title is the first line of its README in that language (README.es.md for Spanish: the
 * catalogue's translation of "README.md"), without the leading '#', else of its README.md. Control characters
 * in a title are shown as '?': a README is a file students edit. */
#include <stdio.h>
#include <string.h>

#include "i18n.h"

/* The first line of exercises/NAME/FILE, '#' and spaces dropped, into title; false when it cannot be read. */
static int read_title(const char *name, const char *file, char *title, size_t size)
{
    char path[512];
    snprintf(path, sizeof path, "exercises/%s/%s", name, file);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[256];
    int ok = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    if (!ok)
        return 0;
    const char *start = line + strspn(line, "# ");
    snprintf(title, size, "%.*s", (int)strcspn(start, "\r\n"), start);
    for (char *p = title; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7F)
            *p = '?';
    return 1;
}

static void list(FILE *out, int count, char **names)
{
    for (int i = 0; i < count; i++) {
        char title[256] = "";
        /* TRANSLATORS: the file of an exercise's README in this language (README.es.md) */
        if (!read_title(names[i], _("README.md"), title, sizeof title))
            read_title(names[i], "README.md", title, sizeof title);
        fprintf(out, "  %-24s %s\n", names[i], title);
    }
}

int main(int argc, char **argv)
{
    char missing[64];
    gr_lang_init(NULL, missing, sizeof missing);
    if (argc > 2 && strcmp(argv[1], "--not") == 0) {
        char shown[96];
        snprintf(shown, sizeof shown, "%s", argv[2]);
        for (char *p = shown; *p; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7F)
                *p = '?';
        fprintf(stderr, _("make exercise: EX='%s' is not an exercise; allowed (EX=01 ...):\n"), shown);
        list(stderr, argc - 3, argv + 3);
        return 2;
    }
    if (argc == 3 && strcmp(argv[1], "--not-compiled") == 0) {
        char shown[96];
        snprintf(shown, sizeof shown, "%s", argv[2]);
        for (char *p = shown; *p; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7F)
                *p = '?';
        /* the same sentence as make grade's results (report.c), then where to look */
        fputs(_("The submission does not compile.\n"), stderr);
        fprintf(stderr, _("  exercises/%s/student.c: the compiler's messages are above; fix the first one, then run "
                          "make exercise again.\n"), shown);
        return 1;
    }
    printf("%s\n", _("make exercise EX=NN: the visible tests of exercises/NN-topic/student.c (EX=9, 09 or the "
                     "folder)"));
    list(stdout, argc - 1, argv + 1);
    return 0;
}
