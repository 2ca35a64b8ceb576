/* bowl-lab's internals (labs/bowl-lab/), linked from the lab's objects: the gesture file, the player's stir and
 * tilt, the recording played back bit for bit, the timeline's lanes, --set and its arguments, the layer lists, and
 * the session's files. The screen itself is tested under tmux (tests/tui_bowl.sh). */
#include <check.h>
#include <math.h>
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../labs/bowl-lab/lab.h"
#include "helpers/check_main.h"
#include "numlab/common.h"


static int read_text(const char *text, bl_gesture *g, char *msg, size_t len)
{
    return bl_gesture_parse(text, strlen(text), "g.csv", g, msg, len);
}

/* --- the gesture file --------------------------------------------------------------------------------------- */

START_TEST(gesture_file_reads_rows)
{
    const char *text = "# a comment\n\n" BL_GESTURE_HEADER "\r\n"
                       "0,0,0,1.5,0.014,0\n"
                       "# between rows\n"
                       "  # an indented comment\n"
                       "0.5,-10.25,3,-2,0.02,1\r\n"
                       "0.5,60,-60,10,0.05,10\n";
    bl_gesture g;
    char msg[256] = "";
    ck_assert_int_eq(read_text(text, &g, msg, sizeof msg), 0);
    ck_assert_uint_eq(g.n, 3);
    ck_assert(g.rows[0].t == 0.0 && g.rows[0].c.stir_hz == 1.5 && g.rows[0].c.stir_radius == 0.014);
    ck_assert(g.rows[1].t == 0.5 && g.rows[1].c.tilt_x_deg == -10.25 && g.rows[1].c.tilt_y_deg == 3.0);
    ck_assert(g.rows[1].c.stir_hz == -2.0 && g.rows[1].c.stir_radius == 0.02 && g.rows[1].strike == 1.0);
    ck_assert(g.rows[2].c.tilt_x_deg == 60.0 && g.rows[2].strike == 10.0);
    bl_gesture_free(&g);
}
END_TEST

