/* gltf_json: error trail and typed access to JSON members, each failure naming the member, the value and what is
 * allowed. */
#include "gltf_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/lang.h"
#include "numlab/text.h"

gltf_status gltf_fail(gltf_ctx *c, gltf_status status, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    /* names, URIs and strings from the file are escaped for the terminal; a very long line is cut, and marked; a long
     * file name is cut (text_cut), never the reason after it */
    char raw[1024], name[TEXT_CUT_SIZE];
    int n = snprintf(raw, sizeof raw, "%s: %s%s%s", text_cut(c->name, name, sizeof name), c->where,
                     *c->where ? ": " : "", what);
    char *msg = c->err->message;
    size_t room = sizeof c->err->message - 3;
    if (text_escape(raw, msg, room) >= room || n >= (int)sizeof raw)
        strcat(msg, "...");
    return status;
}

size_t gltf_push(gltf_ctx *c, const char *fmt, ...)
{
    size_t length = strlen(c->where);
    if (length > 0 && length + 2 < sizeof c->where)
        strcpy(c->where + length, ": ");
    size_t start = strlen(c->where);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->where + start, sizeof c->where - start, fmt, ap);
    va_end(ap);
    return length;
}

void gltf_pop(gltf_ctx *c, size_t length)
{
    c->where[length] = '\0';
}

/* The value as it would read in the file, shortened, for messages. */
static const char *describe(const cJSON *item, char *buf, size_t size)
{
    if (cJSON_IsNumber(item))
        snprintf(buf, size, "%.17g", item->valuedouble);
    else if (cJSON_IsString(item))
        snprintf(buf, size, "'%.40s%s'", item->valuestring, strlen(item->valuestring) > 40 ? "..." : "");
    else
        snprintf(buf, size, "%s", cJSON_IsBool(item) ? _("a boolean") : cJSON_IsNull(item) ? "null" :
                                  cJSON_IsArray(item) ? _("an array") : cJSON_IsObject(item) ? _("an object") : _("a value"));
    return buf;
}

gltf_status gltf_json_uint(gltf_ctx *c, const cJSON *obj, const char *key, uint64_t min, uint64_t max,
                           uint64_t fallback, bool required, uint64_t *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!item) {
        if (required)
            return gltf_fail(c, GLTF_ERR_FORMAT, _("%s is missing"), key);
        *out = fallback;
        return GLTF_OK;
    }
    char buf[64];
    double d = item->valuedouble;
    /* the range test comes first, so that the conversion below is always defined */
    if (!cJSON_IsNumber(item) || !(d >= (double)min && d <= (double)max) || d != floor(d))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("%s is %s (allowed: a whole number from %llu to %llu)"), key,
                         describe(item, buf, sizeof buf), (unsigned long long)min, (unsigned long long)max);
    *out = (uint64_t)d;
    return GLTF_OK;
}

gltf_status gltf_json_index(gltf_ctx *c, const cJSON *obj, const char *key, const gltf_array *target,
                            const char *target_name, bool *present, size_t *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (present)
        *present = item != NULL;
    if (!item && present)
        return GLTF_OK;
    uint64_t v;
    gltf_status st = gltf_json_uint(c, obj, key, 0, (uint64_t)1 << 53, 0, true, &v);
    if (st)
        return st;
    if (v >= target->count)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("%s %llu: there is no %s[%llu] (there are %zu)"), key,
                         (unsigned long long)v, target_name, (unsigned long long)v, target->count);
    *out = (size_t)v;
    return GLTF_OK;
}

gltf_status gltf_json_string(gltf_ctx *c, const cJSON *obj, const char *key, bool required, const char **out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    *out = NULL;
    if (!item && !required)
        return GLTF_OK;
    if (!item)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("%s is missing"), key);
    char buf[64];
    if (!cJSON_IsString(item))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("%s is %s (allowed: a string)"), key, describe(item, buf, sizeof buf));
    *out = item->valuestring;
    return GLTF_OK;
}

gltf_status gltf_json_object(gltf_ctx *c, const gltf_array *array, const char *array_name, size_t index,
                             const cJSON **out)
{
    char buf[64];
    *out = array->items[index];
    if (!cJSON_IsObject(*out))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("%s[%zu] is %s (allowed: an object)"), array_name, index,
                         describe(*out, buf, sizeof buf));
    return GLTF_OK;
}

gltf_status gltf_json_array(gltf_ctx *c, const cJSON *obj, const char *key, bool required, gltf_array *out)
{
    out->items = NULL, out->count = 0;
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!item)
        return required ? gltf_fail(c, GLTF_ERR_FORMAT, _("%s is missing"), key) : GLTF_OK;
    char buf[64];
    if (!cJSON_IsArray(item))
        return gltf_fail(c, GLTF_ERR_FORMAT, _("%s is %s (allowed: an array)"), key, describe(item, buf, sizeof buf));
    size_t count = 0;
    for (const cJSON *e = item->child; e; e = e->next)
        count++;
    if (count == 0)  /* the schema's minItems: 1 for every array glTF defines */
        return gltf_fail(c, GLTF_ERR_FORMAT, _("%s is an empty array (allowed: at least one element)"), key);
    if (!(out->items = malloc(count * sizeof *out->items)))
        return gltf_fail(c, GLTF_ERR_NOMEM, _("out of memory"));
    for (const cJSON *e = item->child; e; e = e->next)
        out->items[out->count++] = e;
    return GLTF_OK;
}

void gltf_array_free(gltf_array *a)
{
    free(a->items);
    a->items = NULL, a->count = 0;
}

gltf_status gltf_json_numbers(gltf_ctx *c, const cJSON *obj, const char *key, size_t n, bool *present, double *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    *present = item != NULL;
    if (!item)
        return GLTF_OK;
    size_t i = 0;
    for (const cJSON *e = cJSON_IsArray(item) ? item->child : NULL; e; e = e->next, i++) {
        if (i >= n || !cJSON_IsNumber(e) || !isfinite(e->valuedouble))
            break;
        out[i] = e->valuedouble;
    }
    if (!cJSON_IsArray(item) || i != n || cJSON_GetArraySize(item) != (int)n)
        return gltf_fail(c, GLTF_ERR_FORMAT, _("%s is not an array of %zu finite numbers"), key, n);
    return GLTF_OK;
}
