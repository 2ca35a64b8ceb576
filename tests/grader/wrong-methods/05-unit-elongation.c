/* Exercise 05. The network post's pitfall: the spring's pull as k times a unit vector whatever the stretch (its sign
 * kept). Right for a stretch of exactly 1 (the 3-4-5 triangle with rest 4) or -1 (the compressed link); central,
 * equal and opposite, so the third law holds. Only the dampers alone (k = 0, no spring to get wrong) are honest:
 * deserves: 1 */
#include <math.h>

#include "exercise.h"

void network_forces(size_t n_masses, const vec2 *pos, const vec2 *vel, size_t n_links, const spring_link *links,
                    vec2 *force)
{
    for (size_t m = 0; m < n_masses; m++)
        force[m] = (vec2){0, 0};
    for (size_t l = 0; l < n_links; l++) {
        const spring_link *s = &links[l];
        double dx = pos[s->j].x - pos[s->i].x, dy = pos[s->j].y - pos[s->i].y, len = hypot(dx, dy);
        if (len == 0)
            continue;
        double ux = dx / len, uy = dy / len;
        double closing = (vel[s->j].x - vel[s->i].x) * ux + (vel[s->j].y - vel[s->i].y) * uy;
        double stretch = len - s->rest, f = s->k * (stretch > 0 ? 1 : stretch < 0 ? -1 : 0) + s->c * closing;
        force[s->i].x += f * ux, force[s->i].y += f * uy;
        force[s->j].x -= f * ux, force[s->j].y -= f * uy;
    }
}