START_TEST(gesture_file_errors_name_the_line)
{
    static const struct {
        const char *text, *says;
    } cases[] = {
        {"", "g.csv:0: no rows"},
        {"# only a comment\n" BL_GESTURE_HEADER "\n", "g.csv:2: no rows"},
        {"t,x\n0,0,0,0,0,0\n", "g.csv:1: the header is 't,x'"},
        {"0,0,0,0,0,0\n", "g.csv:1: the header is '0,0,0,0,0,0'"},
        {BL_GESTURE_HEADER "\n0,0,0,0,0\n", "g.csv:2: 5 fields, expected 6"},
        {BL_GESTURE_HEADER "\n0,0,0,0,0,0,0\n", "g.csv:2: more than 6 fields"},
        {BL_GESTURE_HEADER "\n0,0,zero,0,0,0\n", "g.csv:2: tilt_y_deg 'zero' is not a number"},
        {BL_GESTURE_HEADER "\n0,0,0,,0,0\n", "g.csv:2: stir_hz '' is not a number"},
        {BL_GESTURE_HEADER "\n0,0,0,1x,0,0\n", "g.csv:2: stir_hz '1x' is not a number"},
        /* the one number grammar (common.h): no space around a field, no hexadecimal */
        {BL_GESTURE_HEADER "\n0,0,0, 1,0,0\n", "g.csv:2: stir_hz ' 1' is not a number"},
        {BL_GESTURE_HEADER "\n0,0,0,1 ,0,0\n", "g.csv:2: stir_hz '1 ' is not a number"},
        {BL_GESTURE_HEADER "\n0,0,0,0x1,0,0\n", "g.csv:2: stir_hz '0x1' is not a number"},
        {BL_GESTURE_HEADER "\n 0,0,0,0,0,0\n", "g.csv:2: t ' 0' is not a number"},
        {BL_GESTURE_HEADER "\n0,nan,0,0,0,0\n", "g.csv:2: tilt_x_deg 'nan' is out of range"},
        {BL_GESTURE_HEADER "\n0,0,0,0,0,inf\n", "g.csv:2: strike 'inf' is out of range"},
        {BL_GESTURE_HEADER "\n0,60.5,0,0,0,0\n", "g.csv:2: tilt_x_deg '60.5' is out of range (allowed: degrees"},
        {BL_GESTURE_HEADER "\n0,0,0,10.1,0,0\n", "g.csv:2: stir_hz '10.1' is out of range"},
        {BL_GESTURE_HEADER "\n0,0,0,0,-0.001,0\n", "g.csv:2: stir_radius_m '-0.001' is out of range"},
        {BL_GESTURE_HEADER "\n-1,0,0,0,0,0\n", "g.csv:2: t '-1' is out of range"},
        {BL_GESTURE_HEADER "\n3601,0,0,0,0,0\n", "g.csv:2: t '3601' is out of range"},
        {BL_GESTURE_HEADER "\n1,0,0,0,0,0\n# x\n0.5,0,0,0,0,0\n", "g.csv:4: t 0.5 comes before the previous"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bl_gesture g = {(void *)1, 7, 7};
        char msg[512] = "";
        ck_assert_msg(read_text(cases[i].text, &g, msg, sizeof msg) == 2, "case %zu accepted", i);
        ck_assert_msg(strstr(msg, cases[i].says), "case %zu says '%s', not '%s'", i, msg, cases[i].says);
        ck_assert(g.rows == NULL && g.n == 0);
    }
    /* a line past 1023 characters */
    char *text = malloc(4096);
    int n = snprintf(text, 4096, BL_GESTURE_HEADER "\n0,0,0,0,0,");
    memset(text + n, '0', 2000);
    strcpy(text + n + 2000, "\n");
    bl_gesture g;
    char msg[512];
    ck_assert_int_eq(read_text(text, &g, msg, sizeof msg), 2);
    ck_assert_ptr_nonnull(strstr(msg, "g.csv:2: a line longer than 1023 characters"));
    free(text);
    /* a line cut at a NUL byte is no row: "0,0,0,0,0,0" would be, the bytes after the NUL are not */
    static const char cut[] = BL_GESTURE_HEADER "\n0,0,0,0,0,0\0,junk\n1,0,0,0,0,0\n";
    ck_assert_int_eq(bl_gesture_parse(cut, sizeof cut - 1, "g.csv", &g, msg, sizeof msg), 2);
    ck_assert_str_eq(msg, "g.csv:2: a NUL byte at column 12 (allowed: text)");
    ck_assert(g.rows == NULL && g.n == 0);
    /* the data is a byte range: the same text without the NUL is read, and nothing past size */
    ck_assert_int_eq(bl_gesture_parse(cut, sizeof BL_GESTURE_HEADER + 11, "g.csv", &g, msg, sizeof msg), 0);
    ck_assert_uint_eq(g.n, 1);
    bl_gesture_free(&g);
}
END_TEST

START_TEST(gesture_file_round_trip_is_exact)
{
    bl_gesture out = {0}, in;
    double t = 0.0;
    for (int i = 0; i < 50; i++) {
        t += 1.0 / 3.0 + i * 1e-7;
        bl_gesture_row r = {t, {60.0 * sin(i * 0.7), -60.0 * cos(i * 1.3), 10.0 * sin(i * 0.11),
                                      0.05 * fabs(sin(i * 2.9))}, i % 3 ? 0.0 : 1.0 / 7.0};
        ck_assert_int_eq(bl_gesture_add(&out, &r), 0);
    }
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    ck_assert_int_eq(bl_gesture_write(f, &out, "replay: bowl-lab --gesture g.csv"), 0);
    fclose(f);
    ck_assert(strncmp(buf, "# replay: bowl-lab --gesture g.csv\n" BL_GESTURE_HEADER "\n", 35) == 0);
    char msg[256];
    ck_assert_int_eq(read_text(buf, &in, msg, sizeof msg), 0);
    ck_assert_uint_eq(in.n, out.n);
    ck_assert(memcmp(in.rows, out.rows, out.n * sizeof *out.rows) == 0);  /* %.17g: every bit back */
    free(buf);
    bl_gesture_free(&in);
    bl_gesture_free(&out);
}
END_TEST

/* --- the player ---------------------------------------------------------------------------------------------- */

START_TEST(player_stir_and_tilt_by_hand)
{
    const double h = 1.0 / 2400.0;
    bl_player p = {.c = {.tilt_x_deg = 30.0, .tilt_y_deg = -45.0, .stir_hz = 2.0, .stir_radius = 0.01}};
    bowl_gesture g = bl_player_gesture(&p, h);
    /* A w^2 = 0.01 (4 pi)^2 = 1.5791367041742972 m/s^2, at phase 0 pointing to -x */
    ck_assert_double_eq_tol(g.acc_x, -0.01 * 16.0 * NUMLAB_PI * NUMLAB_PI, 1e-15);
    ck_assert_double_eq_tol(g.acc_y, 0.0, 1e-15);
    ck_assert_double_eq_tol(g.tilt_x, NUMLAB_PI / 6.0, 1e-15);
    ck_assert_double_eq_tol(g.tilt_y, -NUMLAB_PI / 4.0, 1e-15);
    ck_assert_double_eq_tol(p.phase, 4.0 * NUMLAB_PI * h, 1e-15);
    /* a quarter turn later (0.125 s, 300 steps) the bowl accelerates toward -y */
    for (int k = 1; k < 300; k++)
        bl_player_gesture(&p, h);
    g = bl_player_gesture(&p, h);
    ck_assert_double_eq_tol(g.acc_x, 0.0, 1e-12);
    ck_assert_double_eq_tol(g.acc_y, -0.01 * 16.0 * NUMLAB_PI * NUMLAB_PI, 1e-12);
    /* clockwise: the same circle the other way round */
    p = (bl_player){.c = {.stir_hz = -2.0, .stir_radius = 0.01}};
    for (int k = 0; k < 300; k++)
        bl_player_gesture(&p, h);
    g = bl_player_gesture(&p, h);
    ck_assert_double_eq_tol(g.acc_y, 0.01 * 16.0 * NUMLAB_PI * NUMLAB_PI, 1e-12);
}
END_TEST

START_TEST(tilt_toward_puts_gravity_there)
{
    bowl_params bp = bowl_default_params();
    const double targets[][2] = {{0.0, 0.0}, {0.5, 0.0}, {0.0, -0.5}, {0.3, 0.4}, {-0.6, 0.2}, {-0.1, -0.8}};
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
        double tx, ty;
        bl_tilt_toward(targets[i][0], targets[i][1], 60.0, &tx, &ty);
        bowl_gesture g = {.tilt_x = tx * NUMLAB_PI / 180.0, .tilt_y = ty * NUMLAB_PI / 180.0};
        bowl_vec ge = bowl_effective_gravity(&bp, &g);
        ck_assert_double_eq_tol(ge.x / bp.gravity, targets[i][0], 1e-12);
        ck_assert_double_eq_tol(ge.y / bp.gravity, targets[i][1], 1e-12);
    }
    /* past the cap the direction stays and the size is sin 60 degrees */
    double tx, ty;
    bl_tilt_toward(3.0, 4.0, 60.0, &tx, &ty);
    bowl_gesture g = {.tilt_x = tx * NUMLAB_PI / 180.0, .tilt_y = ty * NUMLAB_PI / 180.0};
    bowl_vec ge = bowl_effective_gravity(&bp, &g);
    ck_assert_double_eq_tol(ge.x / bp.gravity, 0.6 * sqrt(0.75), 1e-12);
    ck_assert_double_eq_tol(ge.y / bp.gravity, 0.8 * sqrt(0.75), 1e-12);
}
END_TEST

