/* pl-results: PrairieLearn's results.json from the judge's (Gradescope's format: report.h), the same scores.
 *
 *   pl-results [--lang L] IN.json OUT.json      (L: the judge's --lang, for the words pl-results adds)
 *
 * PrairieLearn's external grader reads /grade/results/results.json (docs/externalGrading.md of PrairieLearn):
 * `gradable`, `score` in 0..1, `message`, `output` and `tests[]` of `name`, `points`, `max_points`, `output`. The
 * score is the judge's score over its maximum, so a file scores what `make grade` gives it; a submission that does not
 * compile is graded 0, as on Gradescope (gradable stays true: the rule is one for every engine). PrairieLearn shows a
 * test to the student at once and has no per-test visibility: a hidden test (visibility other than "visible") keeps
 * its name and points, never its output. Written whole or not at all (report.c's gr_write_atomic). */
#define _GNU_SOURCE
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "report.h"

#define IN_MAX (16L << 20)   /* bytes of the judge's results: far above any it writes */

static const char *text(const cJSON *object, const char *name)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);
    return cJSON_IsString(item) ? item->valuestring : "";
}

/* PrairieLearn's object for the judge's results `in`; NULL when out of memory. */
static cJSON *convert(const cJSON *in)
{
    double score = gr_json_number(in, "score"), max = gr_json_number(in, "max_score");
    cJSON *out = cJSON_CreateObject(), *tests = NULL;
    char message[128];
    snprintf(message, sizeof message, _("score %g / %g"), score, max);
    bool ok = out && cJSON_AddBoolToObject(out, "gradable", true) &&
              cJSON_AddNumberToObject(out, "score", max > 0 ? score / max : 0.0) &&
              cJSON_AddStringToObject(out, "message", message) &&
              cJSON_AddStringToObject(out, "output", text(in, "output")) &&
              (tests = cJSON_AddArrayToObject(out, "tests")) != NULL;
    const cJSON *test;
    cJSON_ArrayForEach(test, cJSON_GetObjectItemCaseSensitive(in, "tests")) {
        if (!ok)
            break;
        bool hidden = strcmp(text(test, "visibility"), "visible") != 0;
        cJSON *t = cJSON_CreateObject();
        ok = t && cJSON_AddItemToArray(tests, t) && cJSON_AddStringToObject(t, "name", text(test, "name")) &&
             cJSON_AddNumberToObject(t, "points", gr_json_number(test, "score")) &&
             cJSON_AddNumberToObject(t, "max_points", gr_json_number(test, "max_score")) &&
             cJSON_AddStringToObject(t, "message", hidden ? _("hidden test: its details are not shown") : "") &&
             cJSON_AddStringToObject(t, "output", hidden ? "" : text(test, "output"));
    }
    if (!ok) {
        cJSON_Delete(out);
        return NULL;
    }
    return out;
}

int main(int argc, char **argv)
{
    const char *lang = NULL;
    if (argc == 5 && strcmp(argv[1], "--lang") == 0)
        lang = argv[2], argv += 2, argc -= 2;
    if (argc != 3 || (lang && !gr_lang_name_ok(lang))) {
        fprintf(stderr, "usage: pl-results [--lang L] IN.json OUT.json\n");
        return 2;
    }
    char missing[512];
    if (gr_lang_init(lang, missing, sizeof missing) != 0) {
        fprintf(stderr, "pl-results: --lang: '%s' has no catalogue in %s\n", lang, missing);
        return 2;
    }
    char error[1024] = "";
    char *in_text = gr_read_whole(argv[1], IN_MAX, error, sizeof error);
    cJSON *in = in_text ? cJSON_Parse(in_text) : NULL;
    free(in_text);
    if (!in || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(in, "tests"))) {
        fprintf(stderr, "pl-results: %s\n", error[0] ? error : "the input is not a judge's results.json with tests");
        cJSON_Delete(in);
        return 1;
    }
    cJSON *out = convert(in);
    cJSON_Delete(in);
    char *json = out ? cJSON_Print(out) : NULL, *line = NULL;
    cJSON_Delete(out);
    int rc = -1;
    if (json && asprintf(&line, "%s\n", json) >= 0)
        rc = gr_write_atomic(argv[2], line, strlen(line), error, sizeof error);
    else
        snprintf(error, sizeof error, "out of memory");
    if (rc != 0)
        fprintf(stderr, "pl-results: %s\n", error);
    free(line);
    cJSON_free(json);
    return rc == 0 ? 0 : 1;
}
