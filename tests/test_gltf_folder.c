/* External buffers are "files next to it" (docs/keyframe.md), tested as stated: a buffer uri is %-decoded and
 * resolved against the asset's folder, after ".." and after symbolic links, and only a regular file below that
 * folder is read. Every case puts the valid .bin where the uri leads, so a refusal is the folder rule's and not a
 * broken file's; the cases that stay inside load and give the hand-calculated values of test_gltf. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers/gltf_fixture.h"
#include "numlab/gltf.h"
#include "helpers/check_main.h"

static char *join(const char *a, const char *b)
{
    char *s = malloc(strlen(a) + strlen(b) + 2);
    ck_assert_ptr_nonnull(s);
    sprintf(s, "%s/%s", a, b);
    return s;
}

/* fx_dir/asset/a.gltf with buffers[0].uri = uri; the fixture's .bin moved to fx_dir/<bin_at> (NULL: removed).
 * Returns the asset's path. */
static char *asset_with(const char *uri, const char *bin_at)
{
    char *folder = join(fx_dir, "asset");
    ck_assert(mkdir(folder, 0700) == 0 || errno == EEXIST);
    fx_doc d;
    fx_standard(&d);
    char *path = fx_write(folder, "a", &d, FX_EXTERNAL), *bin = join(folder, "a data.bin");
    if (bin_at) {
        char *target = join(fx_dir, bin_at);
        ck_assert_msg(rename(bin, target) == 0, "cannot move the .bin to %s", target);
        free(target);
    } else {
        unlink(bin);
    }
    fx_set_string(fx_at(d.root, "buffers", 0), "uri", uri);
    char *json = cJSON_Print(d.root);
    free(fx_write_bytes(folder, "a.gltf", json, strlen(json)));
    free(json);
    free(bin);
    free(folder);
    fx_doc_free(&d);
    return path;
}

static void in_fx_dir(const char *name, int (*make)(const char *, const char *), const char *arg)
{
    char *path = join(fx_dir, name);
    ck_assert_msg(make(arg, path) == 0, "cannot make %s", path);
    free(path);
}

static int make_dir(const char *unused, const char *path)
{
    (void)unused;
    return mkdir(path, 0700);
}

static int make_fifo(const char *unused, const char *path)
{
    (void)unused;
    return mkfifo(path, 0600);
}

typedef struct {
    const char *name;
    const char *uri;          /* as the file writes it */
    const char *bin_at;       /* where the valid .bin is put, relative to the asset's parent folder */
    const char *link, *link_to;  /* a symbolic link made in fx_dir (relative to it), or NULL */
    gltf_status status;
    const char *expect;       /* in the message */
} folder_case;

