/* Scratch directories for the tests of files written to disk (wav, outset). */
#ifndef NUMLAB_TESTS_SCRATCH_H
#define NUMLAB_TESTS_SCRATCH_H

/* A fresh directory per test; its path goes into dir (room for 64). */
void fresh_dir(char *dir);
/* Number of entries in dir (hidden temporaries included). */
int entries(const char *dir);
/* Removes dir and the files in it (one level). */
void remove_dir(const char *dir);
/* Writes text into path. */
void plant(const char *path, const char *text);
/* The whole file, NUL-terminated (malloc'ed), its length in *len. */
char *slurp(const char *path, long *len);
/* The file holds exactly this text. */
void expect_text(const char *path, const char *want);

#endif
