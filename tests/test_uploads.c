/* The one rule for which uploaded file is graded (tools/grader/uploads.h), on folders laid out as students upload
 * them: macOS's Finder litter, student.c beside other files, the names of an assignment's files, links. */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers/check_main.h"

#include "../tools/grader/uploads.c"

static char root[] = "/tmp/numlab-uploads-XXXXXX";

/* Creates root/path (and its folders) holding a line. */
static void put(const char *path)
{
    char full[4096];
    snprintf(full, sizeof full, "%s/%s", root, path);
    for (char *slash = strchr(full + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        mkdir(full, 0700);
        *slash = '/';
    }
    FILE *f = fopen(full, "w");
    ck_assert_ptr_nonnull(f);
    fputs("int x;\n", f);
    fclose(f);
}

static void setup(void)
{
    strcpy(root, "/tmp/numlab-uploads-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(root));
}

static void teardown(void)
{
    char command[256];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    ck_assert_int_eq(system(command), 0);
}

START_TEST(macos_litter_does_not_count)
{
    ck_assert(!up_counts("__MACOSX") && !up_counts("._mine.c") && !up_counts(".DS_Store"));
    ck_assert(up_counts("mine.c") && up_counts("_mine.c") && up_counts(".hidden.c") && up_counts("MACOSX"));
    put("mine.c");                 /* what Finder's "Compress" writes beside it: */
    put("__MACOSX/._mine.c");      /* the AppleDouble copy of the resource fork */
    put("._mine.c");
    put(".DS_Store");
    up_choice c;
    ck_assert_int_eq(up_choose(root, "01-euler-steps", 1, &c), 0);
    ck_assert_uint_eq(c.count, 1);
    ck_assert_str_eq(strrchr(c.file, '/'), "/mine.c");
    ck_assert_str_eq(c.found, "mine.c");
    up_choice_free(&c);
}
END_TEST

START_TEST(one_exercise_student_c_first)
{
    put("notes.c");
    put("lab/other.c");
    up_choice c;
    ck_assert_int_eq(up_choose(root, "01-euler-steps", 1, &c), 0);
    ck_assert_uint_eq(c.count, 2);   /* two candidates, none named student.c: nothing graded, both named */
    ck_assert_ptr_null(c.file);
    ck_assert_str_eq(c.found, "other.c, notes.c");   /* in the order of their paths, bytewise: lab/ first */
    up_choice_free(&c);
    put("student.c");
    ck_assert_int_eq(up_choose(root, "01-euler-steps", 1, &c), 0);
    ck_assert_uint_eq(c.count, 1);
    ck_assert_str_eq(strrchr(c.file, '/'), "/student.c");
    up_choice_free(&c);
}
END_TEST

START_TEST(several_exercises_by_number)
{
    put("01.c");
    put("02-rk4-step.c");
    put("src/09_stability.c");
    put("10a.c");
    put("011.c");     /* 01 followed by a digit: exercise 11's number, not 01's */
    put("02.h");
    up_choice c;
    static const struct { const char *exercise, *found; } want[] = {
        {"01-euler-steps", "01.c"}, {"02-rk4-step", "02-rk4-step.c"}, {"09-stability-limit", "09_stability.c"},
        {"10-implicit-steps", "10a.c"}};
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        ck_assert_int_eq(up_choose(root, want[i].exercise, 3, &c), 0);
        ck_assert_uint_eq(c.count, 1);
        ck_assert_str_eq(c.found, want[i].found);
        up_choice_free(&c);
    }
    ck_assert_int_eq(up_choose(root, "11-measured-order", 3, &c), 0);
    ck_assert_uint_eq(c.count, 0);
    ck_assert_str_eq(c.found, "");
    up_choice_free(&c);
    put("01-mine.c");
    ck_assert_int_eq(up_choose(root, "01-euler-steps", 3, &c), 0);
    ck_assert_uint_eq(c.count, 2);
    ck_assert_str_eq(c.found, "01-mine.c, 01.c");
    up_choice_free(&c);
}
END_TEST

START_TEST(links_are_not_files)
{
    put("real/mine.c");
    char target[4096], link[4096];
    snprintf(target, sizeof target, "%s/real", root);
    snprintf(link, sizeof link, "%s/loop", root);
    ck_assert_int_eq(symlink(target, link), 0);          /* a folder link: not followed (mine.c once, not twice) */
    snprintf(target, sizeof target, "%s/real/mine.c", root);
    snprintf(link, sizeof link, "%s/copy.c", root);
    ck_assert_int_eq(symlink(target, link), 0);          /* a file link: not a submitted file */
    up_choice c;
    ck_assert_int_eq(up_choose(root, "01-euler-steps", 1, &c), 0);
    ck_assert_uint_eq(c.count, 1);
    ck_assert_str_eq(c.found, "mine.c");
    up_choice_free(&c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("uploads");
    TCase *rule = tcase_create("rule");
    tcase_add_checked_fixture(rule, setup, teardown);
    tcase_add_test(rule, macos_litter_does_not_count);
    tcase_add_test(rule, one_exercise_student_c_first);
    tcase_add_test(rule, several_exercises_by_number);
    tcase_add_test(rule, links_are_not_files);
    suite_add_tcase(s, rule);
    return run_suite(s);
}
