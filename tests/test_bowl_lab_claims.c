/* bowl-lab's claims, each against an independent reference:
 *   1. docs/bowl.md's energy law: a step (kick, implicit drag, geodesic drift) loses m h^2 |P_T g|^2 / 2 in the
 *      kick and gains m h^2 |v|^2 (g.n) / (2 rho) in the drift (the arc's chord falls below the tangent), so without
 *      gesture the energy never grows only while the drag exceeds g h / (2 rho): every preset satisfies it, and a
 *      long run of each is non-increasing step by step; a drag just under the bound makes the energy grow, just
 *      over it does not (so the condition is the one that matters);
 *   2. radius, not diameter: the presets' spheres have the masses of steel (7850 kg/m^3) or NdFeB (7500 kg/m^3)
 *      balls of the stated radius, and a summary that names a size names it across (2 r);
 *   3. the load uses rho = R - r: L = m (v^2/rho + g.n), at rest at the bottom m g;
 *   4. the resonator's two forms (exercise 08, docs/exercises.md, src/snd_bank.c): both have the impulse-invariant
 *      poles r e^{+-i theta}; the exercise's y[n] = 2 r cos(theta) y[n-1] - r^2 y[n-2] + g sin(theta) x[n] answers
 *      g r^n sin(theta (n + 1)), the bank's (input one sample later, times r) the sampled g e^{-a t} sin(2 pi f t)
 *      itself: the exercise's response is the bank's one sample early and 1/r louder. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/bowl.h"
#include "numlab/common.h"
#include "../src/snd_internal.h"
#include "helpers/check_main.h"
#include "helpers/claims.h"

/* A step's energy is a sum of terms of |E0|'s size: rounding moves it by ~1e-14 of it (heavy-light's collisions
 * reach 5e-14); a real violation of the law is a rise of ~1e-6 a step (0.9 x the bound, below). */
#define RISE_ROUNDING 1e-12

static double drag_bound(const bowl_params *p, int i)
{
    return p->gravity * p->step / (2.0 * (p->bowl_radius - p->sphere[i].radius));
}

/* The largest step-to-step rise of the energy over `steps` steps without gesture, relative to |E0|. */
static double largest_rise(const bowl_params *p, const double th[2], const double ph[2], long steps)
{
    bowl b;
    ck_assert_int_eq(bowl_init(&b, p, th, ph), 0);
    const double e0 = fabs(bowl_energy(&b, NULL));
    double prev = bowl_energy(&b, NULL), rise = -INFINITY;
    for (long k = 0; k < steps; k++) {
        bowl_step(&b, NULL);
        const double e = bowl_energy(&b, NULL);
        rise = fmax(rise, (e - prev) / e0);
        prev = e;
    }
    return rise;
}

START_TEST(test_presets_satisfy_the_drag_condition)
{
    /* docs/bowl.md's figures: the bound is 0.022/s at the default step and rho = 0.1 - 0.008 m; drags 0.2 to 0.3/s */
    const bowl_params d = bowl_default_params();
    ck_claim_rel(drag_bound(&d, 0), 9.81 / (2400.0 * 2.0 * 0.092), 1e-9);
    ck_assert(fabs(drag_bound(&d, 0) - 0.022) < 0.0005);
    for (size_t q = 0; q < snd_preset_count(); q++) {
        const snd_preset *pre = snd_preset_at(q);
        for (int i = 0; i < 2; i++)
            ck_assert_msg(pre->bowl.surface_drag > drag_bound(&pre->bowl, i) && pre->bowl.surface_drag >= 0.2 &&
                          pre->bowl.surface_drag <= 0.3, "%s: drag %g <= g h / (2 rho) = %g",
                          pre->name, pre->bowl.surface_drag, drag_bound(&pre->bowl, i));
        /* a minute of each preset's mechanics without gesture, from its own start: never more energy (the magnet's
         * potential is not in bowl_energy: the law is about the mechanics, so the magnet is switched off) */
        bowl_params p = pre->bowl;
        p.magnet = 0.0, p.magnet_force = 0.0;
        const double rise = largest_rise(&p, pre->theta, pre->phi, 2400L * 60);
        ck_assert_msg(rise <= RISE_ROUNDING, "%s: the energy rose by %g of |E0| in a step", pre->name, rise);
    }
}
END_TEST

