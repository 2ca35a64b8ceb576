/* ring: a lock-free single-producer single-consumer ring of fixed-size elements (C11 atomics).
 *
 * One thread writes, one other thread reads, neither ever waits: ring_write copies what fits and says how many,
 * ring_read copies what is there and says how many. No call allocates, locks or makes a system call after
 * ring_new, so the reading side may be a real-time audio callback.
 *
 * The two indices count elements ever written and read (size_t, wrapping): the ring holds head - tail elements.
 * The producer stores the element before it publishes head with release order; the consumer reads head with
 * acquire order, so it sees the element complete (and symmetrically for tail and the free space). */
#ifndef NUMLAB_RING_H
#define NUMLAB_RING_H

#include <stddef.h>

typedef struct ring ring;

/* A ring of at least `capacity` elements of `elem_size` bytes (rounded up to a power of two). NULL when out of
 * memory, or when capacity or elem_size is 0 or too large. */
ring *ring_new(size_t capacity, size_t elem_size);
void ring_free(ring *r);
/* Elements it holds at most. */
size_t ring_capacity(const ring *r);
/* Producer: copies up to n elements from src; returns how many fitted (0 when full). */
size_t ring_write(ring *r, const void *src, size_t n);
/* Consumer: copies up to n elements into dst, oldest first; returns how many there were (0 when empty). */
size_t ring_read(ring *r, void *dst, size_t n);
/* Elements waiting to be read. To the consumer at least this many (the producer may add more); to the producer at
 * most this many (the consumer may have read some since). */
size_t ring_readable(const ring *r);
/* Free places: to the producer at least this many, to the consumer at most. */
size_t ring_writable(const ring *r);

#endif
