/* values: recording a case's values and comparing them with a reference (see grader.h). */
#include "grader.h"
#include "i18n.h"

__attribute__((weak)) const double gr_time_limit = 2.0;   /* an exercise may define its own */

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Set by gr_lang_init (i18n.c) in the judge and the Check runner; never in the probe program. */
const char *(*gr_translator)(const char *) = NULL;

const char *gr_text(const char *msgid)
{
    return gr_translator && msgid[0] ? gr_translator(msgid) : msgid;
}

const char *(*gr_plural_translator)(const char *, const char *, unsigned long) = NULL;

const char *gr_text_n(const char *one, const char *many, unsigned long n)
{
    return gr_plural_translator ? gr_plural_translator(one, many, n) : n == 1 ? one : many;
}

void gr_put(gr_values *out, double value)
{
    if (out->count >= GR_MAX_VALUES) {
        out->overflow = true;
        return;
    }
    out->value[out->count++] = value;
}

static void want(gr_values *ref, double value, gr_tol tol, const char *label_fmt, va_list ap)
{
    if (ref->count >= GR_MAX_VALUES) {
        ref->overflow = true;
        return;
    }
    size_t i = ref->count++;
    ref->value[i] = value;
    ref->tol[i] = tol;
    vsnprintf(ref->label[i], sizeof ref->label[i], label_fmt, ap);
}

void gr_want(gr_values *ref, double value, gr_tol tol, const char *label_fmt, ...)
{
    va_list ap;
    va_start(ap, label_fmt);
    want(ref, value, tol, gr_text(label_fmt), ap);
    va_end(ap);
}

void gr_want_n(gr_values *ref, double value, gr_tol tol, unsigned long n, const char *one_fmt, const char *many_fmt, ...)
{
    va_list ap;
    va_start(ap, many_fmt);
    want(ref, value, tol, gr_text_n(one_fmt, many_fmt, n), ap);
    va_end(ap);
}

static double allowed(double want, gr_tol tol)
{
    return fmax(tol.abs, tol.rel * fabs(want));
}

bool gr_value_ok(double got, double want, gr_tol tol)
{
    if (isnan(want))
        return isnan(got);
    if (isnan(got))
        return false;
    if (isinf(want) || isinf(got))
        return got == want;
    return fabs(got - want) <= allowed(want, tol);
}

void gr_appendf(char *text, size_t size, size_t *len, const char *fmt, ...)
{
    if (*len + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text + *len, size - *len, fmt, ap);
    va_end(ap);
    if (n > 0)
        *len = *len + (size_t)n < size ? *len + (size_t)n : size - 1;
}

static void add_value_line(char *text, size_t size, size_t *len, const gr_values *want, size_t i, double got,
                           bool ok)
{
    double w = want->value[i], tol = allowed(w, want->tol[i]);
    /* TRANSLATORS: LABEL: got VALUE, want VALUE; "got" and "want" as short as possible */
    gr_appendf(text, size, len, _("%s: got %.12g, want %.12g"), want->label[i], got, w);
    if (tol > 0 && isfinite(w))
        gr_appendf(text, size, len, _(" (tolerance %.2g)"), tol);
    gr_appendf(text, size, len, "%s\n", ok ? "" : _("  <- wrong"));
}

bool gr_compare(const gr_values *got, const gr_values *want, char *text, size_t size)
{
    enum { SHOW_OK = 6, SHOW_WRONG = 8 };
    size_t len = 0;
    text[0] = '\0';
    if (want->overflow || want->count == 0) {
        gr_appendf(text, size, &len,
                   P_("the reference of this case is broken (%zu value): tell your instructor\n",
                      "the reference of this case is broken (%zu values): tell your instructor\n", want->count),
                   want->count);
        return false;
    }
    if (got->overflow || got->count != want->count) {
        /* TRANSLATORS: the count that chooses the form is the expected one, the second */
        gr_appendf(text, size, &len, got->overflow ?
                   P_("the test sent more than %zu values, %zu was expected\n",
                      "the test sent more than %zu values, %zu were expected\n", want->count) :
                   P_("the test sent %zu values, %zu was expected\n", "the test sent %zu values, %zu were expected\n",
                      want->count), got->count, want->count);
        return false;
    }
    size_t wrong = 0;
    for (size_t i = 0; i < want->count; i++)
        wrong += !gr_value_ok(got->value[i], want->value[i], want->tol[i]);
    size_t shown = 0;
    for (size_t i = 0; i < want->count; i++) {
        bool ok = gr_value_ok(got->value[i], want->value[i], want->tol[i]);
        if (wrong ? !ok && shown < SHOW_WRONG : shown < SHOW_OK) {
            add_value_line(text, size, &len, want, i, got->value[i], ok);
            shown++;
        }
    }
    if (wrong)
        gr_appendf(text, size, &len, P_("%zu of %zu value wrong\n", "%zu of %zu values wrong\n", want->count), wrong,
                   want->count);
    else if (shown < want->count)
        gr_appendf(text, size, &len, P_("... %zu value within tolerance\n", "... all %zu values within tolerance\n",
                                        want->count), want->count);
    return wrong == 0;
}
