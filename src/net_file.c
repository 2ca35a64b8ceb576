/* network: the text format (docs/network.md).
 *
 *     # comment to the end of the line; blank lines are ignored; fields are separated by spaces or tabs
 *     gravity GX GY              at most once (default 0 0), m/s^2, |GX|, |GY| <= 1e6
 *     mass X Y M [pinned]        masses are numbered 0, 1, ... in the order of their lines; |X|, |Y| <= 1e6 m;
 *                                1e-9 <= M <= 1e9 kg
 *     spring I J K [L [C]]       I != J, masses defined above; 0 < K <= 1e12 N/m; rest length 0 <= L <= 1e6 m
 *                                (default: the distance between them, which must then be > 0); damping
 *                                0 <= C <= 1e12 N s/m (default 0)
 *
 * Every error is "NAME:LINE: what was found and what was expected". The parser reads a byte range (no terminator
 * needed, NUL bytes are errors), bounds the line length, the counts and the size, and allocates nothing per line. */
#include "net_internal.h"
#include "numlab/common.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/infile.h"
#include "numlab/lang.h"

enum { MAX_FIELDS = 8 };

net_limits net_default_limits(void)
{
    return (net_limits){
        .max_masses = 1000000,
        .max_springs = 4000000,
        .max_line = 4096,
        .max_bytes = 256u << 20,
    };
}

typedef struct {
    const char *name;
    size_t line;
    char *err;
    size_t errlen;
} parse_ctx;

static int fail(const parse_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(const parse_ctx *ctx, const char *fmt, ...)
{
    int used = snprintf(ctx->err, ctx->errlen, "%s:%zu: ", ctx->name, ctx->line);
    if (used >= 0 && (size_t)used < ctx->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ctx->err + used, ctx->errlen - (size_t)used, fmt, ap);
        va_end(ap);
    }
    return NET_ERR_INPUT;
}

/* Checks the bytes of one line (without its newline): printable ASCII, tabs and a carriage return before the
 * comment; any byte but NUL and control characters inside a comment (UTF-8 comments are fine). */
static int check_bytes(const parse_ctx *ctx, const char *line, size_t len)
{
    bool comment = false;
    for (size_t c = 0; c < len; c++) {
        unsigned char b = (unsigned char)line[c];
        comment = comment || b == '#';
        bool ok = b == '\t' || b == '\r' || (b >= 0x20 && b != 0x7f && (comment || b < 0x80));
        if (!ok)
            return fail(ctx, _("unexpected byte 0x%02x at column %zu (expected plain text%s)"), b, c + 1,
                        comment ? "" : _("; non-ASCII only in comments"));
    }
    return NET_OK;
}

/* Splits s (NUL-terminated) in place at spaces, tabs and carriage returns, up to the comment; returns the field
 * count, or MAX_FIELDS + 1 when there are more. */
static size_t split(char *s, char *field[MAX_FIELDS])
{
    static const char blank[] = " \t\r";
    size_t count = 0;
    for (;;) {
        s += strspn(s, blank);
        if (*s == '\0' || *s == '#')
            return count;
        if (count == MAX_FIELDS)
            return MAX_FIELDS + 1;
        field[count++] = s;
        s += strcspn(s, " \t\r#");
        if (*s == '#') {
            *s = '\0';
            return count;
        }
        if (*s)
            *s++ = '\0';
    }
}

/* The ranges of the fields: wide enough for any sensible network, narrow enough that no force or energy of a
 * network at rest overflows. */
typedef struct {
    double lo, hi;
    bool lo_open;  /* lo itself is not allowed */
} field_range;

static const field_range COORD = {-1e6, 1e6, false};     /* X, Y (m), GX, GY (m/s^2) */
static const field_range MASS = {1e-9, 1e9, false};      /* M (kg) */
static const field_range STIFFNESS = {0.0, 1e12, true};  /* K (N/m) */
static const field_range LENGTH = {0.0, 1e6, false};     /* L (m) */
static const field_range DAMPING = {0.0, 1e12, false};   /* C (N s/m) */

