/* ring: the single-producer single-consumer ring keeps every element, in order, exactly once: across the wrap,
 * when full and when empty, and with a producer and a consumer in two threads racing on it. The reference is the
 * sequence itself: element i holds the number i. */
#include <check.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>

#include "numlab/ring.h"
#include "helpers/check_main.h"

START_TEST(capacity_is_a_power_of_two)
{
    /* 5 rounds up to 8, 8 stays 8, 1 stays 1 */
    const size_t asked[] = {1, 5, 8, 9, 1000}, got[] = {1, 8, 8, 16, 1024};
    for (size_t i = 0; i < sizeof asked / sizeof *asked; i++) {
        ring *r = ring_new(asked[i], sizeof(int16_t));
        ck_assert_ptr_nonnull(r);
        ck_assert_uint_eq(ring_capacity(r), got[i]);
        ck_assert_uint_eq(ring_readable(r), 0);
        ck_assert_uint_eq(ring_writable(r), got[i]);
        ring_free(r);
    }
    ck_assert_ptr_null(ring_new(0, 4));
    ck_assert_ptr_null(ring_new(4, 0));
    ck_assert_ptr_null(ring_new(SIZE_MAX / 2, 8));
    ring_free(NULL);
}
END_TEST

START_TEST(full_and_empty)
{
    ring *r = ring_new(8, sizeof(int32_t));
    int32_t in[12], out[12] = {0};
    for (int i = 0; i < 12; i++)
        in[i] = 100 + i;
    ck_assert_uint_eq(ring_read(r, out, 3), 0);          /* empty: nothing */
    ck_assert_uint_eq(ring_write(r, in, 12), 8);         /* only 8 fit */
    ck_assert_uint_eq(ring_write(r, in + 8, 1), 0);      /* full */
    ck_assert_uint_eq(ring_readable(r), 8);
    ck_assert_uint_eq(ring_writable(r), 0);
    ck_assert_uint_eq(ring_read(r, out, 5), 5);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(out[i], 100 + i);
    /* 5 free again: 100+8 .. 100+11 go in across the wrap (slots 0..3), after 100+5 .. 100+7 */
    ck_assert_uint_eq(ring_write(r, in + 8, 4), 4);
    ck_assert_uint_eq(ring_read(r, out, 12), 7);
    for (int i = 0; i < 7; i++)
        ck_assert_int_eq(out[i], 105 + i);
    ck_assert_uint_eq(ring_readable(r), 0);
    ring_free(r);
}
END_TEST

START_TEST(wraps_many_times_in_order)
{
    /* chunks of 1..13 elements through a ring of 16, 10000 times round: every element once, in order */
    ring *r = ring_new(16, sizeof(uint32_t));
    uint32_t next_in = 0, next_out = 0, buf[13];
    for (int round = 0; round < 12000; round++) {
        size_t n = (size_t)(round % 13) + 1;
        for (size_t i = 0; i < n; i++)
            buf[i] = next_in + (uint32_t)i;
        next_in += (uint32_t)ring_write(r, buf, n);
        size_t m = ring_read(r, buf, (size_t)((round * 7) % 11) + 1);
        for (size_t i = 0; i < m; i++)
            ck_assert_uint_eq(buf[i], next_out++);
    }
    ck_assert_uint_gt(next_out, 12000 * 3);
    ring_free(r);
}
END_TEST

/* Two threads: the producer writes 0, 1, 2, ... in chunks of varying length whenever there is room, the consumer
 * reads in chunks of another length; each value must arrive once and in order. 100,000 values through 64 slots wrap
 * the ring some 1,500 times, each side waiting on the other (full, empty) over and over. On a loaded machine each
 * wait yields the core away for a time slice, so the time grows with the load, not the work: 2,000,000 values took
 * over a minute (the suite's timeout) beside stress-ng --cpu 4; 100,000 take a few seconds there. */
#define RACE_N 100000u

static unsigned producer_waits;  /* written by the producer only, read after the join (in a failure's message) */

static void *produce(void *arg)
{
    ring *r = arg;
    uint32_t next = 0, buf[37];
    unsigned k = 0;
    while (next < RACE_N) {
        size_t n = (size_t)(k++ % 37) + 1;
        if (n > RACE_N - next)
            n = RACE_N - next;
        for (size_t i = 0; i < n; i++)
            buf[i] = next + (uint32_t)i;
        size_t w = ring_write(r, buf, n);
        next += (uint32_t)w;
        if (w == 0) {
            producer_waits++;
            sched_yield();
        }
    }
    return NULL;
}

START_TEST(two_threads_every_element_once_in_order)
{
    ring *r = ring_new(64, sizeof(uint32_t));
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, produce, r), 0);
    uint32_t expect = 0, buf[29];
    unsigned k = 0, bad = 0, consumer_waits = 0;
    while (expect < RACE_N) {
        size_t got = ring_read(r, buf, (size_t)(k++ % 29) + 1);
        for (size_t i = 0; i < got; i++)
            bad += buf[i] != expect++;
        if (got == 0) {
            consumer_waits++;
            sched_yield();
        }
    }
    pthread_join(t, NULL);
    ck_assert_msg(bad == 0, "%u values out of order (the ring was found full %u times, empty %u times)", bad,
                  producer_waits, consumer_waits);
    ck_assert_uint_eq(ring_readable(r), 0);
    ring_free(r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ring");
    TCase *tc = tcase_create("ring");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, capacity_is_a_power_of_two);
    tcase_add_test(tc, full_and_empty);
    tcase_add_test(tc, wraps_many_times_in_order);
    tcase_add_test(tc, two_threads_every_element_once_in_order);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
