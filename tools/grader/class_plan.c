/* class plan: the submissions of a flat folder or a Gradescope export, their students, and the manifest. */
#define _GNU_SOURCE
#include "class.h"
#include "report.h"
#include "uploads.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#define METADATA "submission_metadata.yml"
#define METADATA_MAX (32 << 20)   /* bytes: Gradescope's metadata for thousands of students is a few MB */
#define METADATA_DEPTH 32         /* how deep its YAML may nest */

void cl_add(cl_text *t, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    char *s = NULL;
    int n = vasprintf(&s, format, ap);
    va_end(ap);
    if (n < 0 || t->failed) {
        t->failed = true;
        free(n < 0 ? NULL : s);
        return;
    }
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = 2 * (t->len + (size_t)n + 1);
        char *d = realloc(t->data, cap);
        if (!d) {
            t->failed = true;
            free(s);
            return;
        }
        t->data = d, t->cap = cap;
    }
    memcpy(t->data + t->len, s, (size_t)n + 1);
    t->len += (size_t)n;
    free(s);
}

void cl_add_field(cl_text *t, const char *text, bool last)
{
    char *f = gr_csv_field(text ? text : "", true);
    if (!f)
        t->failed = true;
    else
        cl_add(t, "%s%s", f, last ? "\n" : ",");
    free(f);
}

static char *dup_or_fail(const char *s, bool *failed)
{
    char *d = strdup(s ? s : "");
    if (!d)
        *failed = true;
    return d;
}

static cl_submission *add_submission(cl_class *c, cl_kind kind, const char *key)
{
    cl_submission *subs = realloc(c->subs, (c->n + 1) * sizeof *subs);
    if (!subs)
        return NULL;
    c->subs = subs;
    cl_submission *s = &subs[c->n];
    bool failed = false;
    *s = (cl_submission){.kind = kind, .key = dup_or_fail(key, &failed), .file = dup_or_fail("", &failed),
                         .json = dup_or_fail("", &failed), .reason = dup_or_fail("", &failed),
                         .created_at = dup_or_fail("", &failed)};
    c->n++;
    return failed ? NULL : s;
}

static void set_text(char **field, const char *text, bool *failed)
{
    free(*field);
    *field = dup_or_fail(text, failed);
}

void cl_free(cl_class *c)
{
    for (size_t i = 0; i < c->n; i++) {
        cl_submission *s = &c->subs[i];
        for (size_t k = 0; k < s->n_students; k++)
            free(s->students[k].name), free(s->students[k].email), free(s->students[k].sid);
        free(s->students), free(s->key), free(s->file), free(s->json), free(s->reason), free(s->created_at);
    }
    free(c->subs);
    *c = (cl_class){0};
}

static int by_key(const void *a, const void *b)
{
    return strcmp(((const cl_submission *)a)->key, ((const cl_submission *)b)->key);
}

static cl_submission *find_key(cl_class *c, const char *key)
{
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->subs[i].key, key))
            return &c->subs[i];
    return NULL;
}

/* --- the metadata ---------------------------------------------------------------------------------------------- */

/* A scalar's text, or "" for another node or YAML's null (~, null, nothing). */
static const char *scalar(yaml_document_t *doc, int id)
{
    yaml_node_t *n = yaml_document_get_node(doc, id);
    if (!n || n->type != YAML_SCALAR_NODE)
        return "";
    const char *v = (const char *)n->data.scalar.value;
    if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
        (!strcmp(v, "~") || !strcmp(v, "null") || !strcmp(v, "Null") || !strcmp(v, "NULL")))
        return "";
    return v;
}

/* The value of a mapping's key, written :key: (Ruby's symbols, as Gradescope does) or key:; 0 when absent. */
static int member(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return 0;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        const char *k = scalar(doc, p->key);
        if (!strcmp(k + (k[0] == ':'), key))
            return p->value;
    }
    return 0;
}

