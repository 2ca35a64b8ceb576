/* spring-lab: one damped spring, m x'' + c x' + k (x - target) = 0, integrated every way the lab compares.
 * Parses and validates the options, then runs one mode: --csv, --csv --animate, --stability, --plot, or the
 * interactive guided walk. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numlab/cli.h"
#include "numlab/lang.h"
#include "spring-lab/spring_lab.h"

static const char usage[] =
    "usage: spring-lab [options]                       the interactive guided walk (needs a terminal)\n"
    "       spring-lab --csv [--method LIST] [spring options] [--dt H --steps N]\n"
    "       spring-lab --csv --animate [--frame-hz F] [frame options] [spring options]\n"
    "       spring-lab --stability [spring options] [--dt H]\n"
    "\n"
    "The spring: m x'' + c x' + k (x - target) = 0, from x(0) = x0, v(0) = v0 (seed 000).\n"
    "  --k K          stiffness, 1e-12..1e12            (default 200)\n"
    "  --c C          damping, 0..1e12                  (default 20)\n"
    "  --m M          mass, 1e-12..1e12                 (default 1)\n"
    "  --x0 X         start position                    (default 0)\n"
    "  --v0 V         start velocity                    (default 0)\n"
    "  --target T     rest position                     (default 300)\n"
    "\n"
    "--csv prints method,step,t,x,v,energy for steps 0..N of each method, in the order given.\n"
    "  --method LIST  comma-separated, or all: explicit, semi, rk4, exact, gsl-rk4, gsl-rkf45, gsl-rk8pd,\n"
    "                 gsl-msbdf                         (default all)\n"
    "  --dt H         step, s, 0 < H <= 1000            (default 1/240)\n"
    "  --steps N      0..100000000                      (default 240)\n"
    "  --tol TOL      tolerance of gsl-rkf45, gsl-rk8pd, gsl-msbdf, 1e-14..0.1 (default 1e-12)\n"
    "  A method that diverges stops with a line '# METHOD: diverged at step N (t = T)'.\n"
    "\n"
    "--csv --animate runs the seed's frame loop and prints frame,t,x,v,substeps until rest (frame 0 is the\n"
    "start; t is the frames' clock; the last row is the snap: x = target, v = 0 exactly).\n"
    "  --method M     explicit, semi, rk4 or exact      (default semi)\n"
    "  --frame-hz F   display rate, 1..1000             (default 60)\n"
    "  --frame-jitter J  each frame lasts (1 + J u)/F, u uniform in [-1, 1], J in 0..0.9 (default 0)\n"
    "  --seed N       seed of the jitter                (default 1)\n"
    "  --gap S        one frame of S seconds (a tab in the background), 0..1e6 (default none)\n"
    "  --gap-frame N  the frame that carries the gap    (default 10)\n"
    "  --step H       the fixed step, s                 (default 1/240)\n"
    "  --cap C        the accumulator's cap, s, >= step (default 0.1)\n"
    "  --no-cap       no cap (a long gap costs gap/step substeps)\n"
    "  One frame may take at most 1e8 substeps (its line is printed after them): a longer gap needs a cap or a\n"
    "  larger step.\n"
    "  --interpolate  print the rendered x, interpolated by alpha = accumulator/step\n"
    "  --eps-x E      rest when |x - target| < E ...    (default 0.5, half a pixel)\n"
    "  --eps-v E      ... and |v| < E                   (default 1, a pixel per second)\n"
    "  --rest-scale S scale both thresholds (e.g. 0.01 for an opacity animated over 100 px)\n"
    "  --rest-rule R  both, distance or speed           (default both, the only right one)\n"
    "  --max-frames N give up after N frames (exit 1)   (default 100000)\n"
    "\n"
    "--plot KIND prints a chart to stdout: phase, time, energy, error (|x - x_exact|, log scale) or stability\n"
    "  (the methods of --method, default explicit,semi,rk4,exact; --csv's spring options and --dt, --steps).\n"
    "  --width W      columns, 20..1000                 (default 80)\n"
    "  --height H     rows, 8..500                      (default 24)\n"
    "  --ascii        ASCII instead of braille (also when the locale is not UTF-8)\n"
    "\n"
    "--stability prints method,zeta,w0dt_max,dt_max,w0dt,spectral_radius,stable: the largest stable w0*dt for\n"
    "the spring's own damping ratio zeta = c / (2 sqrt(k m)) (damped limits; 0, 2 and 2.83 only when c = 0), and\n"
    "the spectral radius rho(M) of the step matrix at --dt (stable: rho(M) < 1, or = 1 with distinct eigenvalues).\n"
    "\n"
    "Exit status: 0 ok, 1 runtime failure, 2 bad usage.\n";

enum {
    OPT_K = 256, OPT_C, OPT_M, OPT_X0, OPT_V0, OPT_TARGET, OPT_DT, OPT_STEPS, OPT_TOL, OPT_METHOD, OPT_CSV,
    OPT_ANIMATE, OPT_FRAME_HZ, OPT_JITTER, OPT_SEED, OPT_GAP, OPT_GAP_FRAME, OPT_STEP, OPT_CAP, OPT_NO_CAP,
    OPT_INTERPOLATE, OPT_EPS_X, OPT_EPS_V, OPT_REST_SCALE, OPT_REST_RULE, OPT_MAX_FRAMES, OPT_STABILITY,
    OPT_PLOT, OPT_WIDTH, OPT_HEIGHT, OPT_ASCII, OPT_HELP,
};

static const struct option long_options[] = {
    {"k", required_argument, 0, OPT_K},           {"c", required_argument, 0, OPT_C},
    {"m", required_argument, 0, OPT_M},           {"x0", required_argument, 0, OPT_X0},
    {"v0", required_argument, 0, OPT_V0},         {"target", required_argument, 0, OPT_TARGET},
    {"dt", required_argument, 0, OPT_DT},         {"steps", required_argument, 0, OPT_STEPS},
    {"tol", required_argument, 0, OPT_TOL},       {"method", required_argument, 0, OPT_METHOD},
    {"csv", no_argument, 0, OPT_CSV},             {"animate", no_argument, 0, OPT_ANIMATE},
    {"frame-hz", required_argument, 0, OPT_FRAME_HZ},
    {"frame-jitter", required_argument, 0, OPT_JITTER},
    {"seed", required_argument, 0, OPT_SEED},     {"gap", required_argument, 0, OPT_GAP},
    {"gap-frame", required_argument, 0, OPT_GAP_FRAME},
    {"step", required_argument, 0, OPT_STEP},     {"cap", required_argument, 0, OPT_CAP},
    {"no-cap", no_argument, 0, OPT_NO_CAP},       {"interpolate", no_argument, 0, OPT_INTERPOLATE},
    {"eps-x", required_argument, 0, OPT_EPS_X},   {"eps-v", required_argument, 0, OPT_EPS_V},
    {"rest-scale", required_argument, 0, OPT_REST_SCALE},
    {"rest-rule", required_argument, 0, OPT_REST_RULE},
    {"max-frames", required_argument, 0, OPT_MAX_FRAMES},
    {"stability", no_argument, 0, OPT_STABILITY}, {"help", no_argument, 0, OPT_HELP},
    {"plot", required_argument, 0, OPT_PLOT},     {"width", required_argument, 0, OPT_WIDTH},
    {"height", required_argument, 0, OPT_HEIGHT}, {"ascii", no_argument, 0, OPT_ASCII},
    {0, 0, 0, 0},
};

/* LIST: comma-separated method names, or "all". */
static int parse_methods(const char *text, bool methods[SPRING_METHOD_COUNT])
{
    memset(methods, 0, SPRING_METHOD_COUNT * sizeof methods[0]);
    if (strcmp(text, "all") == 0) {
        for (int i = 0; i < SPRING_METHOD_COUNT; i++)
            methods[i] = true;
        return CLI_OK;
    }
    char buf[256];
    if (!*text || strlen(text) >= sizeof buf)
        return cli_error("--method: '%s' is not a method list (allowed: all, or a comma-separated list of %s)",
                         cli_cut(text), spring_method_names());
    strcpy(buf, text);
    for (char *name = buf, *comma; name; name = comma ? comma + 1 : NULL) {
        if ((comma = strchr(name, ',')))
            *comma = '\0';
        spring_method m;
        if (spring_method_parse(name, &m))
            return cli_error("--method: '%s' is not a method in '%s' (allowed: all, or a comma-separated list of %s)",
                             cli_cut(name), cli_cut(text), spring_method_names());
        methods[m] = true;
    }
    return CLI_OK;
}

