/* bowl-lab: the walk's instrument as a --set list, for its state line (lab.h). */
#include "lab.h"

#include "numlab/state.h"

#include <string.h>

void bl_walk_set_list(const snd_preset *base, const snd_preset *now, const bl_controls *c, char *buf, size_t size)
{
    /* the controls as the gesture's parameters they start from (the walk reads them back from there) */
    snd_preset edited = *now;
    edited.gesture.tilt = c->tilt_x_deg * NUMLAB_PI / 180.0;
    edited.gesture.tilt_y = c->tilt_y_deg * NUMLAB_PI / 180.0;
    edited.gesture.stir_hz = c->stir_hz;
    edited.gesture.stir_radius = c->stir_radius;
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < bl_n_params; i++) {
        const double a = bl_param_get(base, &bl_params[i]), b = bl_param_get(&edited, &bl_params[i]);
        if (a == b)
            continue;
        char number[32];
        state_number(b, number, sizeof number);
        const int n = snprintf(used < size ? buf + used : NULL, used < size ? size - used : 0, "%s%s=%s",
                               used ? "," : "", bl_params[i].key, number);
        used += n > 0 ? (size_t)n : 0;
    }
    if (used >= size && size)
        buf[0] = '\0';  /* too long for a line: none rather than a part */
}
