/* common: the enum name tables (find, join with values left out, a short buffer), the error messages, and the one
 * number grammar (numlab_number, numlab_whole: decimal, no hexadecimal, no space, no inf or nan). */
#include <check.h>
#include <fcntl.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "numlab/audio.h"
#include "numlab/common.h"
#include "numlab/gltf.h"
#include "numlab/infile.h"
#include "numlab/ode.h"
#include "numlab/spring.h"
#include "numlab/lang.h"
#include "numlab/outset.h"
#include "helpers/check_main.h"

static const char *const colours[] = {"red", "green", NULL, "blue"};  /* index 2 left out of lists */

static const char *colour_at(int i)
{
    return colours[i];
}

START_TEST(find_gives_the_index_or_minus_one)
{
    ck_assert_int_eq(numlab_name_find(colour_at, 4, "red"), 0);
    ck_assert_int_eq(numlab_name_find(colour_at, 4, "blue"), 3);
    ck_assert_int_eq(numlab_name_find(colour_at, 4, "gree"), -1);   /* whole names only */
    ck_assert_int_eq(numlab_name_find(colour_at, 4, "greens"), -1);
    ck_assert_int_eq(numlab_name_find(colour_at, 4, ""), -1);
    ck_assert_int_eq(numlab_name_find(colour_at, 3, "blue"), -1);   /* past count: not looked at */
}
END_TEST

START_TEST(join_lists_the_names_given)
{
    char buf[64];
    ck_assert_str_eq(numlab_name_join(colour_at, 4, buf, sizeof buf), "red, green, blue");
    ck_assert_str_eq(numlab_name_join(colour_at, 1, buf, sizeof buf), "red");
    ck_assert_str_eq(numlab_name_join(colour_at, 0, buf, sizeof buf), "");
    /* "red, green, blue" is 16 characters: 10 bytes hold its first 9, terminated */
    char small[10];
    ck_assert_str_eq(numlab_name_join(colour_at, 4, small, sizeof small), "red, gree");
}
END_TEST

START_TEST(every_code_has_a_message)
{
    ck_assert_str_eq(numlab_strerror(NUMLAB_ERR_NOMEM), "out of memory");
    for (int code = NUMLAB_ERR_SYSTEM; code <= NUMLAB_OK; code++)
        ck_assert_str_ne(numlab_strerror(code), "unknown error");
    ck_assert_str_eq(numlab_strerror(-99), "unknown error");
}
END_TEST

/* gltf, infile, outset, audio and ode give common.h's codes under their own names: negative, and named by
 * numlab_strerror as what they are (the table below is the header's comments, read by hand). */
START_TEST(module_codes_follow_the_convention)
{
    static const struct {
        int code;
        const char *message;
    } codes[] = {
        {GLTF_OK, "success"}, {GLTF_ERR_IO, "input/output error"}, {GLTF_ERR_FORMAT, "unusable format"},
        {GLTF_ERR_NOMEM, "out of memory"},
        {INFILE_OK, "success"}, {INFILE_ERR_OPEN, "input/output error"}, {INFILE_ERR_KIND, "cannot create or read the file there"},
        {INFILE_ERR_SIZE, "unusable format"}, {INFILE_ERR_NUL, "unusable format"},
        {INFILE_ERR_OUTSIDE, "invalid argument"}, {INFILE_ERR_NOMEM, "out of memory"},
        {OUTSET_OK, "success"}, {OUTSET_ERR_EXISTS, "file exists"}, {OUTSET_ERR_PATH, "cannot create or read the file there"},
        {OUTSET_ERR_SAME, "invalid argument"}, {OUTSET_ERR_IO, "input/output error"},
        {OUTSET_ERR_NOMEM, "out of memory"},
        {AUDIO_OK, "success"}, {AUDIO_NO_DEVICE, "no device to use"}, {AUDIO_ERR_NAME, "invalid argument"},
        {AUDIO_ERR_DEVICE, "input/output error"}, {AUDIO_ERR_NOMEM, "out of memory"},
        {AUDIO_ERR_THREAD, "the system refused a resource"},
        {ODE_NEWTON_FAILED, "the iteration did not converge"},
    };
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        ck_assert_int_le(codes[i].code, 0);
        ck_assert_str_eq(numlab_strerror(codes[i].code), codes[i].message);
    }
}
END_TEST

/* --- the codes the functions return ----------------------------------------------------------------------- */

/* f(y) = y / h, so that backward Euler's Newton matrix I - h f' is 0: singular, a step the iteration cannot take. */
static int over_h(double t, const double *y, double *dydt, void *params)
{
    (void)t;
    dydt[0] = y[0] / *(const double *)params;
    return 0;
}

static int over_h_jac(double t, const double *y, double *J, double *dfdt, void *params)
{
    (void)t, (void)y;
    J[0] = 1.0 / *(const double *)params;
    dfdt[0] = 0.0;
    return 0;
}