static int parse_rest_rule(const char *text, ts_rest_rule *rule)
{
    static const char *const names[] = {"both", "distance", "speed"};
    for (int i = 0; i < 3; i++)
        if (strcmp(text, names[i]) == 0) {
            *rule = (ts_rest_rule)i;
            return CLI_OK;
        }
    return cli_error("--rest-rule: '%s' is not a rule (allowed: both, distance, speed)", cli_cut(text));
}

/* The most substeps one frame of --animate can take: its steps run before its line is printed, so that is the
 * work done in silence. The longest frame (the gap, or a jittered one) is held to the cap. */
#define MAX_FRAME_SUBSTEPS 1e8

static int check_frame_work(const spring_lab_options *o, bool no_cap)
{
    const double longest_frame = (1.0 + o->frame_jitter) / o->frame_hz;
    const bool gap = o->gap > longest_frame;
    const double held = fmin((gap ? o->gap : longest_frame) + o->step, o->cap);
    char cap[48] = "";
    if (no_cap)
        snprintf(cap, sizeof cap, ", --no-cap");
    else if (held == o->cap)
        snprintf(cap, sizeof cap, ", --cap %g", o->cap);
    char options[160];
    if (gap)
        snprintf(options, sizeof options, "--gap %g%s and --step %g", o->gap, cap, o->step);
    else
        snprintf(options, sizeof options, "--frame-hz %g%s and --step %g", o->frame_hz, cap, o->step);
    return cli_work(options, floor(held / o->step), MAX_FRAME_SUBSTEPS, "substeps in one frame",
                    "a frame's substeps run before its line is printed: give a cap, a shorter gap or a larger step");
}

