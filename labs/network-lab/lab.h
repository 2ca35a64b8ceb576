/* network-lab's shell around its model (model.h: the runs side by side, the modes and limits): the options
 * (options.c, which turns them into the model's params), the outputs without a terminal (headless.c), the charts
 * (view.c), the interactive walk (walk.c) and its words (texts.c), each formatting what the model computed. */
#ifndef NL_LAB_H
#define NL_LAB_H

#include <stdbool.h>
#include <stddef.h>

#include "numlab/network.h"
#include "numlab/figure.h"
#include "numlab/labcli.h"
#include "numlab/plot.h"
#include "numlab/timestep.h"
#include "model.h"

typedef struct {
    bool csv, modes;
    const char *plot;                  /* --plot network|energy|budget|budget-energy|budget-error|compliance */
    bool series;                       /* --series: the chart's series as CSV */
    int substeps, iterations;          /* --substeps, --iterations: xpbd's and pbd's split of a step */
    const char *preset, *file;
    net_preset_params params;
    bool have_n, have_k, have_m, have_c, have_dt, have_kick, have_method;  /* given on the command line */
    bool have_split;                   /* --substeps or --iterations given */
    double k_stiff;                    /* --k-stiff: the walk's step 4, the stiff spring */
    int budget;                        /* --budget: the walk's step 7, XPBD's projections a spring a frame */
    bool have_k_stiff, have_budget;
    bool methods[NET_METHOD_COUNT];    /* --method LIST */
    int n_methods;
    net_method method;                 /* the first of the list: the CSV's one method */
    net_force_law law;
    double dt, kick, tol;
    long long steps, every, seed;
    bool have_pull;                    /* --pull I,DX,DY */
    long long pull_mass;
    double pull_dx, pull_dy;
    int width, height;                 /* --plot's size */
    plot_mode glyphs;                  /* --glyphs, --ascii */
    figure_options figure;             /* --out, --size, --replace (--force is the force law here) */
} nl_options;

/* --- charts (view.c), shared by --plot and the walk --------------------------------------------------------- */

/* The plot color of a method: its index + 1 (the same as spring-lab's). */
int nl_method_color(net_method m);

/* The world box [xmin, xmax, ymin, ymax] to show a network: the box of state y widened by a quarter of its
 * larger side all round, and by half of it more in the direction gravity pulls (the cloth sags). Its view keeps
 * the world's aspect (plot_equal_aspect). */
void nl_world_box(const net_network *net, const double *y, double box[4]);
/* The view follows what it shows, with hysteresis: when a shown live run's mass leaves what is visible (the ranges
 * [xmin, xmax, ymin, ymax] last drawn, or box itself when visible is NULL), or all of them shrink to less than
 * NL_FOLLOW_SHRINK of box's larger side, box becomes nl_world_box of the shown masses (returns true); otherwise
 * it stays (false), so the picture does not breathe with every swing. */
#define NL_FOLLOW_SHRINK 0.25
bool nl_view_follow(const nl_sim *s, const bool *shown, double box[4], const double *visible);
/* box = nl_world_box of the shown live runs' masses (false, box unchanged, when none is shown). */
bool nl_view_fit(const nl_sim *s, const bool *shown, double box[4]);
/* Scales box about its centre: factor < 1 zooms in. */
void nl_zoom(double box[4], double factor);

typedef struct {
    double *x, *y;                     /* polyline points with NaN breaks: springs, then the masses' glyphs */
    size_t cap;
} nl_strokes;

void nl_strokes_free(nl_strokes *st);

typedef struct {
    const nl_sim *sim;
    const bool *shown;                 /* per run */
    double alpha;                      /* render interpolation between prev and y, [0, 1) */
    size_t selected;                   /* a mass to mark, or n_masses */
    const double *box;                 /* the world box */
    const char *title;
    nl_strokes strokes[NL_MAX_RUNS];
} nl_network_view;

/* The network pane: springs as braille lines, masses as small crosses (pinned ones as squares), one color per
 * shown live run, the selected mass as a marker. Renders twice (the second time with equal-aspect ranges).
 * Returns 0, or -1 when out of memory for the strokes. */
