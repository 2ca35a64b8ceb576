/* text: escaping for the terminal and CSV fields. See include/numlab/text.h. */
#include "numlab/text.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef void (*emit_fn)(void *ctx, const char *bytes, size_t n);

/* The length of the valid UTF-8 sequence at s (2 to 4) with its code point, or 0 when it is not one. */
static size_t utf8_sequence(const unsigned char *s, uint32_t *cp)
{
    unsigned char b = s[0];
    size_t n = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
    if (!n)
        return 0;
    /* the second byte's range excludes overlong forms, surrogates and code points beyond U+10FFFF */
    unsigned char lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
    unsigned char hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
    if (s[1] < lo || s[1] > hi)
        return 0;
    uint32_t v = b & (0x7F >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)  /* also stops at the terminator */
            return 0;
        v = v << 6 | (s[i] & 0x3F);
    }
    *cp = v;
    return n;
}

/* Code points that reorder or break the text after them: Unicode's Bidi_Control characters (ALM U+061C, LRM, RLM,
 * LRE ... RLO, LRI ... PDI; UAX #9) and the line and paragraph separators (LS, PS). */
static bool is_format_control(uint32_t cp)
{
    return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x2028 && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

static void emit_hex(emit_fn emit, void *ctx, unsigned char b)
{
    static const char digits[] = "0123456789abcdef";
    char esc[4] = {'\\', 'x', digits[b >> 4], digits[b & 15]};
    emit(ctx, esc, 4);
}

static bool kept(unsigned char c, unsigned keep)
{
    return (c >= 0x20 && c < 0x7F) || (c == '\t' && (keep & TEXT_KEEP_TAB)) || (c == '\n' && (keep & TEXT_KEEP_NEWLINE));
}

static void escape(const char *text, unsigned keep, emit_fn emit, void *ctx)
{
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        size_t plain = 0;  /* a run of printable ASCII (and what `keep` keeps) goes out in one piece */
        while (kept(s[plain], keep))
            plain++;
        if (plain) {
            emit(ctx, (const char *)s, plain);
            s += plain;
            continue;
        }
        uint32_t cp = 0;
        size_t n = *s >= 0x80 ? utf8_sequence(s, &cp) : 0;
        if (n == 0) {  /* C0, DEL, or a byte that is not UTF-8 */
            emit_hex(emit, ctx, *s);
            n = 1;
        } else if (cp >= 0x80 && cp <= 0x9F) {
            emit_hex(emit, ctx, s[0]);
            emit_hex(emit, ctx, s[1]);
        } else if (is_format_control(cp)) {
            char esc[8];
            snprintf(esc, sizeof esc, "\\u%04x", (unsigned)cp);
            emit(ctx, esc, 6);
        } else {
            emit(ctx, (const char *)s, n);
        }
        s += n;
    }
}

typedef struct {
    char *out;
    size_t size, len, written;
    bool full;
} buffer_sink;

static void emit_buffer(void *ctx, const char *bytes, size_t n)
{
    buffer_sink *b = ctx;
    if (!b->full && b->written + n < b->size) {  /* whole pieces only: never half a character or escape */
        memcpy(b->out + b->written, bytes, n);
        b->written += n;
    } else {
        b->full = true;
    }
    b->len += n;
}

size_t text_escape_keeping(const char *s, unsigned keep, char *out, size_t size)
{
    buffer_sink b = {.out = out, .size = size};
    escape(s ? s : "", keep, emit_buffer, &b);
    if (size)
        out[b.written] = '\0';
    return b.len;
}

size_t text_escape(const char *s, char *out, size_t size)
{
    return text_escape_keeping(s, 0, out, size);
}

typedef struct {
    FILE *f;
    bool csv;  /* double the quotes */
} file_sink;

static void emit_file(void *ctx, const char *bytes, size_t n)
{
    const file_sink *fs = ctx;
    while (fs->csv && n) {
        const char *quote = memchr(bytes, '"', n);
        if (!quote)
            break;
        size_t upto = (size_t)(quote - bytes) + 1;
        fwrite(bytes, 1, upto, fs->f);
        fputc('"', fs->f);
        bytes += upto, n -= upto;
    }
    fwrite(bytes, 1, n, fs->f);
}

int text_fputs(const char *s, FILE *f)
{
    file_sink fs = {f, false};
    escape(s ? s : "", 0, emit_file, &fs);
    return ferror(f) ? EOF : 0;
}

int text_vfprintf(FILE *f, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!text)
        return EOF;
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    /* escaped whole, then written in one piece: an unbuffered stderr gets one write, not one per escape */
    size_t len = text_escape(text, NULL, 0);
    char *shown = malloc(len + 1);
    if (shown) {
        text_escape(text, shown, len + 1);
        fwrite(shown, 1, len, f);
    }
    free(shown);
    free(text);
    return !shown || ferror(f) ? EOF : 0;
}

int text_csv_field(const char *s, FILE *f)
{
    s = s ? s : "";
    size_t len = strlen(s);
    /* escaping adds no comma or quote: whether to quote is decided on the text itself */
    bool quote = strpbrk(s, ",\"") || (len && (s[0] == ' ' || s[len - 1] == ' '));
    file_sink fs = {f, true};
    if (quote)
        fputc('"', f);
    escape(s, 0, emit_file, &fs);
    if (quote)
        fputc('"', f);
    return ferror(f) ? EOF : 0;
}

/* The start of the UTF-8 character at or before p (never before text). */
static const char *char_start(const char *text, const char *p)
{
    while (p > text && ((unsigned char)*p & 0xC0) == 0x80)
        p--;
    return p;
}

char *text_cut(const char *s, char *out, size_t size)
{
    if (!s)
        s = "";
    const size_t len = strlen(s);
    if (len <= TEXT_CUT_MAX) {
        snprintf(out, size, "%s", s);
        return out;
    }
    const char *head_end = char_start(s, s + TEXT_CUT_HEAD), *tail = char_start(s, s + len - TEXT_CUT_TAIL);
    snprintf(out, size, "%.*s...%s", (int)(head_end - s), s, tail);
    return out;
}