static int run(int argc, char **argv)
{
    spring_lab_options o = {
        .params = {.k = 200.0, .c = 20.0, .m = 1.0, .target = 300.0},
        .s0 = {0.0, 0.0},
        .dt = 1.0 / 240.0, .steps = 240, .tol = 1e-12,
        .frame_hz = 60.0, .step = TS_DEFAULT_STEP, .cap = TS_DEFAULT_CAP,
        .gap_frame = 10, .max_frames = 100000, .seed = 1,
        .rest = {TS_DEFAULT_EPS_X, TS_DEFAULT_EPS_V}, .rest_rule = TS_REST_BOTH,
    };
    bool csv = false, animate = false, stability = false, no_cap = false;
    double rest_scale = 1.0;
    long long seed = 1, width = 80, height = 24;

    if (cli_check_options(argc, argv, "", long_options))
        return CLI_USAGE;
    opterr = 0;
    int opt, rc = CLI_OK;
    while (rc == CLI_OK && (opt = getopt_long(argc, argv, ":", long_options, NULL)) != -1) {
        switch (opt) {
        case OPT_K:        rc = cli_range("--k", optarg, 1e-12, 1e12, &o.params.k); break;
        case OPT_C:        rc = cli_range("--c", optarg, 0.0, 1e12, &o.params.c); break;
        case OPT_M:        rc = cli_range("--m", optarg, 1e-12, 1e12, &o.params.m); break;
        case OPT_X0:       rc = cli_range("--x0", optarg, -1e12, 1e12, &o.s0.x); break;
        case OPT_V0:       rc = cli_range("--v0", optarg, -1e12, 1e12, &o.s0.v); break;
        case OPT_TARGET:   rc = cli_range("--target", optarg, -1e12, 1e12, &o.params.target); break;
        case OPT_DT:       rc = cli_positive_max("--dt", optarg, 1e3, &o.dt); break;
        case OPT_STEPS:    rc = cli_count("--steps", optarg, 0, 100000000, &o.steps); break;
        case OPT_TOL:      rc = cli_range("--tol", optarg, 1e-14, 0.1, &o.tol); break;
        case OPT_METHOD:   rc = parse_methods(optarg, o.methods); o.method_given = true; break;
        case OPT_CSV:      csv = true; break;
        case OPT_ANIMATE:  animate = true; break;
        case OPT_FRAME_HZ: rc = cli_range("--frame-hz", optarg, 1.0, 1000.0, &o.frame_hz); break;
        case OPT_JITTER:   rc = cli_range("--frame-jitter", optarg, 0.0, 0.9, &o.frame_jitter); break;
        case OPT_SEED:     rc = cli_count("--seed", optarg, 0, 4294967295LL, &seed); break;
        case OPT_GAP:      rc = cli_range("--gap", optarg, 0.0, 1e6, &o.gap); break;
        case OPT_GAP_FRAME: rc = cli_count("--gap-frame", optarg, 1, 100000000, &o.gap_frame); break;
        case OPT_STEP:     rc = cli_range("--step", optarg, 1e-6, 1.0, &o.step); break;
        case OPT_CAP:      rc = cli_range("--cap", optarg, 1e-6, 1e6, &o.cap); break;
        case OPT_NO_CAP:   no_cap = true; break;
        case OPT_INTERPOLATE: o.interpolate = true; break;
        case OPT_EPS_X:    rc = cli_positive("--eps-x", optarg, &o.rest.eps_x); break;
        case OPT_EPS_V:    rc = cli_positive("--eps-v", optarg, &o.rest.eps_v); break;
        case OPT_REST_SCALE: rc = cli_positive("--rest-scale", optarg, &rest_scale); break;
        case OPT_REST_RULE: rc = parse_rest_rule(optarg, &o.rest_rule); break;
        case OPT_MAX_FRAMES: rc = cli_count("--max-frames", optarg, 1, 100000000, &o.max_frames); break;
        case OPT_STABILITY: stability = true; break;
        case OPT_PLOT:     o.plot = optarg; break;
        case OPT_WIDTH:    rc = cli_count("--width", optarg, 20, 1000, &width); break;
        case OPT_HEIGHT:   rc = cli_count("--height", optarg, 8, 500, &height); break;
        case OPT_ASCII:    o.ascii = true; break;
        case OPT_HELP:     fputs(usage, stdout); return CLI_OK;
        default:           rc = cli_error("unknown option (see --help)"); break;  /* cli_check_options named it */
        }
    }
    if (rc != CLI_OK)
        return rc;
    if (optind < argc)
        return cli_unexpected(argv[optind]);

    o.seed = (unsigned long)seed;
    o.width = (int)width;
    o.height = (int)height;
    o.rest.eps_x *= rest_scale;
    o.rest.eps_v *= rest_scale;
    if (no_cap)
        o.cap = 1e300;  /* no cap: every second of a gap is simulated */
    else if (o.cap < o.step)
        return cli_error("--cap: %g is below the step %g (allowed: cap >= step)", o.cap, o.step);
    if (!o.method_given)
        parse_methods("all", o.methods);
    if (csv && animate && (rc = check_frame_work(&o, no_cap)) != CLI_OK)
        return rc;

    if (animate && !csv)
        return cli_error("--animate goes with --csv (see --help)");
    if (csv + stability + (o.plot != NULL) > 1)
        return cli_error("--csv, --plot and --stability are separate modes: give one (see --help)");
    if (o.plot)
        return spring_lab_plot(&o);
    if (csv && animate)
        return spring_lab_animate(&o);
    if (csv)
        return spring_lab_csv(&o);
    if (stability)
        return spring_lab_stability(&o);
    if (!cli_have_terminal())
        return cli_error("interactive mode needs a terminal; use --csv, --plot or --stability (see --help)");
    return spring_lab_interactive(&o);
}

int main(int argc, char **argv)
{
    cli_set_program("spring-lab");
    lang_init();  /* LC_CTYPE from the environment (braille), numbers always with a '.' */
    return cli_finish(run(argc, argv));
}
