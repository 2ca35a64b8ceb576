/* CSV plumbing shared by keyframe-lab's outputs: sample times, numbers (fields: text_csv_field); the no-terminal
 * message. */
#include <math.h>

#include "lab.h"
#include "numlab/cli.h"
#include "numlab/labcli.h"

size_t lab_times_count(const lab_times *t)
{
    /* B is included when (B - A) / STEP is whole up to rounding (0:1:0.1 gives 11 samples) */
    return (size_t)floor((t->b - t->a) / t->step + 1e-9) + 1;
}

double lab_times_at(const lab_times *t, size_t i)
{
    return t->a + (double)i * t->step;  /* not accumulated: no drift over many steps */
}

void lab_print_number(FILE *out, double v)
{
    fprintf(out, "%.9g", v == 0 ? 0.0 : v);
}

int lab_no_terminal(const char *file)
{
    return labcli_no_terminal(file);
}