int nl_chart_network(plot_chart *ch, nl_network_view *v, plot_mode mode);
/* The world point under a cell of the network chart (after a render), the cell clamped into the plot area first.
 * 0, or -1 before a render or when the chart was too small. */
int nl_cell_to_world(const plot_chart *ch, int col, int row, double *x, double *y);
/* The energy pane: each shown run's total energy against time. */
void nl_chart_energy(plot_chart *ch, const nl_sim *s, const bool *shown);

/* --- the walk's words (texts.c) ------------------------------------------------------------------------------ */

/* The walk's steps. */
enum {
    NL_STEP_SEED, NL_STEP_SEMI, NL_STEP_RK4, NL_STEP_STIFF, NL_STEP_CLOTH, NL_STEP_IMPLICIT,
    NL_STEP_BUDGET,  /* XPBD: one budget as iterations or substeps ("Small Steps"), the dampers' Rayleigh model */
    NL_STEP_PBD,     /* plain PBD's stiffness grows with the iterations; XPBD's compliance holds it */
    NL_STEPS
};
#define NL_XPBD_BUDGET 20      /* steps 7 and 8: the budget N and the iterations, by default */
#define NL_WALK_MAX_SIDE 16    /* steps 5 to 8: the cloth's side, at most (its slider, --n) */
/* The walk's stiff cloth (step 6): the grid at side NL_STIFF_SIDE, 100 times stiffer than the preset's n = 10
 * cloth with the same damping ratio 0.1 a spring, stepped once a frame at 60 Hz. */
#define NL_STIFF_SIDE 8
#define NL_STIFF_K 2000.0
#define NL_STIFF_M 0.01
#define NL_STIFF_C (0.2 * sqrt(NL_STIFF_K * NL_STIFF_M))  /* damping ratio 0.1 */

const char *nl_step_title(int step);
#define NL_PULLED_MASS 2       /* steps 1 to 4: the four starts with corner (1, 1) pulled out */
#define NL_STIFF_SPRING 4      /* step 4: the four's diagonal 0-2 (net_presets.c lists the sides, then the diagonals) */
/* What a step's text states, from the walk as it is (nothing typed into the words). */
typedef struct {
    const net_network *net;            /* the step's network, or NULL: not built */
    const net_modes *modes;            /* its normal modes, or NULL: not computed */
    double dt, frame_hz;               /* the step and the display rate */
    size_t pulled;                     /* step 1: the mass that starts pulled out */
    size_t stiff_spring;               /* step 4: the stiff spring */
    int budget, iterations;            /* steps 7 and 8: XPBD's budget N, PBD's and XPBD's iterations */
} nl_step_facts;
/* The step's text into buf, its numbers from f: the network's size, the pulled mass and the stiff spring's ends,
 * the step against the frame, the limits of the modes ("?" for what is not known). */
void nl_step_text(char *buf, size_t size, int step, const nl_step_facts *f);
/* A free run of the user's network (--preset, --file): its title for `name` (shown escaped) and its text. */
void nl_free_title(char *buf, size_t size, const char *name);
const char *nl_free_text(void);
/* Step 6's text, its numbers from the modes (NULL: not computed): w_max, w_min and their ratio (the stiffness),
 * the explicit methods' damped limits against dt, and backward Euler's absence of one. Returns the length. */
int nl_stiff_cloth_text(char *buf, size_t size, double dt, const net_modes *m);
/* dt against each walk method's largest stable step with the dampers (net_modes.limit), into buf (returns the
 * length): "dt = 16.7 ms, damped limits (top mode's zeta 0.27): explicit 4.47 ms, UNSTABLE (3.73x); semi 12.7 ms,
 * UNSTABLE (1.31x); rk4 17.6 ms, stable (0.95x)"; undamped, semi's and rk4's are named 2/w_max and 2.83/w_max.
 * No stiffness (omega_max 0) has no limit. */
int nl_gauge(char *buf, size_t size, double dt, const net_modes *m);
/* The notes at buf + used (tui_append): where mass i is, and each shown run's total energy (or where it stopped).
 * Return the new length. */