START_TEST(ode_codes)
{
    ode_stepper st;
    ck_assert_int_eq(ode_stepper_init(&st, ODE_RK4, 0), NUMLAB_ERR_INPUT);
    ck_assert_int_eq(ode_stepper_init(&st, ODE_SEMI_IMPLICIT, 3), NUMLAB_ERR_INPUT);  /* no (x, v) split */
#ifndef __SANITIZE_ADDRESS__  /* ASan ends the program on a request past its largest instead of returning NULL */
    /* 2^44 doubles five times over: 640 TiB, more than any address space gives */
    ck_assert_int_eq(ode_stepper_init(&st, ODE_RK4, (size_t)1 << 44), NUMLAB_ERR_NOMEM);
#endif
    double h = 0.1, y[1] = {1.0};
    const ode_system singular = {.dim = 1, .rhs = over_h, .jac = over_h_jac, .params = &h};
    ck_assert_int_eq(ode_stepper_init(&st, ODE_BACKWARD_EULER, 1), NUMLAB_OK);
    ck_assert_int_eq(ode_stepper_apply(&st, &singular, 0.0, h, y), NUMLAB_ERR_CONVERGE);
    const ode_system no_jacobian = {.dim = 1, .rhs = over_h, .params = &h};
    ck_assert_int_eq(ode_stepper_apply(&st, &no_jacobian, 0.0, h, y), NUMLAB_ERR_INPUT);
    ode_stepper_destroy(&st);
}
END_TEST

START_TEST(spring_codes)
{
    const spring_params p = {.k = 4.0, .c = 0.0, .m = 1.0, .target = 0.0};
    spring_runner r;
    ck_assert_int_eq(spring_runner_init(&r, &p, SPRING_METHOD_COUNT, (spring_state){1.0, 0.0}, 0.1, 1e-9),
                     NUMLAB_ERR_INPUT);
    spring_runner_destroy(&r);
    spring_method m;
    ck_assert_int_eq(spring_method_parse("no-such-method", &m), NUMLAB_ERR_INPUT);
    double error;
    ck_assert_int_eq(spring_error_at(&p, SPRING_RK4, (spring_state){1.0, 0.0}, 1.0, 0, &error, NULL),
                     NUMLAB_ERR_INPUT);
}
END_TEST

static size_t silent_source(void *arg, int16_t *out, size_t max)
{
    (void)arg;
    memset(out, 0, max * sizeof *out);
    return max;
}

START_TEST(audio_codes)
{
    audio_out *a = audio_new(&(audio_config){.rate = 48000, .ahead = 1024, .fade = 64, .source = silent_source});
    ck_assert_ptr_nonnull(a);
    char msg[2048];
    ck_assert_int_eq(audio_open(a, "no-such-device-numlab", msg, sizeof msg), NUMLAB_ERR_INPUT);
    audio_free(a);
    /* the default device: there (this machine has sound) or none at all, never a positive code */
    a = audio_new(&(audio_config){.rate = 48000, .ahead = 1024, .fade = 64, .source = silent_source});
    const int rc = audio_open(a, "auto", msg, sizeof msg);
    ck_assert_msg(rc == AUDIO_OK || rc == NUMLAB_ERR_DEVICE || rc == NUMLAB_ERR_IO, "audio_open gave %d: %s", rc, msg);
    audio_free(a);
}
END_TEST

/* In Spanish (the catalogue beside the test, as beside a lab: lang.h) numlab_strerror speaks Spanish. */
START_TEST(messages_translated)
{
    setenv("LANG", "C.UTF-8", 1);
    setenv("LANGUAGE", "es", 1);
    lang_init();
    ck_assert_str_eq(numlab_strerror(NUMLAB_ERR_NOMEM), "memoria agotada");
    ck_assert_str_eq(numlab_strerror(OUTSET_ERR_EXISTS), "el archivo ya existe");
}
END_TEST

/* The C library's messages a student meets speak Latin America's Spanish (glibc's own says "No existe el fichero o
 * el directorio"); in English, and for an errno numlab has no words for, they are the C library's. */
START_TEST(errno_messages_in_the_readers_spanish)
{
    setenv("LANG", "C.UTF-8", 1);
    unsetenv("LANGUAGE");
    lang_init();
    ck_assert_str_eq(lang_strerror(ENOENT), "No such file or directory");
    ck_assert_str_eq(lang_strerror(EDOM), strerror(EDOM));
    setenv("LANGUAGE", "es", 1);
    lang_init();
    ck_assert_str_eq(lang_strerror(ENOENT), "No existe el archivo o el directorio");
    ck_assert_str_eq(lang_strerror(ENOSPC), "No queda espacio en el dispositivo");
    ck_assert_str_eq(lang_strerror(EDOM), strerror(EDOM));
}
END_TEST

