/* test_infile: the loaders' one way in. Not regular files are refused without waiting (a FIFO with no writer, a
 * device that never ends), sizes are checked before reading, NUL bytes in text are refused with their line, and a
 * path resolved below a folder never leaves it. The messages are compared whole. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers/gltf_fixture.h"
#include "numlab/infile.h"
#include "helpers/check_main.h"

static char *in_dir(const char *name)
{
    char *s = malloc(strlen(fx_dir) + strlen(name) + 2);
    sprintf(s, "%s/%s", fx_dir, name);
    return s;
}

static char *write_file(const char *name, const void *bytes, size_t n)
{
    return fx_write_bytes(fx_dir, name, bytes, n);
}

/* infile_read's message in the CLI form for opt, with fx_dir written as DIR. */
static const char *message(const char *opt, const char *path, uint64_t max, bool text, infile_status expect)
{
    static char buf[1024], shown[1024];
    infile_data d;
    infile_error e;
    ck_assert_int_eq(infile_read(path, max, text, &d, &e), expect);
    ck_assert_ptr_null(d.data);
    infile_message(&e, opt, path, buf, sizeof buf);
    const char *at = strstr(buf, fx_dir);
    if (at)
        snprintf(shown, sizeof shown, "%.*sDIR%s", (int)(at - buf), buf, at + strlen(fx_dir));
    else
        snprintf(shown, sizeof shown, "%s", buf);
    return shown;
}

START_TEST(a_regular_file_is_read_whole)
{
    char *path = write_file("ok.txt", "one\ntwo\n", 8);
    infile_data d;
    infile_error e;
    ck_assert_int_eq(infile_read(path, 8, true, &d, &e), INFILE_OK);
    ck_assert_uint_eq(d.size, 8);
    ck_assert_str_eq(d.data, "one\ntwo\n");  /* NUL-terminated */
    infile_data_free(&d);
    ck_assert_ptr_null(d.data);
    /* binary: NUL bytes are data */
    free(path);
    path = write_file("bin", "a\0b", 3);
    ck_assert_int_eq(infile_read(path, 3, false, &d, &e), INFILE_OK);
    ck_assert(d.size == 3 && memcmp(d.data, "a\0b", 3) == 0);
    infile_data_free(&d);
    free(path);
}
END_TEST

START_TEST(not_regular_files_are_refused_without_waiting)
{
    char *fifo = in_dir("fifo");
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    ck_assert_str_eq(message("--file", fifo, 1 << 20, true, INFILE_ERR_KIND),
                     "--file: 'DIR/fifo' is a FIFO (allowed: a regular file of at most 1 MiB)");
    ck_assert_str_eq(message(NULL, fifo, 1 << 20, true, INFILE_ERR_KIND),
                     "DIR/fifo: is a FIFO (allowed: a regular file of at most 1 MiB)");
    /* a device that never ends: refused, not read */
    ck_assert_str_eq(message("--gesture", "/dev/zero", 64u << 20, true, INFILE_ERR_KIND),
                     "--gesture: '/dev/zero' is a character device (allowed: a regular file of at most 64 MiB)");
    ck_assert_str_eq(message("--file", fx_dir, 256u << 20, true, INFILE_ERR_KIND),
                     "--file: 'DIR' is a directory (allowed: a regular file of at most 256 MiB)");
    free(fifo);
}
END_TEST

START_TEST(sizes_are_checked_before_reading)
{
    char *path = in_dir("big");
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(ftruncate(fd, ((off_t)1 << 40) + 1), 0);  /* 1 TiB and a byte, sparse: never read */
    close(fd);
    ck_assert_str_eq(message("--file", path, 256u << 20, true, INFILE_ERR_SIZE),
                     "--file: 'DIR/big' has 1099511627777 bytes (allowed: a regular file of at most 256 MiB)");
    free(path);
    /* the limit itself is allowed, one more byte is not */
    path = write_file("exact", "12345", 5);
    infile_data d;
    infile_error e;
    ck_assert_int_eq(infile_read(path, 5, true, &d, &e), INFILE_OK);
    infile_data_free(&d);
    ck_assert_str_eq(message(NULL, path, 4, true, INFILE_ERR_SIZE),
                     "DIR/exact: has 5 bytes (allowed: a regular file of at most 4 bytes)");
    free(path);
}
END_TEST

START_TEST(nul_bytes_in_text_are_refused_with_their_line)
{
    char *path = write_file("nul.csv", "t,x\n0,1\n2\0,3\n", 13);
    ck_assert_str_eq(message("--gesture", path, 1000, true, INFILE_ERR_NUL),
                     "--gesture: 'DIR/nul.csv' has a NUL byte on line 3, column 2 (allowed: a text file, without NUL "
                     "bytes)");
    free(path);
}
END_TEST