/* --- the recording played back ------------------------------------------------------------------------------- */

/* A live session with the controls changed between frames, a strike and a frame too long for the accumulator's
 * cap; its recording (through the CSV text) played back on a fresh engine gives the same samples, bit for bit. */
START_TEST(recording_replays_bit_for_bit)
{
    const snd_preset *preset = snd_preset_find("steel-pair");
    bl_controls c0 = {.stir_hz = 1.5, .stir_radius = 0.014};
    bl_session s;
    ck_assert_int_eq(bl_session_init(&s, preset, 3, SND_LAYERS_DEFAULT, &c0), SND_OK);
    const size_t frames = snd_engine_step_frames(s.e);
    size_t cap = 20000 * frames, n = 0;
    double *live = malloc(cap * sizeof *live);
    const double dts[] = {1.0 / 60, 1.0 / 30, 0.25, 1.0 / 60, 0.013};
    int changes = 0;
    for (int frame = 0; frame < 40; frame++) {
        if (frame == 5)
            s.player.c.tilt_y_deg = 12.5, changes++;
        if (frame == 9)
            s.player.strike += 1.0, changes++;
        if (frame == 14)
            s.player.c.stir_hz = -2.25, changes++;
        if (frame == 20)
            s.player.c = (bl_controls){.tilt_x_deg = -7.0 / 3.0}, changes++;
        s.peak = 0.0;
        unsigned due = snd_engine_due(s.e, dts[frame % 5]);
        for (unsigned k = 0; k < due; k++) {
            bl_session_steps(&s, 1);
            ck_assert(n + frames <= cap);
            memcpy(live + n, s.buf, frames * sizeof *live);
            n += frames;
        }
    }
    bl_gesture rec, back;
    ck_assert_int_eq(bl_session_gesture(&s, &rec), 0);
    ck_assert_uint_eq(rec.n, 1 + changes + 1);  /* the start, each change, the end */
    ck_assert(rec.rows[rec.n - 1].t == snd_engine_bowl(s.e)->t);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    bl_gesture_write(f, &rec, NULL);
    fclose(f);
    char msg[256];
    ck_assert_int_eq(read_text(text, &back, msg, sizeof msg), 0);

    snd_options o = {.seed = 3, .rate = SND_RATE, .channels = 1, .layers = SND_LAYERS_DEFAULT};
    snd_engine *e = snd_engine_new(preset, &o, NULL);
    bl_replay r;
    bl_replay_init(&r, &back);
    double *out = malloc(frames * sizeof *out);
    for (size_t at = 0; at < n; at += frames) {
        bl_replay_step(&r, e, out);
        ck_assert_msg(memcmp(out, live + at, frames * sizeof *out) == 0, "samples differ at frame %zu", at);
    }
    const bowl *a = snd_engine_bowl(s.e), *b = snd_engine_bowl(e);
    ck_assert(a->steps == b->steps && memcmp(&a->s, &b->s, sizeof a->s) == 0);
    ck_assert_uint_eq(snd_engine_stats(e)->hits_spheres, snd_engine_stats(s.e)->hits_spheres);
    ck_assert(snd_engine_stats(e)->hits_spheres >= 1);  /* the strike at least */
    free(out);
    free(text);
    free(live);
    snd_engine_free(e);
    bl_gesture_free(&back);
    bl_gesture_free(&rec);
    bl_session_destroy(&s);
}
END_TEST

