/* state: one line for a lab's screen. See include/numlab/state.h and docs/states.md. */
#include "numlab/state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/cli.h"
#include "numlab/lang.h"

bool state_is_line(const char *text)
{
    return text && strncmp(text, STATE_PREFIX, sizeof STATE_PREFIX - 1) == 0;
}

static bool safe_byte(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~,:/+", c);
}

static bool name_byte(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

bool state_encode(const char *text, char *out, size_t size)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t used = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        const size_t need = *c && safe_byte(*c) ? 1 : 3;
        if (used + need >= size)
            return false;
        if (need == 1) {
            out[used++] = (char)*c;
        } else {
            out[used++] = '%';
            out[used++] = hex[*c >> 4];
            out[used++] = hex[*c & 15];
        }
    }
    if (used >= size)
        return false;
    out[used] = '\0';
    return true;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                                                                      : -1;
}

/* The value text[0..len) of the field that starts at field percent-decoded into out (NUL-terminated); CLI_OK or
 * CLI_USAGE, said. */
static int decode(const char *field_start, const char *text, size_t len, char *out)
{
    size_t used = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] != '%') {
            out[used++] = text[i];
            continue;
        }
        const int hi = i + 2 < len ? hex_digit(text[i + 1]) : -1;  /* both digits inside the field */
        const int lo = i + 2 < len ? hex_digit(text[i + 2]) : -1;
        if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) {
            char field[256];
            const size_t field_len = (size_t)(text - field_start) + len;
            snprintf(field, sizeof field, "%.*s", (int)(field_len < 255 ? field_len : 255), field_start);
            /* TRANSLATORS: "state: 'k=1%zz': a bad percent escape (allowed: %XX, two hexadecimal digits, not %00)" */
            return cli_error(_("state: '%s': a bad percent escape (allowed: %%XX, two hexadecimal digits, not %%00)"),
                             cli_cut(field));
        }
        out[used++] = (char)(hi * 16 + lo);
        i += 2;
    }
    out[used] = '\0';
    return CLI_OK;
}

/* The lab's name and the step: "spring-lab/3" (head of length len). */
static int parse_head(const char *head, size_t len, state_line *out)
{
    const size_t name_len = strcspn(head, "/");
    const size_t lab_len = name_len < len ? name_len : len;
    bool named = lab_len > 0 && lab_len < sizeof out->lab;
    for (size_t i = 0; named && i < lab_len; i++)
        named = name_byte((unsigned char)head[i]);
    if (!named) {
        char lab[128];
        snprintf(lab, sizeof lab, "%.*s", (int)(lab_len < 127 ? lab_len : 127), head);
        /* TRANSLATORS: "state: lab: 'x y' is not a lab's name (allowed: letters, digits and '-', e.g. spring-lab)" */
        return cli_error(_("state: lab: '%s' is not a lab's name (allowed: letters, digits and '-', e.g. spring-lab)"),
                         cli_cut(lab));
    }
    memcpy(out->lab, head, lab_len);
    out->lab[lab_len] = '\0';
    out->step = 0;
    if (lab_len == len)
        return CLI_OK;
    char step[32];
    const size_t step_len = len - lab_len - 1;
    snprintf(step, sizeof step, "%.*s", (int)(step_len < 31 ? step_len : 31), head + lab_len + 1);
    long long n;
    const bool digits = step_len > 0 && step_len < 31 && strspn(step, "0123456789") == step_len;
    if (!digits || (n = strtoll(step, NULL, 10)) < 1 || n > STATE_MAX_STEP)
        /* TRANSLATORS: "state: step: 'x' is not a step of the walk (allowed: 1..99)" */
        return cli_error(_("state: step: '%s' is not a step of the walk (allowed: 1..%d)"),
                         cli_cut(step_len < 31 ? step : head + lab_len + 1), STATE_MAX_STEP);
    out->step = (int)n;
    return CLI_OK;
}

int state_parse(const char *text, state_line *out)
{
    memset(out, 0, sizeof *out);
    if (!state_is_line(text))
        return cli_error(_("state: '%s' does not start with '%s'"), cli_cut(text), STATE_PREFIX);
    const char *head = text + sizeof STATE_PREFIX - 1;
    if (strlen(text) >= STATE_MAX)
        /* TRANSLATORS: never 1 byte: more than 4095 */
        return cli_error(_("state: a line of %zu bytes (allowed: at most %d)"), strlen(text), STATE_MAX - 1);
    const char *query = strchr(head, '?');
    if (parse_head(head, query ? (size_t)(query - head) : strlen(head), out))
        return CLI_USAGE;
    char *put = out->text;
    for (const char *p = query ? query + 1 : NULL; p && *p; p += strcspn(p, "&") + (p[strcspn(p, "&")] == '&')) {
        const size_t len = strcspn(p, "&"), key_len = strcspn(p, "=&");
        char field[256];
        snprintf(field, sizeof field, "%.*s", (int)(len < 255 ? len : 255), p);
        bool named = key_len > 0;
        for (size_t i = 0; named && i < key_len; i++)
            named = name_byte((unsigned char)p[i]);
        if (!named)
            /* TRANSLATORS: "state: '=3': a field needs a KEY, an option's name (allowed: KEY=VALUE or KEY)" */
            return cli_error(_("state: '%s': a field is KEY=VALUE or KEY, KEY an option's name (letters, digits, '-')"),
                             cli_cut(field));
        if (out->n == STATE_MAX_FIELDS)
            return cli_error(_("state: more than %d fields"), STATE_MAX_FIELDS);
        memcpy(put, p, key_len);
        put[key_len] = '\0';
        for (int k = 0; k < out->n; k++)
            if (strcmp(out->key[k], put) == 0)
                return cli_error(_("state: %s: given twice"), put);
        out->key[out->n] = put;
        put += key_len + 1;
        out->value[out->n] = NULL;
        if (key_len < len) {
            if (decode(p, p + key_len + 1, len - key_len - 1, put))
                return CLI_USAGE;
            out->value[out->n] = put;
            put += strlen(put) + 1;
        }
        out->n++;
    }
    return CLI_OK;
}

/* Appends text as it is. */
static void put_raw(state_writer *w, const char *text)
{
    const size_t len = strlen(text);
    if (w->overflow || w->used + len >= sizeof w->buf) {
        w->overflow = true;
        return;
    }
    memcpy(w->buf + w->used, text, len + 1);
    w->used += len;
}

void state_begin(state_writer *w, const char *lab, int step)
{
    w->used = 0;
    w->buf[0] = '\0';
    w->fields = w->overflow = false;
    put_raw(w, STATE_PREFIX);
    put_raw(w, lab);
    if (step > 0) {
        char n[16];
        snprintf(n, sizeof n, "/%d", step);
        put_raw(w, n);
    }
}

void state_add(state_writer *w, const char *key, const char *value)
{
    put_raw(w, w->fields ? "&" : "?");
    w->fields = true;
    put_raw(w, key);
    if (!value)
        return;
    put_raw(w, "=");
    char encoded[STATE_MAX];
    if (!state_encode(value, encoded, sizeof encoded))
        w->overflow = true;
    else
        put_raw(w, encoded);
}

void state_number(double value, char *buf, size_t size)
{
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buf, size, "%.*g", digits, value);
        if (strtod(buf, NULL) == value)
            return;
    }
}

void state_add_number(state_writer *w, const char *key, double value)
{
    char n[40];
    state_number(value, n, sizeof n);
    state_add(w, key, n);
}
