/* exports: the names exercise.h declares with external linkage (see exports.h). */
#include "exports.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef enum { TOKEN_END, TOKEN_NAME, TOKEN_PUNCT, TOKEN_OTHER } token_kind;

typedef struct {
    token_kind kind;
    const char *start;
    size_t len;
} token;

typedef struct {
    const char *p;
    bool line_start;   /* only blanks since the last newline: a '#' here starts a preprocessor line */
} lexer;

/* Skips blanks, comments and preprocessor lines (with their backslash-newline continuations). */
static void skip_space(lexer *lx)
{
    for (;;) {
        const char *p = lx->p;
        if (*p == '\n')
            lx->line_start = true, lx->p++;
        else if (isspace((unsigned char)*p))
            lx->p++;
        else if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            lx->p = end ? end + 2 : p + strlen(p);
        } else if (p[0] == '/' && p[1] == '/')
            lx->p = p + strcspn(p, "\n");
        else if (*p == '#' && lx->line_start) {
            while (*p && !(*p == '\n' && p[-1] != '\\'))
                p++;
            lx->p = p;
        } else
            return;
    }
}

static token next_token(lexer *lx)
{
    skip_space(lx);
    lx->line_start = false;
    const char *p = lx->p;
    token t = {TOKEN_END, p, 0};
    if (!*p)
        return t;
    if (isalpha((unsigned char)*p) || *p == '_') {
        while (isalnum((unsigned char)p[t.len]) || p[t.len] == '_')
            t.len++;
        t.kind = TOKEN_NAME;
    } else if (*p == '"' || *p == '\'') {   /* a literal: its text is nothing to us */
        t.len = 1;
        while (p[t.len] && p[t.len] != *p && p[t.len] != '\n')
            t.len += p[t.len] == '\\' && p[t.len + 1] ? 2 : 1;
        t.len += p[t.len] == *p;
        t.kind = TOKEN_OTHER;
    } else if (isdigit((unsigned char)*p)) {
        while (isalnum((unsigned char)p[t.len]) || p[t.len] == '.' || p[t.len] == '_')
            t.len++;
        t.kind = TOKEN_OTHER;
    } else {
        t.len = 1;
        t.kind = strchr("(){}[];,=", *p) ? TOKEN_PUNCT : TOKEN_OTHER;
    }
    lx->p += t.len;
    return t;
}

static bool is(token t, const char *text)
{
    return t.len == strlen(text) && strncmp(t.start, text, t.len) == 0;
}

static bool is_punct(token t, char c)
{
    return t.kind == TOKEN_PUNCT && *t.start == c;
}

static bool is_one_of(token t, const char *const *words)
{
    for (; *words; words++)
        if (is(t, *words))
            return true;
    return false;
}

/* The words of declaration specifiers and qualifiers: never a declarator's name. */
static const char *const keywords[] = {
    "auto", "char", "const", "double", "enum", "extern", "float", "inline", "int", "long", "register", "restrict",
    "short", "signed", "struct", "union", "unsigned", "void", "volatile", "_Atomic", "_Bool", "bool", "_Complex",
    "_Imaginary", "_Noreturn", "_Thread_local", "__extension__", "__inline", "__inline__", "__restrict", NULL};
/* Words whose parenthesised argument is skipped whole. */
static const char *const with_argument[] = {"__attribute__", "__attribute", "_Alignas", "alignas", "__declspec",
                                            "_Static_assert", "static_assert", NULL};

/* Skips from just after an opening bracket to just after its match; false at the end of the text. */
static bool skip_group(lexer *lx, char open, char close)
{
    for (int depth = 1; depth > 0;) {
        token t = next_token(lx);
        if (t.kind == TOKEN_END)
            return false;
        depth += is_punct(t, open) - is_punct(t, close);
    }
    return true;
}