static long wav_frames(const char *path)
{
    SF_INFO info = {0};
    SNDFILE *f = sf_open(path, SFM_READ, &info);
    if (!f)
        return -1;
    sf_close(f);
    return (long)info.frames;
}

static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *buf = malloc(1 << 22);
    *size = fread(buf, 1, 1 << 22, f);
    buf[*size] = '\0';
    fclose(f);
    return buf;
}

/* The w key's files: new names each time (never replacing), the WAV as long as the session, the CSV starting with
 * the command that replays it, and that replay (through the headless render) writing the same bytes. */
START_TEST(session_files_and_their_replay)
{
    char dir[] = "/tmp/test_bowl_lab.XXXXXX", path[256], msg[1024], name[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snd_preset preset = *snd_preset_find("rubbing");
    preset.bowl.magnet = 0.1 + 0.2;  /* a --set argument that must come back to the bit */
    bl_controls c0 = {.tilt_x_deg = 5.0, .stir_hz = 1.0, .stir_radius = 0.01};
    bl_session s;
    ck_assert_int_eq(bl_session_init(&s, &preset, 9, SND_LAYER_RUB | SND_LAYER_BODY, &c0), SND_OK);
    ck_assert_int_eq(bl_session_save(&s, dir, msg, sizeof msg, name, sizeof name), 2);  /* t = 0 */
    ck_assert_ptr_nonnull(strstr(msg, "nothing to render"));
    bl_session_steps(&s, 600);  /* 0.25 s */
    s.player.strike = 2.0;
    bl_session_steps(&s, 120);  /* 0.3 s in all */
    ck_assert_int_eq(bl_session_save(&s, dir, msg, sizeof msg, name, sizeof name), 0);
    ck_assert_str_eq(name, "bowl-session-1.wav");
    ck_assert_msg(strstr(msg, "wrote bowl-session-1.wav + .csv (0.3 s)"), "%s", msg);
    snprintf(path, sizeof path, "%s/bowl-session-1.wav", dir);
    ck_assert_int_eq(wav_frames(path), 720 * 20);
    snprintf(path, sizeof path, "%s/bowl-session-3.csv", dir);  /* someone else's file: skipped, kept */
    FILE *f = fopen(path, "w");
    fputs("mine\n", f);
    fclose(f);
    ck_assert_int_eq(bl_session_save(&s, dir, msg, sizeof msg, name, sizeof name), 0);
    ck_assert_str_eq(name, "bowl-session-2.wav");
    ck_assert_int_eq(bl_session_save(&s, dir, msg, sizeof msg, name, sizeof name), 0);
    ck_assert_str_eq(name, "bowl-session-4.wav");
    size_t size;
    char *text = slurp(path, &size);
    ck_assert_str_eq(text, "mine\n");
    free(text);

    /* the replay command in the CSV, run as the command line would (--set parsed from its text) */
    snprintf(path, sizeof path, "%s/bowl-session-1.csv", dir);
    text = slurp(path, &size);
    const char *want = "# bowl-lab gesture (0.300 s); replay: bowl-lab --preset rubbing --seed 9 --layers rub,body "
                       "--set magnet=0.30000000000000004 --gesture bowl-session-1.csv "
                       "--wav bowl-session-1-replay.wav\n";
    ck_assert_msg(strncmp(text, want, strlen(want)) == 0, "first line: %.300s", text);
    bl_gesture g;
    ck_assert_int_eq(read_text(text, &g, msg, sizeof msg), 0);
    free(text);
    snd_preset again = *snd_preset_find("rubbing");
    ck_assert_int_eq(bl_set(&again, "magnet=0.30000000000000004", msg, sizeof msg), 0);
    ck_assert(bl_same_params(&again, &preset));
    char replay_path[256];
    snprintf(replay_path, sizeof replay_path, "%s/replay.wav", dir);
    bl_options o = {.preset = &again, .seconds = g.rows[g.n - 1].t, .seed = 9, .wav = replay_path,
                          .channels = 1, .format = WAV_PCM16, .layers = SND_LAYER_RUB | SND_LAYER_BODY,
                          .gesture = again.gesture, .replay = &g, .quiet = true};
    ck_assert_int_eq(bl_run(&o, msg, sizeof msg), 0);
    snprintf(path, sizeof path, "%s/bowl-session-1.wav", dir);
    size_t na, nb;
    char *a = slurp(path, &na), *b = slurp(replay_path, &nb);
    ck_assert(na == nb && memcmp(a, b, na) == 0);
    free(a);
    free(b);
    bl_gesture_free(&g);
    bl_session_destroy(&s);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Every render is at most BL_MAX_RENDER_S (600 s), whatever sets its length: bl_run itself refuses more (exit
 * status 2, nothing written), and so does a session's w, longer than that. */
START_TEST(renders_obey_the_cap)
{
    char dir[] = "/tmp/test_bowl_lab.XXXXXX", wav[256], msg[1024], name[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(wav, sizeof wav, "%s/long.wav", dir);
    const snd_preset *p = snd_preset_find("steel-pair");
    bl_options o = {.preset = p, .seconds = BL_MAX_RENDER_S + 1.0, .seed = 1, .wav = wav, .channels = 1,
                    .format = WAV_PCM16, .layers = SND_LAYERS_DEFAULT, .gesture = p->gesture, .quiet = true};
    ck_assert_int_eq(bl_run(&o, msg, sizeof msg), 2);
    ck_assert_msg(strstr(msg, "a render of 601 s is refused (allowed: at most 600 s)"), "%s", msg);
    bl_gesture g = {0};
    const bl_gesture_row rows[2] = {{.t = 0.0}, {.t = BL_MAX_RENDER_S + 0.5}};
    ck_assert_int_eq(bl_gesture_add(&g, &rows[0]), 0);
    ck_assert_int_eq(bl_gesture_add(&g, &rows[1]), 0);
    ck_assert_int_eq(bl_save(p, 1, SND_LAYERS_DEFAULT, &g, dir, msg, sizeof msg, name, sizeof name), 2);
    ck_assert_msg(strstr(msg, "the session is longer than 600 s"), "%s", msg);
    bl_gesture_free(&g);
    ck_assert_int_eq(rmdir(dir), 0);  /* empty: nothing was written */
}
END_TEST

/* --- the timeline ---------------------------------------------------------------------------------------------- */

typedef struct {
    char text[1024];
    size_t used;
} walk_log;

static void log_span(void *arg, int lane, double a, double b)
{
    walk_log *l = arg;
    l->used += (size_t)snprintf(l->text + l->used, sizeof l->text - l->used, "%s %g..%g; ", bl_lane_name(lane),
                                a, b);
}

static void log_point(void *arg, int lane, double t)
{
    walk_log *l = arg;
    l->used += (size_t)snprintf(l->text + l->used, sizeof l->text - l->used, "%s %g; ", bl_lane_name(lane), t);
}

static bowl_event ev(bowl_event_kind kind, double t, int sphere)
{
    return (bowl_event){.kind = kind, .t = t, .sphere = sphere};
}

START_TEST(timeline_lanes)
{
    bowl b = {0};
    b.s[1].gate_open = true;  /* sphere 1's gate open from the start */
    bl_timeline tl;
    bl_timeline_init(&tl, &b);
    const bowl_event events[] = {
        ev(BOWL_EV_LATCH_ON, 0.5, -1), ev(BOWL_EV_GATE_OPEN, 1.0, 0), ev(BOWL_EV_COLLISION, 1.5, -1),
        ev(BOWL_EV_GATE_CLOSE, 2.0, 0), ev(BOWL_EV_BOWL_IMPACT, 2.5, 1), ev(BOWL_EV_GATE_CLOSE, 2.8, 1),
        ev(BOWL_EV_COLLISION, 3.0, -1), ev(BOWL_EV_GATE_OPEN, 4.0, 0), ev(BOWL_EV_COLLISION, 6.0, -1),
    };
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        bl_timeline_add(&tl, &events[i]);
    walk_log l = {.used = 0};
    bl_timeline_walk(&tl, 1.2, 5.0, log_span, log_point, &l);
    ck_assert_str_eq(l.text, "hit 1.5; gate 0 1.2..2; wall 2.5; gate 1 1.2..2.8; hit 3; gate 0 4..5; latch 1.2..5; ");
    ck_assert_uint_eq(tl.count[BL_LANE_HIT], 3);
    /* the ring overflows: the oldest marks go, their states become the base */
    for (int i = 0; i < BL_TIMELINE_CAP + 1; i++) {
        bowl_event e = ev(i % 2 ? BOWL_EV_LATCH_ON : BOWL_EV_LATCH_OFF, 10.0 + i, -1);
        bl_timeline_add(&tl, &e);
    }
    ck_assert_uint_eq(tl.n, BL_TIMELINE_CAP);
    ck_assert(tl.base[BL_LANE_GATE0]);  /* gate 0 last opened at 4.0, an evicted mark */
    ck_assert(!tl.base[BL_LANE_GATE1]);
    l = (walk_log){.used = 0};
    bl_timeline_walk(&tl, 1030.5, 1033.0, log_span, log_point, &l);
    /* i = 1021 (t 1031) is odd: on; i = 1022 (t 1032) off; i = 1023 (t 1033) on, just at the window's end */
    ck_assert_str_eq(l.text, "latch 1031..1032; gate 0 1030.5..1033; latch 1033..1033; ");
}
END_TEST

/* --- --set and layer lists ------------------------------------------------------------------------------------ */

START_TEST(set_checks_and_round_trips)
{
    const snd_preset *base = snd_preset_find("steel-pair");
    snd_preset p = *base;
    char msg[512];
    ck_assert_int_eq(bl_set(&p, "magnet=0.5", msg, sizeof msg), 0);
    ck_assert(p.bowl.magnet == 0.5);
    ck_assert_int_eq(bl_set(&p, "bowl_modes.count=10", msg, sizeof msg), 0);
    ck_assert_uint_eq(p.sound.bowl.count, 10);
    ck_assert_int_eq(bl_set(&p, "sphere1.mass=0.02", msg, sizeof msg), 0);
    ck_assert(p.bowl.sphere[1].mass == 0.02 && p.bowl.sphere[0].mass == base->bowl.sphere[0].mass);
    ck_assert_int_eq(bl_set(&p, "bright_hi=1e6", msg, sizeof msg), 0);
    static const struct {
        const char *arg, *says;
    } bad[] = {
        {"magnet=2", "'2' is out of range for magnet (allowed: 0..1)"},
        {"magnet=", "'' is empty in 'magnet='"},
        {"magnet=nan", "'nan' is not a finite number"},
        {"magnet", "'magnet' is not KEY=VALUE"},
        {"nokey=1", "'nokey=1' is not KEY=VALUE"},
        {"bowl_modes.count=3.5", "allowed: a whole number 1..48"},
        {"=1", "'=1' is not KEY=VALUE"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(bl_set(&p, bad[i].arg, msg, sizeof msg), 2);
        ck_assert_msg(strstr(msg, bad[i].says), "'%s' says '%s'", bad[i].arg, msg);
    }
    char args[1024];
    bl_set_args(base, &p, args, sizeof args);
    ck_assert_str_eq(args, " --set sphere1.mass=0.02 --set magnet=0.5 --set bright_hi=1000000 "
                           "--set bowl_modes.count=10");
    ck_assert(!bl_same_params(base, &p));
    /* each argument back through bl_set gives the same preset */
    snd_preset q = *base;
    for (char *tok = strtok(args, " "); tok; tok = strtok(NULL, " "))
        if (strcmp(tok, "--set") != 0)
            ck_assert_int_eq(bl_set(&q, tok, msg, sizeof msg), 0);
    ck_assert(bl_same_params(&q, &p));
    bl_set_args(base, base, args, sizeof args);
    ck_assert_str_eq(args, "");
}
END_TEST

START_TEST(layer_lists_round_trip)
{
    char text[128], msg[256];
    for (unsigned bits = 0; bits <= SND_LAYERS_ALL; bits++) {
        bl_layers_text(bits, text, sizeof text);
        unsigned back = 99;
        ck_assert_int_eq(bl_parse_layers(text, &back, msg, sizeof msg), 0);
        ck_assert_uint_eq(back, bits);
    }
    bl_layers_text(SND_LAYER_RUB | SND_LAYER_FORCE, text, sizeof text);
    ck_assert_str_eq(text, "rub,force");
    bl_layers_text(0, text, sizeof text);
    ck_assert_str_eq(text, "none");
    unsigned bits;
    ck_assert_int_eq(bl_parse_layers("rub,,pair", &bits, msg, sizeof msg), 2);
    ck_assert_ptr_nonnull(strstr(msg, "'' is not a layer in 'rub,,pair'"));
}
END_TEST

START_TEST(meter_bars)
{
    char bar[64];
    bl_bar(bar, sizeof bar, 0.26, 10, false);
    ck_assert_str_eq(bar, "###.......");
    bl_bar(bar, sizeof bar, 1.7, 4, false);
    ck_assert_str_eq(bar, "####");
    bl_bar(bar, sizeof bar, NAN, 3, false);
    ck_assert_str_eq(bar, "...");
    bl_bar(bar, sizeof bar, 0.5, 2, true);
    ck_assert_str_eq(bar, "\u2588\u00b7");
}
END_TEST

static Suite *bowl_lab_suite(void)
{
    Suite *s = suite_create("bowl_lab");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, gesture_file_reads_rows);
    tcase_add_test(tc, gesture_file_errors_name_the_line);
    tcase_add_test(tc, gesture_file_round_trip_is_exact);
    tcase_add_test(tc, player_stir_and_tilt_by_hand);
    tcase_add_test(tc, tilt_toward_puts_gravity_there);
    tcase_add_test(tc, recording_replays_bit_for_bit);
    tcase_add_test(tc, session_files_and_their_replay);
    tcase_add_test(tc, renders_obey_the_cap);
    tcase_add_test(tc, timeline_lanes);
    tcase_add_test(tc, set_checks_and_round_trips);
    tcase_add_test(tc, layer_lists_round_trip);
    tcase_add_test(tc, meter_bars);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(bowl_lab_suite());
}
