/* test_network_file: the network text format: what it accepts, and a file:line message for everything it refuses. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/network.h"
#include "helpers/check_main.h"

static int parse_with(const char *text, size_t len, const net_limits *lim, net_network **out, char *err)
{
    *out = NULL;
    return net_parse("x.net", text, len, lim, out, err, 512);
}

START_TEST(test_accepts_the_format)
{
    /* comments, blank lines, tabs, CRLF, UTF-8 in a comment, every optional field */
    static const char text[] =
        "# un muelle, dos masas y la gravedad: \xc3\xb1\r\n"
        "\n"
        "gravity 0.5\t-9.81   # m/s^2\r\n"
        "mass 0 0 2 pinned\n"
        "  mass\t3 4 0.5\n"
        "mass 3 4 1\n"
        "spring 0 1 10          # rest length: the distance, 5\n"
        "spring 1 0 20 2.5\n"
        "spring 1 2 30 0 0.25   # zero rest length between coincident masses is fine when given\n"
        "spring 0 2 1e3 5 1e-1";  /* no newline at the end */
    net_network *net;
    char err[512] = "";
    ck_assert_msg(parse_with(text, strlen(text), &(net_limits){10, 10, 100, 1000}, &net, err) == NET_OK, "%s", err);
    ck_assert_uint_eq(net->n_masses, 3);
    ck_assert_uint_eq(net->n_springs, 4);
    ck_assert(net->gravity_x == 0.5 && net->gravity_y == -9.81);
    ck_assert(net->pinned[0] && !net->pinned[1] && !net->pinned[2]);
    ck_assert(net->inv_mass[0] == 0.0 && net->inv_mass[1] == 2.0 && net->inv_mass[2] == 1.0);
    ck_assert(net->rest_x[1] == 3.0 && net->rest_y[1] == 4.0);
    static const double k[4] = {10, 20, 30, 1000}, rest[4] = {5, 2.5, 0, 5}, damp[4] = {0, 0, 0.25, 0.1};
    static const unsigned si[4] = {0, 1, 1, 0}, sj[4] = {1, 0, 2, 2};
    for (int s = 0; s < 4; s++) {
        ck_assert(net->si[s] == si[s] && net->sj[s] == sj[s]);
        ck_assert(net->k[s] == k[s] && net->rest[s] == rest[s] && net->damp[s] == damp[s]);
    }
    net_free(net);
}
END_TEST

typedef struct {
    const char *text;
    size_t len;          /* 0: strlen(text) */
    const char *expect;  /* a part of the message, from "x.net:LINE:" on */
} bad_case;

