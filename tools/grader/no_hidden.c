/* no_hidden: the empty hidden table, for an exercise without hidden/tests.c (the students' copy). */
#include "grader.h"

const gr_case gr_hidden[1] = {{0}};   /* C has no empty arrays; the count says there is nothing */
const size_t gr_hidden_count = 0;
