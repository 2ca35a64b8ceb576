/* probe: the program the grader links with a submission and runs once per case, in a sandboxed child.
 *
 *   probe INDEX     runs case INDEX (visible cases first, then hidden ones) and writes its values to fd 3
 *
 * Everything in this process is untrusted once the submission's code has run (its constructors run before main):
 * the judge treats what arrives on fd 3 as data to check, never as a result. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grader.h"
#include "protocol.h"

static int write_all(int fd, const void *data, size_t size)
{
    const char *p = data;
    while (size > 0) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n, size -= (size_t)n;
    }
    return 0;
}

static gr_values out;

int main(int argc, char **argv)
{
    size_t total = gr_visible_count + gr_hidden_count;
    char *end;
    unsigned long index = argc == 2 ? strtoul(argv[1], &end, 10) : 0;
    if (argc != 2 || end == argv[1] || *end != '\0' || index >= total) {
        fprintf(stderr, "usage: probe INDEX (0..%zu): runs one case, values on fd %d\n", total - 1, GR_VALUES_FD);
        return 2;
    }
    const gr_case *c = index < gr_visible_count ? &gr_visible[index] : &gr_hidden[index - gr_visible_count];
    c->probe(&out);
    fflush(stdout);
    fflush(stderr);

    gr_record_head head = {.case_index = (uint32_t)index, .count = (uint32_t)out.count, .overflow = out.overflow};
    memcpy(head.magic, GR_HEAD_MAGIC, sizeof head.magic);
    char tail[8];
    memcpy(tail, GR_TAIL_MAGIC, sizeof tail);
    int failed = write_all(GR_VALUES_FD, &head, sizeof head) ||
                 write_all(GR_VALUES_FD, out.value, out.count * sizeof out.value[0]) ||
                 write_all(GR_VALUES_FD, tail, sizeof tail);
    _exit(failed ? 1 : 0);   /* not exit(): the submission's destructors and atexit handlers do not run */
}
