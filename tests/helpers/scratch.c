/* Scratch directories for the tests of files written to disk. See scratch.h. */
#include "scratch.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A fresh directory per test; its path goes into dir (room for 64). */
void fresh_dir(char *dir)
{
    strcpy(dir, "/tmp/numlab-test-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

/* Number of entries in dir (hidden temporaries included). */
int entries(const char *dir)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char path[512];
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    closedir(d);
    rmdir(dir);
}

void plant(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

char *slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)*len + 1);
    ck_assert_uint_eq(fread(buf, 1, (size_t)*len, f), (size_t)*len);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

/* The file holds exactly this text. */
void expect_text(const char *path, const char *want)
{
    long len;
    char *text = slurp(path, &len);
    ck_assert_str_eq(text, want);
    free(text);
}