/* what: the field's name in the message. */
static int number(const parse_ctx *ctx, const char *what, const char *text, field_range r, double *out)
{
    char range[80];
    snprintf(range, sizeof range, _("a number %s %g and <= %g"), r.lo_open ? ">" : ">=", r.lo, r.hi);
    double v;
    if (numlab_number(text, &v) != NUMLAB_NUMBER_OK)  /* the one number grammar (common.h) */
        return fail(ctx, _("%s: '%.40s' is not a finite number (expected %s)"), what, text, range);
    if ((r.lo_open ? !(v > r.lo) : !(v >= r.lo)) || !(v <= r.hi))
        return fail(ctx, _("%s: %.40s is out of range (expected %s)"), what, text, range);
    *out = v;
    return NET_OK;
}

static int mass_index(const parse_ctx *ctx, const char *what, const char *text, size_t n_masses, size_t *out)
{
    long long v = 0;
    numlab_number_status st = numlab_whole(text, &v);  /* the one number grammar (common.h) */
    if ((st != NUMLAB_NUMBER_OK && st != NUMLAB_NUMBER_RANGE) || v < 0 || text[0] == '-')
        return fail(ctx, _("%s: '%.40s' is not a mass index (expected a whole number from 0 to %zu)"), what, text,
                    n_masses ? n_masses - 1 : 0);
    if (st == NUMLAB_NUMBER_RANGE || (unsigned long long)v >= n_masses) {
        if (n_masses == 0)
            return fail(ctx, _("%s: mass %.40s is not defined above (expected 'mass' lines before the springs)"), what,
                        text);
        return fail(ctx, _("%s: mass %.40s is not defined above (expected 0 to %zu)"), what, text, n_masses - 1);
    }
    *out = (size_t)v;
    return NET_OK;
}

static int parse_mass(const parse_ctx *ctx, net_network *net, char **f, size_t nf, const net_limits *lim)
{
    if (nf < 4 || nf > 5)
        return fail(ctx, P_("'mass' expects X Y M [pinned]: got %zu value", "'mass' expects X Y M [pinned]: got %zu values", nf - 1),
                    nf - 1);
    if (net->n_masses >= lim->max_masses)
        return fail(ctx, _("too many masses (expected at most %zu)"), lim->max_masses);
    double x, y, m;
    int rc;
    if ((rc = number(ctx, "mass X", f[1], COORD, &x)) || (rc = number(ctx, "mass Y", f[2], COORD, &y)) ||
        (rc = number(ctx, "mass M", f[3], MASS, &m)))
        return rc;
    if (nf == 5 && strcmp(f[4], "pinned") != 0)
        return fail(ctx, _("mass: '%.40s' after M (expected 'pinned' or nothing)"), f[4]);
    return net_add_mass(net, x, y, m, nf == 5) == NET_ERR_MEMORY ? NET_ERR_MEMORY : NET_OK;
}

static int parse_spring(const parse_ctx *ctx, net_network *net, char **f, size_t nf, const net_limits *lim)
{
    if (nf < 4 || nf > 6)
        return fail(ctx, P_("'spring' expects I J K [L [C]]: got %zu value", "'spring' expects I J K [L [C]]: got %zu values", nf - 1),
                    nf - 1);
    if (net->n_springs >= lim->max_springs)
        return fail(ctx, _("too many springs (expected at most %zu)"), lim->max_springs);
    size_t i, j;
    double k, rest, c = 0.0;
    int rc;
    if ((rc = mass_index(ctx, "spring I", f[1], net->n_masses, &i)) ||
        (rc = mass_index(ctx, "spring J", f[2], net->n_masses, &j)))
        return rc;
    if (i == j)
        return fail(ctx, _("spring joins mass %zu to itself (expected two different masses)"), i);
    if ((rc = number(ctx, "spring K", f[3], STIFFNESS, &k)))
        return rc;
    if (nf >= 5) {
        if ((rc = number(ctx, "spring L", f[4], LENGTH, &rest)))
            return rc;
    } else {
        rest = hypot(net->rest_x[j] - net->rest_x[i], net->rest_y[j] - net->rest_y[i]);
        if (!(rest > 0.0))
            return fail(ctx, _("spring %zu-%zu: its masses coincide, so it has no length to rest at (expected an "
                        "explicit rest length L)"), i, j);
    }
    if (nf == 6 && (rc = number(ctx, "spring C", f[5], DAMPING, &c)))
        return rc;
    return net_add_spring(net, i, j, k, rest, c) == NET_ERR_MEMORY ? NET_ERR_MEMORY : NET_OK;
}