/* The grammar's members: the value each stands for, by hand. */
START_TEST(numbers_in_the_grammar)
{
    static const struct {
        const char *text;
        double value;
    } ok[] = {
        {"3", 3.0}, {"-3", -3.0}, {"+3", 3.0}, {"0.5", 0.5}, {".5", 0.5}, {"5.", 5.0}, {"-.25", -0.25},
        {"1e3", 1000.0}, {"1E-3", 0.001}, {"2.5e+2", 250.0}, {"007", 7.0}, {"0", 0.0}, {"-0", 0.0},
        {"1.7976931348623157e308", DBL_MAX}, {"1e-400", 0.0},  /* underflow: the nearest double, no error */
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        double v = -99.0;
        ck_assert_msg(numlab_number(ok[i].text, &v) == NUMLAB_NUMBER_OK, "'%s' refused", ok[i].text);
        ck_assert_msg(v == ok[i].value, "'%s' read as %.17g, not %.17g", ok[i].text, v, ok[i].value);
    }
}
END_TEST

/* What strtod alone would take and the grammar refuses, each with its reason; *out untouched. */
START_TEST(numbers_outside_the_grammar)
{
    static const struct {
        const char *text;
        numlab_number_status why;
    } bad[] = {
        {"", NUMLAB_NUMBER_EMPTY}, {" 3", NUMLAB_NUMBER_SYNTAX}, {"3 ", NUMLAB_NUMBER_SYNTAX},
        {"\t3", NUMLAB_NUMBER_SYNTAX}, {"3\n", NUMLAB_NUMBER_SYNTAX}, {"0x10", NUMLAB_NUMBER_SYNTAX},
        {"0X1p4", NUMLAB_NUMBER_SYNTAX}, {"1e", NUMLAB_NUMBER_SYNTAX}, {"1e+", NUMLAB_NUMBER_SYNTAX},
        {".", NUMLAB_NUMBER_SYNTAX}, {"-", NUMLAB_NUMBER_SYNTAX}, {"+-3", NUMLAB_NUMBER_SYNTAX},
        {"1,5", NUMLAB_NUMBER_SYNTAX}, {"3abc", NUMLAB_NUMBER_SYNTAX}, {"e3", NUMLAB_NUMBER_SYNTAX},
        {"inf", NUMLAB_NUMBER_NOT_FINITE}, {"-Infinity", NUMLAB_NUMBER_NOT_FINITE}, {"NaN", NUMLAB_NUMBER_NOT_FINITE},
        {"nan(1)", NUMLAB_NUMBER_NOT_FINITE}, {"1e400", NUMLAB_NUMBER_RANGE}, {"-1e309", NUMLAB_NUMBER_RANGE},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double v = -99.0;
        numlab_number_status st = numlab_number(bad[i].text, &v);
        ck_assert_msg(st == bad[i].why, "'%s': status %d, expected %d", bad[i].text, (int)st, (int)bad[i].why);
        ck_assert(v == -99.0);
    }
    double v;
    ck_assert(numlab_number(NULL, &v) == NUMLAB_NUMBER_EMPTY);
}
END_TEST

START_TEST(whole_numbers)
{
    long long n = -99;
    ck_assert(numlab_whole("42", &n) == NUMLAB_NUMBER_OK && n == 42);
    ck_assert(numlab_whole("-7", &n) == NUMLAB_NUMBER_OK && n == -7);
    ck_assert(numlab_whole("+7", &n) == NUMLAB_NUMBER_OK && n == 7);
    ck_assert(numlab_whole("9223372036854775807", &n) == NUMLAB_NUMBER_OK && n == LLONG_MAX);
    n = -99;
    ck_assert(numlab_whole("9223372036854775808", &n) == NUMLAB_NUMBER_RANGE && n == -99);
    static const char *const syntax[] = {" 3", "3 ", "0x10", "1e3", "1.0", "+", "3k", "\n3"};
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++)
        ck_assert_msg(numlab_whole(syntax[i], &n) == NUMLAB_NUMBER_SYNTAX, "'%s' taken", syntax[i]);
    ck_assert(numlab_whole("inf", &n) == NUMLAB_NUMBER_NOT_FINITE);
    ck_assert(numlab_whole("", &n) == NUMLAB_NUMBER_EMPTY && n == -99);
}
END_TEST

static Suite *common_suite(void)
{
    Suite *s = suite_create("common");
    TCase *tc = tcase_create("names");
    tcase_add_test(tc, find_gives_the_index_or_minus_one);
    tcase_add_test(tc, join_lists_the_names_given);
    tcase_add_test(tc, every_code_has_a_message);
    tcase_add_test(tc, module_codes_follow_the_convention);
    tcase_add_test(tc, messages_translated);
    tcase_add_test(tc, errno_messages_in_the_readers_spanish);
    tcase_add_test(tc, numbers_in_the_grammar);
    tcase_add_test(tc, numbers_outside_the_grammar);
    tcase_add_test(tc, whole_numbers);
    suite_add_tcase(s, tc);
    TCase *codes = tcase_create("returned");
    tcase_add_test(codes, ode_codes);
    tcase_add_test(codes, spring_codes);
    tcase_add_test(codes, audio_codes);
    suite_add_tcase(s, codes);
    return s;
}

int main(void)
{
    return run_suite(common_suite());
}
