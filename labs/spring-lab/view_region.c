/* spring-lab's stability regions in the complex plane: the chart (`--plot region`, the walk's step 13) and the
 * boundaries as CSV (`--plot region --series`), both formatting model_region.c's sl_region. */
#include <math.h>
#include <stdio.h>

#include "numlab/lang.h"
#include "lab.h"

void sl_region_chart(plot_chart *ch, const sl_region *rg, double dt)
{
    plot_chart_clear(ch);
    plot_chart_set_log(ch, PLOT_X, false);
    plot_chart_set_log(ch, PLOT_Y, false);
    plot_chart_set_range(ch, PLOT_X, rg->box[0], rg->box[1]);
    plot_chart_set_range(ch, PLOT_Y, rg->box[2], rg->box[3]);
    plot_chart_set_equal_aspect(ch, true);
    char title[PLOT_TITLE_MAX];
    snprintf(title, sizeof title, _("stable where |R(z)| <= 1, z = dt lambda (shade: how many are); dt = %.3g s"), dt);
    plot_chart_set_title(ch, title);
    plot_chart_set_labels(ch, "Re z", "Im z");
    plot_chart_add_hline(ch, 0.0, 0, NULL);
    plot_chart_add_vline(ch, 0.0, 0, NULL);
    const plot_image shade = {.values = rg->shade, .nx = rg->nx, .ny = rg->ny, .x0 = rg->computed[0],
                              .x1 = rg->computed[1], .y0 = rg->computed[2], .y1 = rg->computed[3],
                              .lo = 0.0, .hi = rg->n > 0 ? rg->n : 1};
    plot_chart_set_image(ch, &shade);
    bool taken[PLOT_COLORS + 1] = {false};
    for (int k = 0; k < rg->n; k++) {
        /* the method's color, or where an earlier boundary has it (rk4 and midpoint share one) the next free one */
        int color = sl_method_color(rg->methods[k]);
        for (int tries = 0; taken[color] && tries < PLOT_COLORS; tries++)
            color = color % PLOT_COLORS + 1;
        taken[color] = true;
        const plot_series s = {.name = spring_method_name(rg->methods[k]), .x = &rg->boundary[k][0].x,
                               .y = &rg->boundary[k][0].y, .n = rg->count[k], .stride = 2, .color = color,
                               .style = PLOT_POINTS};
        plot_chart_add_series(ch, &s);
    }
    /* the spring's two modes: where one step of dt puts them */
    for (int i = 0; i < 2; i++)
        plot_chart_add_marker(ch, rg->root_re[i], rg->root_im[i], PLOT_WHITE, i == 0 ? _("dt lambda") : NULL);
}

void sl_region_csv(const sl_region *rg)
{
    printf("series,x,y\n");
    for (int k = 0; k < rg->n; k++)
        for (size_t i = 0; i < rg->count[k]; i++)
            printf("%s,%.17g,%.17g\n", spring_method_name(rg->methods[k]), rg->boundary[k][i].x,
                   rg->boundary[k][i].y);
    for (int i = 0; i < 2; i++)
        printf("dt-lambda,%.17g,%.17g\n", rg->root_re[i], rg->root_im[i]);
}