START_TEST(test_refuses_bad_files)
{
    static const bad_case cases[] = {
        {"", 0, "x.net:1: the file is empty"},
        {"# only a comment\n\n", 0, "x.net:2: no masses (expected at least one 'mass X Y M [pinned]' line)"},
        {"mass 0 0 1\nspring 0 5 1\n", 0, "x.net:2: spring J: mass 5 is not defined above (expected 0 to 0)"},
        {"spring 0 1 1\n", 0, "x.net:1: spring I: mass 0 is not defined above (expected 'mass' lines before"},
        {"mass 0 0 1\nspring 0 99999999999999999999999 1\n", 0, "x.net:2: spring J: mass 99999999999999999999999 "
                                                                "is not defined above"},
        {"mass 0 0 1\nspring -1 0 1\n", 0, "x.net:2: spring I: '-1' is not a mass index"},
        {"mass 0 0 -1\n", 0, "x.net:1: mass M: -1 is out of range (expected a number >= 1e-09 and <= 1e+09)"},
        {"mass 0 0 0\n", 0, "x.net:1: mass M: 0 is out of range"},
        {"mass 0 0 1\nmass 0 0 1\nspring 0 1 5\n", 0, "x.net:3: spring 0-1: its masses coincide, so it has no "
                                                      "length to rest at (expected an explicit rest length L)"},
        {"mass 0 1e6 1\nmass 0 -1.5e6 1\n", 0, "x.net:2: mass Y: -1.5e6 is out of range (expected a number >= -1e+06 "
                                             "and <= 1e+06)"},
        {"mass 0 0 1e10\n", 0, "x.net:1: mass M: 1e10 is out of range (expected a number >= 1e-09 and <= 1e+09)"},
        {"mass 0 0 1\nmass 1 0 1\nspring 0 1 1e13\n", 0, "x.net:3: spring K: 1e13 is out of range"},
        {"mass 0 0 1\nmass 1 0 1\nspring 0 1 1 2e6\n", 0, "x.net:3: spring L: 2e6 is out of range"},
        {"gravity 0 -1e7\n", 0, "x.net:1: gravity GY: -1e7 is out of range"},
        {"mass 0 0 1\nmass 1 0 1\nspring 1 1 5\n", 0, "x.net:3: spring joins mass 1 to itself"},
        {"mass 0 0 1\nmass 1 0 1\nspring 0 1 0\n", 0, "x.net:3: spring K: 0 is out of range"},
        {"mass 0 0 1\nmass 1 0 1\nspring 0 1 1 -1\n", 0, "x.net:3: spring L: -1 is out of range"},
        {"mass 0 0 1\nmass 1 0 1\nspring 0 1 1 1 -0.5\n", 0, "x.net:3: spring C: -0.5 is out of range"},
        {"mass 0 0 1\nmass 1 0 1\nspring 0 1\n", 0, "x.net:3: 'spring' expects I J K [L [C]]: got 2 values"},
        {"mass 0 0\n", 0, "x.net:1: 'mass' expects X Y M [pinned]: got 2 values"},
        {"mass 0 0 1 fixed\n", 0, "x.net:1: mass: 'fixed' after M (expected 'pinned' or nothing)"},
        {"mass nan 0 1\n", 0, "x.net:1: mass X: 'nan' is not a finite number"},
        {"mass 0 1e999 1\n", 0, "x.net:1: mass Y: '1e999' is not a finite number"},
        {"mass 0 0x 1\n", 0, "x.net:1: mass Y: '0x' is not a finite number"},
        {"massive 0 0 1\n", 0, "x.net:1: unknown keyword 'massive' (expected mass, spring, gravity or a # comment)"},
        {"gravity 0 -9.8\ngravity 0 1\n", 0, "x.net:2: gravity given twice (expected it once; first at line 1)"},
        {"gravity 0\n", 0, "x.net:1: 'gravity' expects GX GY: got 1 value"},
        {"mass 0 0 1\n\x01\x02junk\n", 0, "x.net:2: unexpected byte 0x01 at column 1 (expected plain text"},
        {"mass 0 0 1\0\n", 12, "x.net:1: unexpected byte 0x00 at column 11"},
        {"mass 0 0 1 # \0\n", 15, "x.net:1: unexpected byte 0x00 at column 14"},
        {"mass 0 0 1 \xc3\xb1\n", 0, "x.net:1: unexpected byte 0xc3 at column 12 (expected plain text; non-ASCII "
                                     "only in comments)"},
        {"mass 1 2 3 4 5 6 7 8 9\n", 0, "x.net:1: too many values (expected at most 7 on a line)"},
        {"mass 0 0 1\nmass 0 1 1\nmass 0 2 1\nmass 0 3 1\n", 0, "x.net:4: too many masses (expected at most 3)"},
        {"mass 0 0 1\nmass 0 1 1\nspring 0 1 1\nspring 1 0 1\nspring 0 1 1\nspring 1 0 1\n", 0,
         "x.net:6: too many springs (expected at most 3)"},
        {"mass 0 0 1\nmass 0 0 1                                                              # long\n", 0,
         "x.net:2: the line is longer than 64 bytes"},
    };
    const net_limits lim = {.max_masses = 3, .max_springs = 3, .max_line = 64, .max_bytes = 1000};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        net_network *net;
        char err[512] = "";
        size_t len = cases[c].len ? cases[c].len : strlen(cases[c].text);
        ck_assert_msg(parse_with(cases[c].text, len, &lim, &net, err) == NET_ERR_INPUT, "case %zu accepted", c);
        ck_assert_ptr_null(net);
        ck_assert_msg(strstr(err, cases[c].expect) == err, "case %zu: got '%s', expected '%s'", c, err,
                      cases[c].expect);
    }
}
END_TEST