/* The reason from the system; a name with an escape sequence is shown escaped. */
START_TEST(missing_files_name_the_reason)
{
    char *path = in_dir("none"), *odd = in_dir("a\x1b[2Jb");
    ck_assert_str_eq(message("--file", path, 1000, true, INFILE_ERR_OPEN),
                     "--file: cannot read 'DIR/none': No such file or directory");
    ck_assert_str_eq(message(NULL, path, 1000, true, INFILE_ERR_OPEN),
                     "DIR/none: cannot read: No such file or directory");
    ck_assert_str_eq(message("--file", odd, 1000, true, INFILE_ERR_OPEN),
                     "--file: cannot read 'DIR/a\\x1b[2Jb': No such file or directory");
    free(path);
    free(odd);
}
END_TEST

START_TEST(sizes_as_messages_give_them)
{
    static const struct {
        uint64_t bytes;
        const char *text;
    } cases[] = {{1u << 20, "1 MiB"}, {256u << 20, "256 MiB"}, {1u << 30, "1 GiB"}, {1500, "1500 bytes"},
                 {1024, "1 KiB"}, {1536 << 10, "1536 KiB"}, {0, "0 bytes"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char buf[32];
        infile_size_text(cases[i].bytes, buf, sizeof buf);
        ck_assert_str_eq(buf, cases[i].text);
    }
}
END_TEST

/* Below a folder: the rule lexically, then after symbolic links; the folder is fx_dir/in. */
START_TEST(below_a_folder_and_never_out_of_it)
{
    char *inside = in_dir("in"), *sub = in_dir("in/sub");
    ck_assert_int_eq(mkdir(inside, 0700), 0);
    ck_assert_int_eq(mkdir(sub, 0700), 0);
    free(write_file("in/sub/f", "data", 4));
    free(write_file("secret", "secret", 6));
    char *link_out = in_dir("in/out"), *link_in = in_dir("in/alias");
    ck_assert_int_eq(symlink("../secret", link_out), 0);
    ck_assert_int_eq(symlink("sub/f", link_in), 0);
    char *link_dir = in_dir("in/subdir"), *dangling = in_dir("in/dangling");
    ck_assert_int_eq(symlink("sub", link_dir), 0);       /* a folder link that stays inside */
    ck_assert_int_eq(symlink("../none", dangling), 0);  /* leads out, to nothing */
    static const struct {
        const char *relative;
        infile_status status;
    } cases[] = {
        {"sub/f", INFILE_OK}, {"./sub/./f", INFILE_OK}, {"sub//f", INFILE_OK}, {"sub/../sub/f", INFILE_OK},
        {"alias", INFILE_OK}, {"../secret", INFILE_ERR_OUTSIDE}, {"sub/../../secret", INFILE_ERR_OUTSIDE},
        {"/etc/passwd", INFILE_ERR_OUTSIDE}, {"out", INFILE_ERR_OUTSIDE}, {"sub", INFILE_ERR_KIND},
        {".", INFILE_ERR_KIND}, {"sub/none", INFILE_ERR_OPEN}, {"../in/sub/f", INFILE_ERR_OUTSIDE},
        {"subdir/f", INFILE_OK}, {"subdir/../sub/f", INFILE_OK}, {"dangling", INFILE_ERR_OPEN},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        infile_error e;
        uint64_t size;
        int fd = infile_open_below(inside, cases[i].relative, INFILE_NO_LIMIT, &size, &e);
        ck_assert_msg(fd >= 0 ? cases[i].status == INFILE_OK : e.status == cases[i].status,
                      "%s: fd %d, status %d (%s)", cases[i].relative, fd, fd >= 0 ? 0 : (int)e.status, e.problem);
        if (fd >= 0) {
            char buf[8] = "";
            ck_assert_int_eq(read(fd, buf, sizeof buf), 4);
            ck_assert(memcmp(buf, "data", 4) == 0 && size == 4);
            close(fd);
        }
    }
    infile_error e;
    uint64_t size;
    ck_assert_int_lt(infile_open_below(inside, "../secret", INFILE_NO_LIMIT, &size, &e), 0);
    ck_assert_str_eq(e.problem, "leaves the folder");
    ck_assert(strncmp(e.allowed, "a file below '", 14) == 0 && strstr(e.allowed, "/in', after %-decoding"));
    free(inside);
    free(sub);
    free(link_out);
    free(link_in);
    free(link_dir);
    free(dangling);
}
END_TEST

static Suite *infile_suite(void)
{
    Suite *s = suite_create("infile");
    TCase *tc = tcase_create("infile");
    tcase_add_checked_fixture(tc, fx_dir_setup, fx_dir_teardown);
    tcase_add_test(tc, a_regular_file_is_read_whole);
    tcase_add_test(tc, not_regular_files_are_refused_without_waiting);
    tcase_add_test(tc, sizes_are_checked_before_reading);
    tcase_add_test(tc, nul_bytes_in_text_are_refused_with_their_line);
    tcase_add_test(tc, missing_files_name_the_reason);
    tcase_add_test(tc, sizes_as_messages_give_them);
    tcase_add_test(tc, below_a_folder_and_never_out_of_it);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(infile_suite());
}