static int add_students(yaml_document_t *doc, yaml_node_t *entry, cl_submission *s)
{
    bool when_failed = false;
    set_text(&s->created_at, scalar(doc, member(doc, entry, "created_at")), &when_failed);
    if (when_failed)
        return -1;
    yaml_node_t *list = yaml_document_get_node(doc, member(doc, entry, "submitters"));
    if (!list || list->type != YAML_SEQUENCE_NODE)
        return 0;
    size_t n = (size_t)(list->data.sequence.items.top - list->data.sequence.items.start);
    s->students = calloc(n ? n : 1, sizeof *s->students);
    if (!s->students)
        return -1;
    bool failed = false;
    for (size_t k = 0; k < n; k++) {
        yaml_node_t *who = yaml_document_get_node(doc, list->data.sequence.items.start[k]);
        if (!who || who->type != YAML_MAPPING_NODE)
            continue;
        cl_student *st = &s->students[s->n_students++];
        st->name = dup_or_fail(scalar(doc, member(doc, who, "name")), &failed);
        st->email = dup_or_fail(scalar(doc, member(doc, who, "email")), &failed);
        st->sid = dup_or_fail(scalar(doc, member(doc, who, "sid")), &failed);
    }
    return failed ? -1 : 0;
}

static char *read_small_file(const char *path, size_t max, size_t *len, char *error, size_t error_size)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    char *data = NULL;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > max) {
        snprintf(error, error_size, "'%s': %s", path,
                 fd < 0 ? strerror(errno) : !S_ISREG(st.st_mode) ? "not a regular file" : "too large");
    } else if ((data = malloc((size_t)st.st_size + 1)) != NULL) {
        ssize_t got = read(fd, data, (size_t)st.st_size);
        *len = got > 0 ? (size_t)got : 0;
        data[*len] = '\0';
    } else {
        snprintf(error, error_size, "'%s': out of memory", path);
    }
    if (fd >= 0)
        close(fd);
    return data;
}

/* Whether the YAML nests at most METADATA_DEPTH deep, read as events before it is loaded: libyaml's scanner takes
 * time in the square of the nesting (200,000 brackets: minutes), and Gradescope's metadata nests 4 deep. */
static bool shallow(const char *text, size_t len, size_t *line)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return false;
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    int depth = 0;
    bool ok = true, done = false;
    while (ok && !done) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event))
            break;   /* the loader says what is wrong */
        depth += event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT;
        depth -= event.type == YAML_SEQUENCE_END_EVENT || event.type == YAML_MAPPING_END_EVENT;
        ok = depth <= METADATA_DEPTH;
        done = event.type == YAML_STREAM_END_EVENT;
        *line = event.start_mark.line + 1;
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    return ok;
}

int cl_read_metadata(const char *path, cl_class *c, char *error, size_t error_size)
{
    size_t len = 0;
    char *text = read_small_file(path, METADATA_MAX, &len, error, error_size);
    if (!text)
        return -1;
    yaml_parser_t parser;
    yaml_document_t doc;
    int rc = -1;
    size_t line = 0;
    if (!shallow(text, len, &line)) {
        snprintf(error, error_size, "'%s': line %zu: nested more than %d deep (allowed: Gradescope's export metadata)",
                 path, line, METADATA_DEPTH);
        free(text);
        return -1;
    }
    if (!yaml_parser_initialize(&parser)) {
        snprintf(error, error_size, "out of memory reading %s", path);
        free(text);
        return -1;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &doc)) {
        char *problem = gr_clean_text(parser.problem ? parser.problem : "not YAML", false);
        snprintf(error, error_size, "'%s': line %zu: %s (allowed: Gradescope's export metadata)", path,
                 parser.problem_mark.line + 1, problem ? problem : "?");
        free(problem);
        yaml_parser_delete(&parser);
        free(text);
        return -1;
    }
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root && root->type == YAML_MAPPING_NODE) {
        rc = 0;
        for (yaml_node_pair_t *p = root->data.mapping.pairs.start; rc == 0 && p < root->data.mapping.pairs.top; p++) {
            if (find_key(c, scalar(&doc, p->key)))   /* a key given twice: the first one counts */
                continue;
            cl_submission *s = add_submission(c, CL_MISSING, scalar(&doc, p->key));
            rc = s ? add_students(&doc, yaml_document_get_node(&doc, p->value), s) : -1;
            if (s)
                s->in_metadata = true;
        }
        if (rc != 0)
            snprintf(error, error_size, "out of memory reading %s", path);
    } else {
        snprintf(error, error_size, "'%s': not a mapping of submission folders to their submitters "
                 "(allowed: Gradescope's export metadata)", path);
    }
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    free(text);
    return rc;
}

