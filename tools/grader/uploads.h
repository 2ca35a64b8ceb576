/* uploads: which uploaded file is graded for an exercise, the one rule of the Gradescope package (assignment.sh,
 * through pick-upload) and of grade-all (class plan).
 *
 * What counts: the regular files whose names end in .c, at any depth of the upload (links are neither followed nor
 * counted), except what macOS's Finder adds to a zip it makes: the __MACOSX folder, the ._NAME copies of each file's
 * resource fork and .DS_Store (Apple's "Archive Utility" writes them; they are never a submission). Of these:
 *   - an assignment of one exercise: the upload's top-level student.c when there is one, else the one .c file under
 *     any name;
 *   - of several: for each exercise NN-topic, the one .c file named NN-topic.c, NN.c, or NN followed by '-', '_' or a
 *     letter (01-mine.c, 01_euler.c, 01a.c).
 * None or several is nothing to grade: the count and the names say what was found. */
#ifndef NUMLAB_GRADER_UPLOADS_H
#define NUMLAB_GRADER_UPLOADS_H

#include <stdbool.h>
#include <stddef.h>

/* Whether an entry of an upload (a file's or a folder's name) can be part of a submission: not macOS's litter. */
bool up_counts(const char *name);

/* Whether a file's name ends in .c. */
bool up_is_c_file(const char *name);

typedef struct {
    size_t count;    /* the files that could be the exercise's */
    char *file;      /* the one to grade (a path under the upload), or NULL unless count == 1 */
    char *first;     /* the first of them in bytewise order of their paths, or NULL when count == 0 */
    char *found;     /* their names (without folders), ", "-separated in that order, "" when none */
} up_choice;

/* The choice for exercise (NN-topic) of an assignment of n_exercises, in the upload folder dir. 0, or -1 when out of
 * memory. up_choice_free frees what it holds. */
int up_choose(const char *dir, const char *exercise, size_t n_exercises, up_choice *choice);
void up_choice_free(up_choice *choice);

#endif
