/* bowl-lab: the event timeline the interactive lab draws: the bowl's events (bowl.h) in a ring, as five lanes:
 * collisions and wall re-impacts as instants, each gate and the latch as stretches of time while they are on. */
#include "model.h"
#include "numlab/lang.h"

/* TRANSLATORS: the timeline's lanes and the notes' meters: a collision, a wall re-impact, each sphere's contact
 * gate, the magnetic latch */
static const char *const lane_names[BL_LANES] = {N_("hit"), N_("wall"), N_("gate 0"), N_("gate 1"), N_("latch")};

const char *bl_lane_name(int lane)
{
    return lane >= 0 && lane < BL_LANES ? _(lane_names[lane]) : "?";
}

static bool is_state_lane(int lane)
{
    return lane >= BL_LANE_GATE0;
}

void bl_timeline_init(bl_timeline *tl, const bowl *b)
{
    *tl = (bl_timeline){0};
    tl->base[BL_LANE_GATE0] = b->s[0].gate_open;
    tl->base[BL_LANE_GATE1] = b->s[1].gate_open;
    tl->base[BL_LANE_LATCH] = b->latched;
}

void bl_timeline_add(bl_timeline *tl, const bowl_event *ev)
{
    bl_mark m = {.t = ev->t, .on = true, .value = ev->value};
    switch (ev->kind) {
    case BOWL_EV_COLLISION:   m.lane = BL_LANE_HIT; break;
    case BOWL_EV_BOWL_IMPACT: m.lane = BL_LANE_WALL; break;
    case BOWL_EV_GATE_OPEN:
    case BOWL_EV_GATE_CLOSE:
        m.lane = ev->sphere == 1 ? BL_LANE_GATE1 : BL_LANE_GATE0;
        m.on = ev->kind == BOWL_EV_GATE_OPEN;
        break;
    case BOWL_EV_LATCH_ON:
    case BOWL_EV_LATCH_OFF:
        m.lane = BL_LANE_LATCH;
        m.on = ev->kind == BOWL_EV_LATCH_ON;
        break;
    default:
        return;
    }
    if (tl->n == BL_TIMELINE_CAP) {
        /* the oldest mark leaves: the state it set becomes the state before the ring */
        const bl_mark *old = &tl->ring[tl->start];
        if (is_state_lane(old->lane))
            tl->base[old->lane] = old->on;
        tl->start = (tl->start + 1) % BL_TIMELINE_CAP;
        tl->n--;
    }
    tl->ring[(tl->start + tl->n) % BL_TIMELINE_CAP] = m;
    tl->n++;
    tl->count[m.lane]++;
}

void bl_timeline_walk(const bl_timeline *tl, double from, double to,
                            void (*span)(void *arg, int lane, double a, double b),
                            void (*point)(void *arg, int lane, double t), void *arg)
{
    bool on[BL_LANES];
    double since[BL_LANES];
    for (int lane = 0; lane < BL_LANES; lane++) {
        on[lane] = tl->base[lane];
        since[lane] = from;
    }
    for (size_t k = 0; k < tl->n; k++) {
        const bl_mark *m = &tl->ring[(tl->start + k) % BL_TIMELINE_CAP];
        if (m->t > to)
            break;
        if (!is_state_lane(m->lane)) {
            if (m->t >= from)
                point(arg, m->lane, m->t);
            continue;
        }
        if (m->on == on[m->lane])
            continue;
        if (on[m->lane] && m->t > from)  /* a stretch ends */
            span(arg, m->lane, since[m->lane], m->t);
        on[m->lane] = m->on;
        since[m->lane] = m->t > from ? m->t : from;
    }
    for (int lane = 0; lane < BL_LANES; lane++)
        if (on[lane] && is_state_lane(lane))
            span(arg, lane, since[lane], to);
}