/* --- the folders ------------------------------------------------------------------------------------------------ */

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of dir's entries (not . and ..), sorted bytewise; NULL with *n = 0 when it cannot be read. */
static char **list_dir(const char *dir, size_t *n)
{
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **names = NULL;
    size_t cap = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        if ((names[*n] = strdup(e->d_name)) != NULL)
            (*n)++;
    }
    closedir(d);
    if (*n)
        qsort(names, *n, sizeof *names, by_name);
    return names;
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* A folder of the export: the file the Gradescope package would grade (uploads.h) is graded, else a reason. */
static int plan_folder(cl_class *c, const char *dir, const char *name, size_t n_exercises, char *error,
                       size_t error_size)
{
    cl_submission *s = find_key(c, name);
    if (!s && !(s = add_submission(c, CL_MISSING, name))) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    char *path = NULL;
    up_choice found = {0};
    struct stat st;
    bool failed = asprintf(&path, "%s/%s", dir, name) < 0;
    bool is_dir = !failed && lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
    if (is_dir && n_exercises > 1)   /* assignment.sh picks each exercise's file */
        found.count = 1;
    else if (is_dir)
        failed = up_choose(path, "", 1, &found) != 0;
    size_t count = found.count;
    char *shown = failed ? NULL : gr_clean_text(found.first ? found.first + strlen(path) + 1 : "", false);
    char *reason = NULL;
    if (!failed && !is_dir)
        failed = asprintf(&reason, "not a folder (a submission of an export is a folder with one .c file)") < 0;
    else if (!failed && count == 0)
        failed = asprintf(&reason, "no .c file in the folder (allowed: exactly one)") < 0;
    else if (!failed && count > 1)
        failed = asprintf(&reason, "%zu .c files in the folder (allowed: exactly one): %s, ...", count,
                          shown ? shown : "?") < 0;
    s->kind = reason ? CL_INVALID : CL_GRADE;
    set_text(&s->file, count != 1 ? "" : n_exercises > 1 ? path : found.file, &failed);
    set_text(&s->reason, reason, &failed);
    up_choice_free(&found);
    free(path), free(shown), free(reason);
    if (failed)
        snprintf(error, error_size, "out of memory");
    return failed ? -1 : 0;
}

/* The results.json name of a submission: its name when plain (letters, digits, '.', '_', '-', not starting with '.'
 * or '-'), else with every other byte as '_' and "@N" appended, N its place, so that no name takes another's file. */
