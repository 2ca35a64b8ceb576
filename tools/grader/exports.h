/* exports: the names a submission's object may show the program it is linked into.
 *
 * A submission shares one link with the probe, libc and libm: any global definition in it (gr_put, main under an
 * asm label, hypot, write) would take the place of the probe's own or the library's. So the submission's object keeps
 * global only the names exercise.h declares with external linkage, the functions (and objects) the tests call, and
 * everything else is made local before the link (build.c). The list is read from exercise.h itself, so it cannot
 * drift from the header: its file-scope declarations that are neither typedefs nor static, one name each declarator
 * (`state euler_explicit_step(spring s, state y, double dt);` gives euler_explicit_step; a declarator in
 * parentheses, `void (*hook)(int)`, gives none: declare it with a typedef, `extern hook_fn hook;`). Comments, string literals,
 * preprocessor lines, struct and enum bodies, parameter lists and the bodies of static inline functions are
 * skipped. */
#ifndef NUMLAB_GRADER_EXPORTS_H
#define NUMLAB_GRADER_EXPORTS_H

#include <stdbool.h>
#include <stddef.h>

#define GR_EXPORTS_MAX 64
#define GR_EXPORT_NAME_MAX 64   /* with the NUL */

typedef struct {
    int count;
    char name[GR_EXPORTS_MAX][GR_EXPORT_NAME_MAX];
} gr_exports;

/* Reads the declarations of a header's text (NUL-terminated) into e. Returns 0, or -1 with the reason in why (no
 * declaration at all, more than GR_EXPORTS_MAX, a name too long, an asm label, which would rename the symbol). */
int gr_exports_of_header(const char *text, gr_exports *e, char *why, size_t why_size);
/* Whether the len bytes at name are one of e's names. */
bool gr_exports_has(const gr_exports *e, const char *name, size_t len);

#endif