static int parse_gravity(const parse_ctx *ctx, net_network *net, char **f, size_t nf, size_t *gravity_line)
{
    if (nf != 3)
        return fail(ctx, P_("'gravity' expects GX GY: got %zu value", "'gravity' expects GX GY: got %zu values", nf - 1), nf - 1);
    if (*gravity_line)
        return fail(ctx, _("gravity given twice (expected it once; first at line %zu)"), *gravity_line);
    double gx, gy;
    int rc;
    if ((rc = number(ctx, "gravity GX", f[1], COORD, &gx)) || (rc = number(ctx, "gravity GY", f[2], COORD, &gy)))
        return rc;
    *gravity_line = ctx->line;
    net_set_gravity(net, gx, gy);
    return NET_OK;
}

static int parse_line(parse_ctx *ctx, net_network *net, char *buf, const net_limits *lim, size_t *gravity_line)
{
    char *f[MAX_FIELDS];
    size_t nf = split(buf, f);
    if (nf == 0)
        return NET_OK;
    if (nf > MAX_FIELDS)
        return fail(ctx, _("too many values (expected at most %d on a line)"), MAX_FIELDS - 1);
    if (strcmp(f[0], "mass") == 0)
        return parse_mass(ctx, net, f, nf, lim);
    if (strcmp(f[0], "spring") == 0)
        return parse_spring(ctx, net, f, nf, lim);
    if (strcmp(f[0], "gravity") == 0)
        return parse_gravity(ctx, net, f, nf, gravity_line);
    return fail(ctx, _("unknown keyword '%.40s' (expected mass, spring, gravity or a # comment)"), f[0]);
}

int net_parse(const char *name, const char *text, size_t len, const net_limits *lim, net_network **out, char *err,
              size_t errlen)
{
    parse_ctx ctx = {.name = name, .line = 1, .err = err, .errlen = errlen};
    if (len > lim->max_bytes)
        /* TRANSLATORS: never 1 byte: a limit of kilobytes */
        return fail(&ctx, _("the file is larger than %zu bytes (expected a smaller network)"), lim->max_bytes);
    if (len == 0)
        return fail(&ctx, _("the file is empty (expected 'mass X Y M [pinned]' and 'spring I J K [L [C]]' lines)"));
    char *buf = malloc(lim->max_line + 1);
    net_network *net = net_new();
    int rc = !buf || !net ? NET_ERR_MEMORY : NET_OK;
    size_t gravity_line = 0, pos = 0;
    for (; rc == NET_OK && pos < len; ctx.line++) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t line_len = (nl ? (size_t)(nl - text) : len) - pos;
        if (line_len > lim->max_line) {
            /* TRANSLATORS: never 1 byte: a limit of hundreds */
            rc = fail(&ctx, _("the line is longer than %zu bytes (expected shorter lines)"), lim->max_line);
            break;
        }
        if ((rc = check_bytes(&ctx, text + pos, line_len)))
            break;
        memcpy(buf, text + pos, line_len);
        buf[line_len] = '\0';
        rc = parse_line(&ctx, net, buf, lim, &gravity_line);
        pos += line_len + 1;
    }
    if (rc == NET_OK && net->n_masses == 0) {
        ctx.line--;  /* the last line read */
        rc = fail(&ctx, _("no masses (expected at least one 'mass X Y M [pinned]' line)"));
    }
    free(buf);
    if (rc != NET_OK) {
        net_free(net);
        if (rc == NET_ERR_MEMORY)
            snprintf(err, errlen, _("%s: out of memory"), name);
        return rc;
    }
    *out = net;
    return NET_OK;
}

int net_load_as(const char *opt, const char *path, net_network **out, char *err, size_t errlen)
{
    const net_limits lim = net_default_limits();
    infile_data text;
    infile_error e;
    /* a regular file of at most max_bytes, checked before it is read; NUL bytes refused with their place */
    if (infile_read(path, lim.max_bytes, true, &text, &e) != INFILE_OK) {
        infile_message(&e, opt, path, err, errlen);
        return e.status == INFILE_ERR_NOMEM ? NET_ERR_MEMORY : NET_ERR_INPUT;
    }
    int rc = net_parse(path, text.data, text.size, &lim, out, err, errlen);
    infile_data_free(&text);
    return rc;
}

int net_load(const char *path, net_network **out, char *err, size_t errlen)
{
    return net_load_as(NULL, path, out, err, errlen);
}