static char *json_name(const char *json_dir, const char *name, size_t place)
{
    char *safe = strdup(name), *path = NULL;
    if (!safe)
        return NULL;
    bool changed = false;
    for (char *p = safe; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", *p))
            *p = '_', changed = true;
    bool odd = safe[0] == '.' || safe[0] == '-' || safe[0] == '\0';
    int n = odd ? asprintf(&path, "%s/_%s@%zu.json", json_dir, safe, place)
          : changed ? asprintf(&path, "%s/%s@%zu.json", json_dir, safe, place)
                    : asprintf(&path, "%s/%s.json", json_dir, safe);
    free(safe);
    return n < 0 ? NULL : path;
}

int cl_plan(const char *dir, const char *json_dir, size_t n_exercises, cl_class *c, char *error, size_t error_size)
{
    char *metadata = NULL;
    if (asprintf(&metadata, "%s/%s", dir, METADATA) < 0)
        return snprintf(error, error_size, "out of memory"), -1;
    struct stat st;
    c->export = lstat(metadata, &st) == 0;
    int rc = c->export ? cl_read_metadata(metadata, c, error, error_size) : 0;
    free(metadata);
    size_t n;
    char **names = list_dir(dir, &n);
    /* no metadata and no .c file, but folders: the class's repositories (hidden folders, .git's kind, are not) */
    size_t c_files = 0, folders = 0;
    for (size_t i = 0; !c->export && i < n; i++) {
        char *path = NULL;
        c_files += up_is_c_file(names[i]);
        if (names[i][0] != '.' && up_counts(names[i]) && asprintf(&path, "%s/%s", dir, names[i]) >= 0)
            folders += lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
        free(path);
    }
    c->repositories = !c->export && c_files == 0 && folders > 0;
    bool by_folder = c->export || c->repositories;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        bool skipped = !strcmp(names[i], METADATA) || !up_counts(names[i]) || (c->repositories && names[i][0] == '.');
        if (by_folder && skipped)
            continue;
        if (by_folder) {
            rc = plan_folder(c, dir, names[i], n_exercises, error, error_size);
        } else if (!c->export && up_is_c_file(names[i])) {
            bool failed = false;
            char *file = NULL;
            cl_submission *s = add_submission(c, CL_GRADE, "");
            if (s && asprintf(&file, "%s/%s", strcmp(dir, "/") ? dir : "", names[i]) >= 0)
                set_text(&s->key, file, &failed), set_text(&s->file, file, &failed);
            else
                failed = true;
            free(file);
            rc = failed ? (snprintf(error, error_size, "out of memory"), -1) : 0;
        }
    }
    free_names(names, n);
    if (rc == 0 && by_folder && c->n > 1)   /* the rows in the order of their folders' names */
        qsort(c->subs, c->n, sizeof *c->subs, by_key);
    for (size_t i = 0; rc == 0 && i < c->n; i++) {
        cl_submission *s = &c->subs[i];
        const char *base = by_folder ? s->key : strrchr(s->file, '/') + 1;
        char *stem = strndup(base, strlen(base) - (by_folder ? 0 : 2));
        free(s->json);
        s->json = stem ? json_name(json_dir, stem, i + 1) : NULL;
        free(stem);
        if (!s->json)
            rc = (snprintf(error, error_size, "out of memory"), -1);
        if (s->kind == CL_MISSING)
            set_text(&s->reason, "named in " METADATA ", but the export has no such folder", &(bool){false});
    }
    if (rc == 0 && c->n == 0)
        rc = (snprintf(error, error_size, by_folder ? "no submission folders in '%s'" : "no .c files in '%s'",
                       dir), -1);
    return rc;
}

/* --- the copies for the similarity report ------------------------------------------------------------------------ */

#define SOURCE_MAX (1 << 20)   /* bytes of a copy: a submission is a few kB */

