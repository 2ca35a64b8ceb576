/* uploads: the one rule for which uploaded file is graded (see uploads.h). */
#define _GNU_SOURCE
#include "uploads.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define UPLOAD_DEPTH 16   /* how deep an upload is searched: a student's nested folders, not a loop */

bool up_counts(const char *name)
{
    return strcmp(name, "__MACOSX") != 0 && strncmp(name, "._", 2) != 0 && strcmp(name, ".DS_Store") != 0;
}

bool up_is_c_file(const char *name)
{
    size_t len = strlen(name);
    return len >= 2 && !strcmp(name + len - 2, ".c");
}

/* Whether a file's name can be exercise's (NN-topic) in an assignment of several: NN-topic.c, NN.c, NN-*.c, NN_*.c
 * or NN followed by a letter. */
static bool named_for(const char *name, const char *exercise)
{
    size_t len = strlen(name), nn = strcspn(exercise, "-");
    if (!up_is_c_file(name))
        return false;
    if (len - 2 == strlen(exercise) && !strncmp(name, exercise, len - 2))
        return true;
    if (strncmp(name, exercise, nn) != 0)
        return false;
    char next = name[nn];
    return (next == '.' && len == nn + 2) || next == '-' || next == '_' || (next >= 'a' && next <= 'z') ||
           (next >= 'A' && next <= 'Z');
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct {
    char **paths;
    size_t n, cap;
    bool failed;
} path_list;

static void add_path(path_list *l, char *path)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        char **grown = realloc(l->paths, cap * sizeof *grown);
        if (!grown) {
            l->failed = true;
            free(path);
            return;
        }
        l->paths = grown, l->cap = cap;
    }
    l->paths[l->n++] = path;
}

/* The files under dir that could be exercise's (NULL: any .c file), into l. */
static void walk(const char *dir, int depth, const char *exercise, path_list *l)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !up_counts(e->d_name))
            continue;
        char *path = NULL;
        struct stat st;
        if (asprintf(&path, "%s/%s", dir, e->d_name) < 0) {
            l->failed = true;
            break;
        }
        bool known = lstat(path, &st) == 0;
        if (known && S_ISDIR(st.st_mode) && depth < UPLOAD_DEPTH) {
            walk(path, depth + 1, exercise, l);
        } else if (known && S_ISREG(st.st_mode) &&
                   (exercise ? named_for(e->d_name, exercise) : up_is_c_file(e->d_name))) {
            add_path(l, path);
            path = NULL;
        }
        free(path);
    }
    closedir(d);
}

int up_choose(const char *dir, const char *exercise, size_t n_exercises, up_choice *choice)
{
    *choice = (up_choice){0};
    path_list l = {0};
    char *student = NULL;
    struct stat st;
    if (asprintf(&student, "%s/student.c", dir) < 0)
        return -1;
    if (n_exercises == 1 && lstat(student, &st) == 0) {   /* a link too: the judge says why it is refused */
        add_path(&l, student);
        student = NULL;
    } else {
        walk(dir, 0, n_exercises == 1 ? NULL : exercise, &l);
    }
    free(student);
    if (l.n > 1)
        qsort(l.paths, l.n, sizeof *l.paths, by_name);
    size_t names = 1;
    for (size_t i = 0; i < l.n; i++)
        names += strlen(strrchr(l.paths[i], '/') + 1) + 2;
    choice->count = l.n;
    choice->found = l.failed ? NULL : malloc(names);
    if (choice->found) {
        choice->found[0] = '\0';
        for (size_t i = 0; i < l.n; i++)
            strcat(strcat(choice->found, i ? ", " : ""), strrchr(l.paths[i], '/') + 1);
    }
    if (l.n >= 1 && choice->found && !(choice->first = strdup(l.paths[0])))
        l.failed = true;
    if (l.n == 1 && choice->first && !(choice->file = strdup(l.paths[0])))
        l.failed = true;
    for (size_t i = 0; i < l.n; i++)
        free(l.paths[i]);
    free(l.paths);
    if (l.failed || !choice->found) {
        up_choice_free(choice);
        return -1;
    }
    return 0;
}

void up_choice_free(up_choice *choice)
{
    free(choice->file), free(choice->first), free(choice->found);
    *choice = (up_choice){0};
}