static const folder_case refused[] = {
    {"dot-dot", "../secret.bin", "secret.bin", NULL, NULL, GLTF_ERR_FORMAT,
     "buffers[0]: uri '../secret.bin' leaves the folder (allowed: a file below '"},
    {"dot-dot deep", "../../../../../../../../../../etc/passwd", "secret.bin", NULL, NULL, GLTF_ERR_FORMAT,
     "uri '../../../../../../../../../../etc/passwd' leaves the folder"},
    {"%-encoded dot-dot", "%2e%2e/secret.bin", "secret.bin", NULL, NULL, GLTF_ERR_FORMAT,
     "uri '%2e%2e/secret.bin' leaves the folder"},
    {"%-encoded slash", "%2E%2E%2Fsecret.bin", "secret.bin", NULL, NULL, GLTF_ERR_FORMAT,
     "uri '%2E%2E%2Fsecret.bin' leaves the folder"},
    {"down and further up", "sub/../../secret.bin", "secret.bin", "asset/sub", NULL, GLTF_ERR_FORMAT,
     "uri 'sub/../../secret.bin' leaves the folder"},
    {"%-encoded absolute", "%2Fetc%2Fpasswd", "secret.bin", NULL, NULL, GLTF_ERR_FORMAT,
     "uri '%2Fetc%2Fpasswd' leaves the folder"},
    {"absolute", "/etc/passwd", "secret.bin", NULL, NULL, GLTF_ERR_FORMAT,
     "uri '/etc/passwd' is neither a relative file path nor a data: URI"},
    {"file: URI", "file:///etc/passwd", "secret.bin", NULL, NULL, GLTF_ERR_FORMAT,
     "uri 'file:///etc/passwd' is neither a relative file path"},
    {"file: URI, relative", "file:secret.bin", "secret.bin", NULL, NULL, GLTF_ERR_FORMAT,
     "uri 'file:secret.bin' is neither a relative file path"},
    {"link to a file outside", "link.bin", "secret.bin", "asset/link.bin", "../secret.bin", GLTF_ERR_FORMAT,
     "uri 'link.bin' leaves the folder"},
    {"absolute link outside", "passwd", "secret.bin", "asset/passwd", "/etc/passwd", GLTF_ERR_FORMAT,
     "uri 'passwd' leaves the folder"},
    {"link to a folder outside", "up/secret.bin", "secret.bin", "asset/up", "..", GLTF_ERR_FORMAT,
     "uri 'up/secret.bin' leaves the folder"},
    {"link to a device", "zero.bin", "secret.bin", "asset/zero.bin", "/dev/zero", GLTF_ERR_FORMAT,
     "uri 'zero.bin' leaves the folder"},
    {"escape sequence in the uri", "../\x1b]52;c;cHdu\x07.bin", "secret.bin", NULL, NULL, GLTF_ERR_FORMAT,
     "uri '../\\x1b]52;c;cHdu\\x07.bin' leaves the folder"},
};

enum { REFUSED = sizeof refused / sizeof *refused };

static void make_links(const folder_case *fc)
{
    if (fc->link && fc->link_to)
        in_fx_dir(fc->link, symlink, fc->link_to);
    else if (fc->link)
        in_fx_dir(fc->link, make_dir, NULL);
}

START_TEST(a_uri_leaving_the_folder_is_refused)
{
    const folder_case *fc = &refused[_i];
    char *path = asset_with(fc->uri, fc->bin_at);
    make_links(fc);
    gltf_doc doc;
    gltf_error err;
    gltf_status st = gltf_load(path, &doc, &err);
    ck_assert_msg(st == fc->status, "%s: status %d, expected %d: %s", fc->name, st, fc->status, err.message);
    ck_assert_msg(strstr(err.message, fc->expect), "%s: '%s' not in: %s", fc->name, fc->expect, err.message);
    ck_assert_msg(!strchr(err.message, '\x1b') && !strchr(err.message, '\x07'), "%s: raw control characters: %s",
                  fc->name, err.message);
    ck_assert_ptr_null(doc.animations);
    free(path);
}
END_TEST

/* Inside the folder: next to it, below it, through ".." that stays inside, through a link that stays inside. */
static const folder_case allowed[] = {
    {"next to it", "a%20data.bin", "asset/a data.bin", NULL, NULL, GLTF_OK, NULL},
    {"below it", "sub/data.bin", "asset/sub/data.bin", "asset/sub", NULL, GLTF_OK, NULL},
    {"down and up again", "sub/../data.bin", "asset/data.bin", "asset/sub", NULL, GLTF_OK, NULL},
    {"%-encoded dot-dot inside", "sub/%2e%2e/data.bin", "asset/data.bin", "asset/sub", NULL, GLTF_OK, NULL},
    {"a link inside", "alias.bin", "asset/data.bin", "asset/alias.bin", "data.bin", GLTF_OK, NULL},
};

enum { ALLOWED = sizeof allowed / sizeof *allowed };

START_TEST(a_uri_inside_the_folder_is_read)
{
    const folder_case *fc = &allowed[_i];
    if (fc->link && !fc->link_to) {  /* the folders first, then the .bin into them */
        in_fx_dir("asset", make_dir, NULL);
        in_fx_dir(fc->link, make_dir, NULL);
    }
    char *path = asset_with(fc->uri, fc->bin_at);
    if (fc->link && fc->link_to)
        in_fx_dir(fc->link, symlink, fc->link_to);
    gltf_doc doc;
    gltf_error err;
    gltf_status st = gltf_load(path, &doc, &err);
    ck_assert_msg(st == GLTF_OK, "%s: %s", fc->name, err.message);
    /* lines, translation, t = 0.625, by hand (test_gltf.c): (1.25, 0.75, 0.5) */
    double v[3];
    kf_track_sample(&doc.animations[1].channels[0].track, 0.625, v);
    ck_assert(v[0] == 1.25 && v[1] == 0.75 && v[2] == 0.5);
    gltf_doc_destroy(&doc);
    free(path);
}
END_TEST

