/* merge-results: one Gradescope results.json for an assignment of several exercises, from each exercise's own.
 *
 *   merge-results OUT.json NAME=PART.json ...
 *
 * The score and max_score are the parts' sums, each test's name is prefixed with its exercise ("[01-euler-steps] ...")
 * and tagged with it, the outputs are joined under one heading per exercise. A part that is missing or is not a
 * results.json makes the merge fail (exit 1): the caller grades every part, whatever happens to it, first. Written
 * whole or not at all (report.c); its total is printed as the judge prints one exercise's: "score S / M  (OUT.json)". */
#define _GNU_SOURCE
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define PART_MAX (16L << 20)   /* bytes of one part: far above any the judge writes */


/* Adds part NAME's tests and totals to the merged results. Returns 0, or -1 with error set. */
static int merge_part(cJSON *merged, char **output, const char *name, const char *path, char *error, size_t size)
{
    char *text = gr_read_whole(path, PART_MAX, error, size);
    cJSON *part = text ? cJSON_Parse(text) : NULL;
    free(text);
    const cJSON *tests = part ? cJSON_GetObjectItemCaseSensitive(part, "tests") : NULL;
    if (!part || !cJSON_IsArray(tests)) {
        if (part || !error[0])
            snprintf(error, size, "%s: not a results.json with tests", path);
        cJSON_Delete(part);
        return -1;
    }
    cJSON_SetNumberValue(cJSON_GetObjectItem(merged, "score"),
                         gr_json_number(merged, "score") + gr_json_number(part, "score"));
    cJSON_SetNumberValue(cJSON_GetObjectItem(merged, "max_score"),
                         gr_json_number(merged, "max_score") + gr_json_number(part, "max_score"));
    cJSON_SetNumberValue(cJSON_GetObjectItem(merged, "execution_time"),
                         gr_json_number(merged, "execution_time") + gr_json_number(part, "execution_time"));
    const cJSON *out = cJSON_GetObjectItemCaseSensitive(part, "output");
    char *joined = NULL;
    if (asprintf(&joined, "%s== %s: %g / %g ==\n%s\n", *output, name, gr_json_number(part, "score"),
                 gr_json_number(part, "max_score"), cJSON_IsString(out) ? out->valuestring : "") < 0) {
        cJSON_Delete(part);
        snprintf(error, size, "out of memory");
        return -1;
    }
    free(*output);
    *output = joined;
    cJSON *all = cJSON_GetObjectItem(merged, "tests");
    const cJSON *test;
    int rc = 0;
    cJSON_ArrayForEach(test, tests) {
        cJSON *copy = cJSON_Duplicate(test, 1);
        const cJSON *title = cJSON_GetObjectItemCaseSensitive(copy, "name");
        char *prefixed = NULL;
        cJSON *tags = cJSON_CreateArray();
        if (!copy || !tags || asprintf(&prefixed, "[%s] %s", name, cJSON_IsString(title) ? title->valuestring : "") < 0 ||
            !cJSON_AddItemToArray(tags, cJSON_CreateString(name))) {
            cJSON_Delete(copy), cJSON_Delete(tags);
            rc = -1;
            break;
        }
        cJSON_ReplaceItemInObject(copy, "name", cJSON_CreateString(prefixed));
        cJSON_DeleteItemFromObject(copy, "tags");
        cJSON_AddItemToObject(copy, "tags", tags);
        cJSON_AddItemToArray(all, copy);
        free(prefixed);
    }
    cJSON_Delete(part);
    if (rc != 0)
        snprintf(error, size, "out of memory");
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: merge-results OUT.json NAME=PART.json ...\n");
        return 2;
    }
    for (int i = 2; i < argc; i++)
        if (!strchr(argv[i], '=') || argv[i][0] == '=') {
            fprintf(stderr, "merge-results: '%s' is not NAME=PART.json\n", argv[i]);
            return 2;
        }
    cJSON *merged = cJSON_CreateObject();
    char *output = strdup(""), error[1024] = "";
    int rc = merged && output && cJSON_AddNumberToObject(merged, "score", 0) &&
                     cJSON_AddNumberToObject(merged, "max_score", 0) &&
                     cJSON_AddNumberToObject(merged, "execution_time", 0) &&
                     cJSON_AddArrayToObject(merged, "tests") ? 0 : -1;
    for (int i = 2; rc == 0 && i < argc; i++) {
        char *name = strdup(argv[i]);
        if (!name) {
            rc = -1;
            break;
        }
        char *path = strchr(name, '=');
        *path++ = '\0';
        rc = merge_part(merged, &output, name, path, error, sizeof error);
        free(name);
    }
    char *json = NULL;
    if (rc == 0 && cJSON_AddStringToObject(merged, "output", output) &&
        cJSON_AddStringToObject(merged, "visibility", "visible") &&
        cJSON_AddStringToObject(merged, "stdout_visibility", "hidden"))
        json = cJSON_Print(merged);
    if (json) {
        size_t len = strlen(json);
        json[len - (len > 0 && json[len - 1] == '\n')] = '\0';
        char *text = NULL;
        rc = asprintf(&text, "%s\n", json) < 0 ? -1 : gr_write_atomic(argv[1], text, strlen(text), error, sizeof error);
        free(text);
        if (rc == 0)   /* the assignment's total, in the judge's words for one exercise */
            printf("score %g / %g  (%s)\n", gr_json_number(merged, "score"), gr_json_number(merged, "max_score"),
                   argv[1]);
    } else if (!error[0]) {
        snprintf(error, sizeof error, "out of memory");
    }
    if (!json)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "merge-results: %s\n", error);
    cJSON_free(json);
    cJSON_Delete(merged);
    free(output);
    return rc == 0 ? 0 : 1;
}
