/* pick-upload: runs the judge on the file an upload holds for one exercise, chosen by the one rule (uploads.h), so
 * that the shell never parses a student's file name (assignment.sh runs it; grade-all's class plan uses the rule
 * itself).
 *
 *   pick-upload UPLOADS NN-topic N_EXERCISES JUDGE [JUDGE OPTIONS ...]
 *
 * runs JUDGE OPTIONS --submission FILE when the rule finds one file, else JUDGE OPTIONS --not-submitted N (with
 * --found NAMES when N > 1, and --in-assignment when N_EXERCISES > 1), and exits with its status; 2 on bad usage,
 * 1 when it cannot run the judge. */
#define _GNU_SOURCE
#include "uploads.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    char *end = NULL;
    long n_exercises = argc >= 5 ? strtol(argv[3], &end, 10) : 0;
    if (argc < 5 || *end || n_exercises < 1) {
        fprintf(stderr, "usage: pick-upload UPLOADS NN-topic N_EXERCISES JUDGE [JUDGE OPTIONS ...]\n");
        return 2;
    }
    up_choice choice;
    if (up_choose(argv[1], argv[2], (size_t)n_exercises, &choice) != 0) {
        fprintf(stderr, "pick-upload: out of memory\n");
        return 1;
    }
    char count[32];
    snprintf(count, sizeof count, "%zu", choice.count);
    char **args = calloc((size_t)argc + 8, sizeof *args);
    if (!args)
        return fprintf(stderr, "pick-upload: out of memory\n"), 1;
    size_t k = 0;
    for (int i = 4; i < argc; i++)
        args[k++] = argv[i];
    if (choice.count == 1) {
        args[k++] = "--submission", args[k++] = choice.file;
    } else {
        args[k++] = "--not-submitted", args[k++] = count;
        if (choice.count > 1)
            args[k++] = "--found", args[k++] = choice.found;
        if (n_exercises > 1)
            args[k++] = "--in-assignment";
    }
    args[k] = NULL;
    execv(args[0], args);
    perror("pick-upload: the judge");
    return 1;
}