size_t nl_note_mass(char *buf, size_t size, size_t used, size_t i, bool held, double x, double y);
size_t nl_note_energies(char *buf, size_t size, size_t used, const nl_sim *s, const bool *shown);
/* XPBD's steps (texts_xpbd.c): step 7's text (the budget, the substep, the dampers' c/k and the top mode's zeta),
 * step 8's (one spring's stiffness under PBD after the iterations, nl_pbd_stiffness), the notes' longest strain of
 * each shown run; a run's legend ("xpbd 1x20" with its split) and color (a second run of a method: the next one's). */
void nl_budget_text(char *buf, size_t size, const nl_step_facts *f);
void nl_pbd_text(char *buf, size_t size, const nl_step_facts *f);
/* The k with which backward Euler keeps what PBD keeps of one spring's stretch after a step of `iterations`
 * sweeps (k, m, dt the spring's): m ((1 + dt^2 k / m)^I - 1) / dt^2; k itself at I = 1. */
double nl_pbd_stiffness(double k, double m, double dt, int iterations);
size_t nl_note_strains(char *buf, size_t size, size_t used, const nl_sim *s, const bool *shown);
const char *nl_run_label(const nl_run *r, char *buf, size_t size);
const char *nl_run_name(const nl_run *r, char *buf, size_t size);  /* the same with the option name: the notes' */
int nl_run_color(const nl_run *r);
/* A duration for people: "16.7 ms", "2.5 s", "40 us". */
void nl_format_seconds(char *buf, size_t size, double seconds);

/* --- the views --------------------------------------------------------------------------------------------- */

/* Prints the CSV of one run (nl_options.method) to stdout; returns the exit status (0, 1). */
int nl_csv(net_network *net, const nl_options *o);
/* Prints the normal modes and the step limits to stdout; returns the exit status (0, 1, 2). */
int nl_modes(const net_network *net);
/* Prints the --plot chart after the run; returns the exit status (0, 1). */
int nl_plot(net_network *net, const nl_options *o);
/* The guided walk (net NULL), or a free run of the given network. Returns the exit status. */
#define NL_WALK_RUNS 3  /* the methods the interactive lab runs side by side */
int nl_interactive(net_network *net, const nl_options *o, const labcli_result *r);

/* --- XPBD's charts (study.c) ------------------------------------------------------------------------------- */

/* True for the charts study.c draws: budget, budget-energy, budget-error, compliance. */
bool nl_plot_is_study(const char *kind);
/* A budget run's name: "xpbd 1x20", "xpbd 20x1", backward Euler's or gsl-rk8pd's; words: their legend labels in
 * the reader's language, else their --method names (--series, the same bytes in every language). */
void nl_budget_label(char *buf, size_t size, int run, int budget, bool words);
/* --plot budget...|compliance after the options' --steps at --dt from the options' start; returns the exit status. */
int nl_plot_study(net_network *net, const nl_options *o);

/* --- the options (options.c) -------------------------------------------------------------------------------- */

/* The modes the option table selects (0: interactive). */
enum { NL_MODE_CSV = 1, NL_MODE_PLOT, NL_MODE_MODES };
extern const labcli_option nl_option_table[];
extern const size_t nl_option_count;
/* The lab's check (labcli_lab.check): the combination of options, the preset's defaults for what was not given,
 * the figure's output; CLI_OK or CLI_USAGE (said). */
int nl_check(const labcli_lab *lab, void *opts, const labcli_result *r);
/* The start the options describe (pull, kick, seed), and the model's params: the network, that start, the
 * --method list (or only its first, the CSV's one method), --dt, the GSL tolerance and --steps. */
nl_start nl_start_from_options(const net_network *net, const nl_options *o);
nl_params nl_params_from_options(net_network *net, const nl_options *o, bool first_method_only);
/* The network the options describe, checked against them (--pull's mass, gsl-msbdf's size, the silent work);
 * CLI_OK, CLI_USAGE (said: a bad file, an option that does not fit) or CLI_FAILURE. */
int nl_network_build(const nl_options *o, net_network **out);

#endif