/* A file one byte over the size limit, and the default limits' own numbers. */
START_TEST(test_size_limits)
{
    char text[101];
    memset(text, ' ', sizeof text);
    net_network *net;
    char err[512];
    const net_limits lim = {.max_masses = 3, .max_springs = 3, .max_line = 200, .max_bytes = 100};
    ck_assert_int_eq(parse_with(text, 101, &lim, &net, err), NET_ERR_INPUT);
    ck_assert_str_eq(err, "x.net:1: the file is larger than 100 bytes (expected a smaller network)");
    const net_limits def = net_default_limits();
    ck_assert_uint_eq(def.max_masses, 1000000);
    ck_assert_uint_eq(def.max_springs, 4000000);
}
END_TEST

START_TEST(test_load_errors)
{
    net_network *net = NULL;
    char err[512];
    ck_assert_int_eq(net_load("/nonexistent/dir/x.net", &net, err, sizeof err), NET_ERR_INPUT);
    ck_assert_str_eq(err, "/nonexistent/dir/x.net: cannot read: No such file or directory");
    ck_assert_int_eq(net_load("tests", &net, err, sizeof err), NET_ERR_INPUT);
    ck_assert_str_eq(err, "tests: is a directory (allowed: a regular file of at most 256 MiB)");
    ck_assert_int_eq(net_load_as("--file", "/dev/null", &net, err, sizeof err), NET_ERR_INPUT);
    ck_assert_str_eq(err, "--file: '/dev/null' is a character device (allowed: a regular file of at most 256 MiB)");
    ck_assert_ptr_null(net);
}
END_TEST

/* The example four.net is the preset four: same masses, springs and normal modes. */
START_TEST(test_example_four_is_the_preset)
{
    net_network *file = NULL, *preset = NULL;
    char err[512];
    ck_assert_msg(net_load("labs/network-lab/examples/four.net", &file, err, sizeof err) == NET_OK, "%s", err);
    net_preset_params p;
    net_preset_defaults("four", &p);
    ck_assert_int_eq(net_preset("four", &p, &preset), NET_OK);
    ck_assert_uint_eq(file->n_masses, preset->n_masses);
    ck_assert_uint_eq(file->n_springs, preset->n_springs);
    for (size_t s = 0; s < file->n_springs; s++) {
        ck_assert(file->si[s] == preset->si[s] && file->sj[s] == preset->sj[s] && file->k[s] == preset->k[s]);
        ck_assert_double_eq_tol(file->rest[s], preset->rest[s], 1e-15);
    }
    net_modes a, b;
    ck_assert_int_eq(net_modes_compute(file, &a, err, sizeof err), NET_OK);
    ck_assert_int_eq(net_modes_compute(preset, &b, err, sizeof err), NET_OK);
    for (size_t q = 0; q < a.count; q++)
        ck_assert_double_eq_tol(a.omega2[q], b.omega2[q], 1e-12);
    net_modes_destroy(&a), net_modes_destroy(&b);
    net_free(file), net_free(preset);
    ck_assert_msg(net_load("labs/network-lab/examples/bridge.net", &file, err, sizeof err) == NET_OK, "%s", err);
    ck_assert_uint_eq(file->n_masses, 9);
    ck_assert_uint_eq(file->n_springs, 15);
    net_free(file);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("network_file");
    TCase *tc = tcase_create("parse");
    tcase_add_test(tc, test_accepts_the_format);
    tcase_add_test(tc, test_refuses_bad_files);
    tcase_add_test(tc, test_size_limits);
    tcase_add_test(tc, test_load_errors);
    tcase_add_test(tc, test_example_four_is_the_preset);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
