/* spring-lab's model of the stability regions: each method's region in the complex plane z = dt lambda, from its
 * row of the method table (ode_region.c), with the spring's two roots dt lambda on it. See model.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define ROOT_REACH 60.0  /* the box grows to hold a root up to this far from 0 (a stiffer one is off the chart) */

void sl_region_default_methods(bool methods[SPRING_METHOD_COUNT])
{
    memset(methods, 0, SPRING_METHOD_COUNT * sizeof *methods);
    methods[SPRING_EXPLICIT] = methods[SPRING_RK4] = methods[SPRING_BACKWARD_EULER] = true;
    methods[SPRING_MIDPOINT] = methods[SPRING_TR_BDF2] = true;
}

void sl_region_free(sl_region *rg)
{
    free(rg->boundary[0]);
    free(rg->shade);
    *rg = (sl_region){0};
}

int sl_region_build(sl_region *rg, const sl_params *p, const bool methods[SPRING_METHOD_COUNT])
{
    sl_region_free(rg);
    for (int m = 0; m < SPRING_METHOD_COUNT; m++) {
        const spring_method sm = (spring_method)m;
        const ode_method om = spring_method_ode(sm);
        if (!methods[m] || om >= ODE_METHOD_COUNT)  /* the steppers' rows: GSL's and the closed form have no R(z) */
            continue;
        if (rg->n == SL_REGION_MAX_METHODS)
            return -2;
        rg->methods[rg->n++] = sm;
    }
    double lambda_re[2], lambda_im[2];
    sl_mode_roots(&p->spring, lambda_re, lambda_im);
    for (int i = 0; i < 2; i++)
        rg->root_re[i] = p->dt * lambda_re[i], rg->root_im[i] = p->dt * lambda_im[i];
    double box[4] = {-5.0, 3.0, -3.5, 3.5};
    for (int i = 0; i < 2; i++) {
        box[0] = fmin(box[0], fmax(-ROOT_REACH, 1.15 * rg->root_re[i]));
        box[3] = fmax(box[3], fmin(ROOT_REACH, 1.15 * fabs(rg->root_im[i])));
    }
    box[2] = -box[3];
    memcpy(rg->box, box, sizeof box);
    const double w = box[1] - box[0], h = box[3] - box[2];
    const double computed[4] = {box[0] - w / 2, box[1] + w / 2, box[2] - h / 2, box[3] + h / 2};
    memcpy(rg->computed, computed, sizeof computed);
    /* a grid of square cells, SL_REGION_GRID across the shown box's wider side: twice that over the computed one */
    const double cell = fmax(w, h) / SL_REGION_GRID;
    const int gx = (int)ceil(2.0 * w / cell), gy = (int)ceil(2.0 * h / cell);
    const size_t per_method = 4 * ((size_t)gx + (size_t)gy) * 8;  /* far more than a few closed curves cross */
    rg->nx = SL_REGION_SHADE, rg->ny = (int)ceil(SL_REGION_SHADE * h / w);
    rg->shade = calloc((size_t)rg->nx * (size_t)rg->ny, sizeof *rg->shade);
    if (!rg->shade || (rg->n > 0 && !(rg->boundary[0] = malloc(rg->n * per_method * sizeof *rg->boundary[0])))) {
        sl_region_free(rg);
        return -1;
    }
    for (int k = 0; k < rg->n; k++) {
        const ode_method_info *info = ode_method_about(spring_method_ode(rg->methods[k]));
        rg->boundary[k] = rg->boundary[0] + k * per_method;
        const size_t n = ode_region_boundary(info, computed, gx, gy, rg->boundary[k], per_method);
        rg->count[k] = n < per_method ? n : per_method;
        for (int j = 0; j < rg->ny; j++)
            for (int i = 0; i < rg->nx; i++) {
                const double x = computed[0] + (computed[1] - computed[0]) * (i + 0.5) / rg->nx;
                const double y = computed[2] + (computed[3] - computed[2]) * (j + 0.5) / rg->ny;
                rg->shade[(size_t)j * (size_t)rg->nx + (size_t)i] += ode_amplification_at(info, x, y) <= 1.0;
            }
    }
    return 0;
}