int cl_copy_file(const char *from, const char *to)
{
    int in = open(from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK), rc = -1;
    struct stat st;
    char *data = NULL;
    if (in >= 0 && fstat(in, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= SOURCE_MAX &&
        (data = malloc((size_t)st.st_size + 1)) != NULL) {
        ssize_t n = read(in, data, (size_t)st.st_size);
        char error[256];
        rc = n < 0 ? -1 : gr_write_atomic(to, data, (size_t)n, error, sizeof error);
    }
    if (in >= 0)
        close(in);
    free(data);
    return rc;
}

int cl_copy_sources(const cl_class *c, char *const *exercises, size_t n, const char *src_dir, char *error,
                    size_t error_size)
{
    for (size_t e = 0; e < n; e++) {
        char *dir = NULL;
        if (asprintf(&dir, "%s/%s", src_dir, exercises[e]) < 0 || (mkdir(dir, 0700) != 0 && errno != EEXIST)) {
            snprintf(error, error_size, "cannot make %s", dir ? dir : "a folder");
            free(dir);
            return -1;
        }
        for (size_t i = 0; i < c->n; i++) {
            up_choice choice;
            char *to = NULL;
            if (c->subs[i].kind != CL_GRADE || up_choose(c->subs[i].file, exercises[e], n, &choice) != 0)
                continue;
            if (choice.file && asprintf(&to, "%s/%zu.c", dir, i + 1) >= 0)
                cl_copy_file(choice.file, to);   /* one that cannot be read is not compared */
            free(to);
            up_choice_free(&choice);
        }
        free(dir);
    }
    return 0;
}

/* --- the manifest: a record a submission, NUL-separated fields ---------------------------------------------------- */

int cl_write_manifest(const cl_class *c, const char *path, char *error, size_t error_size)
{
    cl_text t = {0};
    cl_add(&t, "%d%c", c->export ? 1 : c->repositories ? 2 : 0, 0);   /* the kind of folder */
    for (size_t i = 0; i < c->n; i++) {
        const cl_submission *s = &c->subs[i];
        cl_add(&t, "%d%c%s%c%s%c%s%c%s%c%s%c%d%c%zu%c", (int)s->kind, 0, s->key, 0, s->file, 0, s->json, 0,
               s->reason, 0, s->created_at, 0, s->in_metadata, 0, s->n_students, 0);
        for (size_t k = 0; k < s->n_students; k++)
            cl_add(&t, "%s%c%s%c%s%c", s->students[k].name, 0, s->students[k].email, 0, s->students[k].sid, 0);
    }
    if (t.failed) {
        free(t.data);
        return snprintf(error, error_size, "out of memory"), -1;
    }
    int rc = gr_write_atomic(path, t.data ? t.data : "", t.len, error, error_size);
    free(t.data);
    return rc;
}

/* The next NUL-terminated field of [*p, end), or NULL at the end. */
static char *field(char **p, char *end)
{
    if (*p >= end)
        return NULL;
    char *f = *p;
    *p += strnlen(f, (size_t)(end - f)) + 1;
    return *p <= end ? f : NULL;
}

int cl_read_manifest(const char *path, cl_class *c, char *error, size_t error_size)
{
    size_t len = 0;
    char *data = read_small_file(path, (size_t)1 << 30, &len, error, error_size), *p = data, *end = data + len;
    if (!data)
        return -1;
    char *f = field(&p, end);
    c->export = f && f[0] == '1';
    c->repositories = f && f[0] == '2';
    bool failed = false;
    while (!failed && (f = field(&p, end)) != NULL) {
        char *key = field(&p, end), *file = field(&p, end), *json = field(&p, end), *reason = field(&p, end),
             *created_at = field(&p, end), *meta = field(&p, end), *count = field(&p, end);
        cl_submission *s = count ? add_submission(c, (cl_kind)atoi(f), key) : NULL;
        if (!s) {
            failed = true;
            break;
        }
        set_text(&s->file, file, &failed), set_text(&s->json, json, &failed), set_text(&s->reason, reason, &failed);
        set_text(&s->created_at, created_at, &failed);
        s->in_metadata = meta[0] == '1';
        size_t n = strtoul(count, NULL, 10);
        s->students = calloc(n ? n : 1, sizeof *s->students);
        for (size_t k = 0; s->students && k < n; k++) {
            char *name = field(&p, end), *email = field(&p, end), *sid = field(&p, end);
            if (!sid) {
                failed = true;
                break;
            }
            cl_student *st = &s->students[s->n_students++];
            st->name = dup_or_fail(name, &failed), st->email = dup_or_fail(email, &failed);
            st->sid = dup_or_fail(sid, &failed);
        }
        failed = failed || !s->students;
    }
    free(data);
    if (failed)
        snprintf(error, error_size, "'%s': not a manifest written by class plan", path);
    return failed ? -1 : 0;
}