static int add_name(gr_exports *e, token name, char *why, size_t why_size)
{
    if (gr_exports_has(e, name.start, name.len))
        return 0;
    if (e->count == GR_EXPORTS_MAX || name.len >= GR_EXPORT_NAME_MAX) {
        snprintf(why, why_size, e->count == GR_EXPORTS_MAX ? "it declares more than %d names" :
                 "it declares a name longer than %d characters", e->count == GR_EXPORTS_MAX ? GR_EXPORTS_MAX :
                 GR_EXPORT_NAME_MAX - 1);
        return -1;
    }
    memcpy(e->name[e->count], name.start, name.len);
    e->name[e->count++][name.len] = '\0';
    return 0;
}

bool gr_exports_has(const gr_exports *e, const char *name, size_t len)
{
    for (int i = 0; i < e->count; i++)
        if (strlen(e->name[i]) == len && strncmp(e->name[i], name, len) == 0)
            return true;
    return false;
}

int gr_exports_of_header(const char *text, gr_exports *e, char *why, size_t why_size)
{
    lexer lx = {text, true};
    e->count = 0;
    bool skip = false;       /* a typedef or static declaration: declares nothing a submission defines */
    bool after_tag = false;  /* the word after struct, union or enum is a tag */
    bool named = false;      /* this declarator's name is known */
    token name = {TOKEN_END, NULL, 0}, previous = name;
    for (token t = next_token(&lx);; previous = t, t = next_token(&lx)) {
        if (t.kind == TOKEN_END)
            break;
        bool opens_paren = is_punct(t, '(');
        if (t.kind != TOKEN_NAME)
            after_tag = false;
        if (t.kind == TOKEN_NAME && (is(t, "asm") || is(t, "__asm__") || is(t, "__asm"))) {
            snprintf(why, why_size, "it renames a symbol with an asm label");
            return -1;
        } else if (t.kind == TOKEN_NAME && (is(t, "typedef") || is(t, "static"))) {
            skip = true;
        } else if (t.kind == TOKEN_NAME && is_one_of(t, with_argument)) {
            token open = next_token(&lx);
            if (is_punct(open, '(') && !skip_group(&lx, '(', ')'))
                break;
            t = open;
        } else if (t.kind == TOKEN_NAME) {
            bool tag = after_tag;
            after_tag = is(t, "struct") || is(t, "union") || is(t, "enum");
            if (!tag && !is_one_of(t, keywords))
                name = t;
        } else if (opens_paren || is_punct(t, '[')) {
            /* name( is a function declarator; a parenthesised declarator (a pointer to a function) or an array's
             * size is skipped, keeping the name before it */
            if (opens_paren && !named && name.kind == TOKEN_NAME && previous.start == name.start) {
                if (!skip && add_name(e, name, why, why_size) != 0)
                    return -1;
                named = true;
            }
            if (!skip_group(&lx, opens_paren ? '(' : '[', opens_paren ? ')' : ']'))
                break;
            t = (token){TOKEN_PUNCT, opens_paren ? ")" : "]", 1};
        } else if (is_punct(t, '{')) {
            bool body = is_punct(previous, ')');   /* a function's definition (static inline in a header) */
            if (!skip_group(&lx, '{', '}'))
                break;
            if (body)
                skip = named = false, name = (token){TOKEN_END, NULL, 0};
            t = (token){TOKEN_PUNCT, "}", 1};
        } else if (is_punct(t, '=')) {   /* an initialiser: up to the declarator's end */
            token u;
            while ((u = next_token(&lx)).kind != TOKEN_END && !is_punct(u, ',') && !is_punct(u, ';'))
                if ((is_punct(u, '(') && !skip_group(&lx, '(', ')')) || (is_punct(u, '{') && !skip_group(&lx, '{', '}')))
                    break;
            t = u;
        }
        if (is_punct(t, ',') || is_punct(t, ';')) {   /* a declarator ends: an object's name is its last word */
            if (!named && !skip && name.kind == TOKEN_NAME && add_name(e, name, why, why_size) != 0)
                return -1;
            named = false, name = (token){TOKEN_END, NULL, 0};
            if (is_punct(t, ';'))
                skip = false;
        }
        if (t.kind == TOKEN_END)
            break;
    }
    if (e->count == 0) {
        snprintf(why, why_size, "it declares no function");
        return -1;
    }
    return 0;
}