/* Not a regular file below the folder: refused at once, never waited on (a FIFO without a writer would block a
 * plain open). */
static const struct {
    const char *name;
    int (*make)(const char *, const char *);
    const char *expect;
} special[] = {
    {"pipe.bin", make_fifo, "uri 'pipe.bin': '*/asset/pipe.bin' is a FIFO (allowed: a regular file)"},
    {"sub", make_dir, "uri 'sub': '*/asset/sub' is a directory (allowed: a regular file)"},
};

START_TEST(a_fifo_or_folder_is_refused_without_waiting)
{
    char *path = asset_with(special[_i].name, NULL), *in_asset = join("asset", special[_i].name);
    in_fx_dir(in_asset, special[_i].make, NULL);
    gltf_doc doc;
    gltf_error err;
    ck_assert_int_eq(gltf_load(path, &doc, &err), GLTF_ERR_IO);
    /* "uri 'NAME': '" then the folder, then "/asset/NAME' is ..." */
    const char *expect = special[_i].expect, *star = strchr(expect, '*'), *uri = strstr(err.message, "uri '");
    ck_assert_msg(uri && strncmp(uri, expect, (size_t)(star - expect)) == 0 && strstr(uri, star + 1), "%s",
                  err.message);
    free(in_asset);
    free(path);
}
END_TEST

/* The asset itself: a FIFO or a device is refused before anything is read, with the limit named. */
START_TEST(the_asset_must_be_a_regular_file)
{
    char *fifo = join(fx_dir, "pipe.gltf");
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    gltf_doc doc;
    gltf_error err;
    ck_assert_int_eq(gltf_load(fifo, &doc, &err), GLTF_ERR_IO);
    ck_assert_msg(strstr(err.message, "pipe.gltf: is a FIFO (allowed: a regular file of at most 1 GiB)"), "%s",
                  err.message);
    ck_assert_int_eq(gltf_load("/dev/zero", &doc, &err), GLTF_ERR_IO);
    ck_assert_str_eq(err.message, "/dev/zero: is a character device (allowed: a regular file of at most 1 GiB)");
    free(fifo);
}
END_TEST

/* Larger than the limit: refused from its size alone (a sparse file: nothing is written or read). */
START_TEST(a_huge_asset_is_refused_before_reading)
{
    char *big = join(fx_dir, "big.glb");
    int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(ftruncate(fd, (off_t)GLTF_MAX_FILE_BYTES + 1), 0);
    close(fd);
    gltf_doc doc;
    gltf_error err;
    ck_assert_int_eq(gltf_load(big, &doc, &err), GLTF_ERR_FORMAT);
    ck_assert_msg(strstr(err.message, "big.glb: has 1073741825 bytes (allowed: a regular file of at most 1 GiB)"),
                  "%s", err.message);
    free(big);
}
END_TEST

static Suite *folder_suite(void)
{
    Suite *s = suite_create("gltf-folder");
    TCase *tc = tcase_create("folder");
    tcase_add_checked_fixture(tc, fx_dir_setup, fx_dir_teardown);
    tcase_add_loop_test(tc, a_uri_leaving_the_folder_is_refused, 0, REFUSED);
    tcase_add_loop_test(tc, a_uri_inside_the_folder_is_read, 0, ALLOWED);
    tcase_add_loop_test(tc, a_fifo_or_folder_is_refused_without_waiting, 0, 2);
    tcase_add_test(tc, the_asset_must_be_a_regular_file);
    tcase_add_test(tc, a_huge_asset_is_refused_before_reading);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(folder_suite());
}
