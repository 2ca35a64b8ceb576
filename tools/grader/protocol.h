/* protocol: how a probe sends a case's values to the judge (fd GR_VALUES_FD, one record, then exit).
 *
 * The record is data, never a verdict: head, count doubles, trailer. The judge accepts it only when every byte is
 * where it should be, and compares the values itself. Anything the submission writes elsewhere is just output. */
#ifndef NUMLAB_GRADER_PROTOCOL_H
#define NUMLAB_GRADER_PROTOCOL_H

#include <stdint.h>

#define GR_VALUES_FD 3
#define GR_HEAD_MAGIC "nlvals1"   /* 8 bytes with the NUL */
#define GR_TAIL_MAGIC "nlvend1"

typedef struct {
    char magic[8];
    uint32_t case_index;
    uint32_t count;       /* doubles that follow, <= GR_MAX_VALUES */
    uint32_t overflow;    /* the probe recorded more than GR_MAX_VALUES values */
    uint32_t reserved;
} gr_record_head;

#endif
