/* common: the enum name tables (find, join with values left out, a short buffer) and the error messages. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "numlab/common.h"
#include "numlab/gltf.h"
#include "numlab/infile.h"
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
    for (int code = NUMLAB_ERR_PATH; code <= NUMLAB_OK; code++)
        ck_assert_str_ne(numlab_strerror(code), "unknown error");
    ck_assert_str_eq(numlab_strerror(-99), "unknown error");
}
END_TEST

/* gltf, infile and outset give common.h's codes under their own names: negative, and named by numlab_strerror as
 * what they are (the table below is the header's comments, read by hand). */
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
    };
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        ck_assert_int_le(codes[i].code, 0);
        ck_assert_str_eq(numlab_strerror(codes[i].code), codes[i].message);
    }
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

static Suite *common_suite(void)
{
    Suite *s = suite_create("common");
    TCase *tc = tcase_create("names");
    tcase_add_test(tc, find_gives_the_index_or_minus_one);
    tcase_add_test(tc, join_lists_the_names_given);
    tcase_add_test(tc, every_code_has_a_message);
    tcase_add_test(tc, module_codes_follow_the_convention);
    tcase_add_test(tc, messages_translated);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(common_suite());
}