START_TEST(test_the_condition_is_sharp)
{
    /* one sphere swings down onto the other, resting at the bottom (collisions included), without Coulomb loss: a
     * drag of 1.1 x the bound never lets the energy rise; 0.9 x lets it rise where the sphere runs fastest (the
     * bottom, where the kick loses nothing) */
    bowl_params p = bowl_default_params();
    p.contact_loss = 0.0;
    const double th[2] = {1.0, 0.0}, ph[2] = {0.0, 0.0};
    const double bound = fmax(drag_bound(&p, 0), drag_bound(&p, 1));
    p.surface_drag = 1.1 * bound;
    ck_assert(largest_rise(&p, th, ph, 2400L * 20) <= RISE_ROUNDING);
    p.surface_drag = 0.9 * fmin(drag_bound(&p, 0), drag_bound(&p, 1));
    ck_assert(largest_rise(&p, th, ph, 2400L * 20) > 1e-7);
}
END_TEST

START_TEST(test_radius_not_diameter)
{
    for (size_t q = 0; q < snd_preset_count(); q++) {
        const snd_preset *pre = snd_preset_at(q);
        const double density = strstr(pre->name, "neodymium") ? 7500.0 : 7850.0;
        for (int i = 0; i < 2; i++) {
            const double r = pre->bowl.sphere[i].radius;
            ck_claim_rel(pre->bowl.sphere[i].mass, density * 4.0 / 3.0 * NUMLAB_PI * r * r * r, 0.01);
            char across[32];
            snprintf(across, sizeof across, "%.0f mm across", 2000.0 * r);
            ck_assert_msg(!strstr(pre->summary, " mm") || strstr(pre->summary, across), "%s: the summary does not say '%s': %s", pre->name, across,
                          pre->summary);
        }
    }
}
END_TEST

START_TEST(test_load_uses_rho)
{
    bowl_params p = bowl_default_params();
    const double th[2] = {0.0, 1.0}, ph[2] = {0.0, 0.0};  /* sphere 0 at the bottom, at rest */
    bowl b;
    ck_assert_int_eq(bowl_init(&b, &p, th, ph), 0);
    const double m = p.sphere[0].mass, rho = p.bowl_radius - p.sphere[0].radius;
    ck_claim_rel(bowl_load(&b, 0, NULL), m * p.gravity, 1e-12);
    b.s[0].v = (bowl_vec){0.5, 0.0, 0.0};
    ck_claim_rel(bowl_load(&b, 0, NULL), m * (0.25 / rho + p.gravity), 1e-12);
}
END_TEST

START_TEST(test_resonator_forms)
{
    const snd_mode mode = {.freq = 440.0, .decay = 30.0, .gain = 0.7};
    const double r = exp(-mode.decay / SND_RATE), theta = 2.0 * NUMLAB_PI * mode.freq / SND_RATE;
    enum { N = 400 };
    double in[N] = {1.0}, bank[N] = {0}, ex[N];
    snd_bank bk;
    ck_assert_int_eq(snd_bank_init(&bk, &mode, 1, SND_RATE, 1), 0);
    snd_bank_process(&bk, 0, in, N, bank);
    snd_bank_destroy(&bk);
    double y1 = 0.0, y2 = 0.0;  /* exercise 08's recurrence, written out */
    for (int n = 0; n < N; n++) {
        ex[n] = 2.0 * r * cos(theta) * y1 - r * r * y2 + mode.gain * sin(theta) * in[n];
        y2 = y1, y1 = ex[n];
    }
    for (int n = 0; n + 1 < N; n++) {
        const double sampled =
            mode.gain * exp(-mode.decay * n / SND_RATE) * sin(2.0 * NUMLAB_PI * mode.freq * n / SND_RATE);
        ck_assert(fabs(bank[n] - sampled) <= 1e-12);                                  /* the bank: g r^n sin(theta n) */
        ck_assert(fabs(ex[n] - mode.gain * pow(r, n) * sin(theta * (n + 1))) <= 1e-12);  /* the exercise's */
        ck_assert(fabs(ex[n] - bank[n + 1] / r) <= 1e-12);                             /* one sample early, 1/r louder */
    }
}
END_TEST

static Suite *claims_suite(void)
{
    Suite *s = suite_create("claims_bowl");
    TCase *tc = tcase_create("claims");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_presets_satisfy_the_drag_condition);
    tcase_add_test(tc, test_the_condition_is_sharp);
    tcase_add_test(tc, test_radius_not_diameter);
    tcase_add_test(tc, test_load_uses_rho);
    tcase_add_test(tc, test_resonator_forms);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(claims_suite());
}
