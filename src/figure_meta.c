/* figure: the state line (state.h) in every figure and CSV, so that a figure in a report can be reopened. SVG: a
 * <metadata> element (SVG 1.1, 21.2), which xmllint --xpath reads back; PDF: the document's Subject, with
 * "numlab-state" as its Keywords (cairo_pdf_surface_set_metadata; pdfinfo shows both); PNG: a tEXt chunk with the
 * keyword "numlab-state" right after IHDR (PNG, 11.3.4.3: Latin-1 text, and a state line is ASCII); CSV: a first
 * line "# numlab-state: LINE" (figure.h). See include/numlab/figure.h. */
#include "numlab/figure.h"
#include "numlab/state.h"
#include "plot_internal.h"

#include <cairo-pdf.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define PNG_KEYWORD "numlab-state"
#define PNG_HEAD 33  /* the signature (8 bytes) and IHDR (4 length + 4 type + 13 data + 4 CRC), always first */

static char current[STATE_MAX];

void figure_set_state(const char *line)
{
    snprintf(current, sizeof current, "%s", line ? line : "");
}

const char *figure_state(void)
{
    return current[0] ? current : NULL;
}

int figure_meta_svg(FILE *f)
{
    if (!current[0])
        return 0;
    /* percent-encoded but for the fields' '&', XML's one character to escape here (no '<' or ']]>' can occur) */
    if (fputs("<metadata id=\"numlab-state\">", f) < 0)
        return -1;
    for (const char *c = current; *c; c++)
        if ((*c == '&' ? fputs("&amp;", f) : fputc(*c, f)) < 0)
            return -1;
    return fputs("</metadata>\n", f) < 0 ? -1 : 0;
}

void figure_meta_pdf(cairo_surface_t *surface)
{
    if (!current[0])
        return;
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, current);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_KEYWORDS, PNG_KEYWORD);
}

int figure_meta_csv(FILE *f)
{
    return current[0] && fprintf(f, "# numlab-state: %s\n", current) < 0 ? -1 : 0;
}

/* PNG's CRC-32 (ISO 3309, the reflected polynomial 0xEDB88320: PNG, Annex D) of the bytes, continued from crc. */
static uint32_t crc32_update(uint32_t crc, const unsigned char *bytes, size_t n)
{
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= bytes[i];
        for (int bit = 0; bit < 8; bit++)
            crc = crc & 1 ? 0xEDB88320u ^ (crc >> 1) : crc >> 1;
    }
    return ~crc;
}

static void put_be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24), p[1] = (unsigned char)(v >> 16), p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* The tEXt chunk: length, "tEXt", keyword, NUL, text, CRC (of the type and the data). */
static bool write_text_chunk(FILE *f)
{
    unsigned char head[8], crc[4];
    const size_t keyword = sizeof PNG_KEYWORD, text = strlen(current);  /* keyword with its NUL */
    put_be32(head, (uint32_t)(keyword + text));
    memcpy(head + 4, "tEXt", 4);
    uint32_t c = crc32_update(0, head + 4, 4);
    c = crc32_update(c, (const unsigned char *)PNG_KEYWORD, keyword);
    c = crc32_update(c, (const unsigned char *)current, text);
    put_be32(crc, c);
    return fwrite(head, 1, 8, f) == 8 && fwrite(PNG_KEYWORD, 1, keyword, f) == keyword &&
           fwrite(current, 1, text, f) == text && fwrite(crc, 1, 4, f) == 4;
}

cairo_status_t figure_meta_png_write(void *closure, const unsigned char *data, unsigned int length)
{
    figure_png_stream *s = closure;
    size_t head = 0;  /* of this piece, what still belongs to the signature and IHDR */
    if (s->seen < PNG_HEAD)
        head = PNG_HEAD - s->seen < length ? PNG_HEAD - s->seen : length;
    bool ok = fwrite(data, 1, head, s->f) == head;
    s->seen += head;
    if (ok && s->seen == PNG_HEAD && !s->inserted && current[0]) {
        ok = write_text_chunk(s->f);
        s->inserted = true;
    }
    ok = ok && fwrite(data + head, 1, length - head, s->f) == length - head;
    s->seen += length - head;
    return ok ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}
