/* ring: the lock-free single-producer single-consumer ring (ring.h). */
#include "numlab/ring.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define RING_MAX_BYTES ((size_t)1 << 30)

struct ring {
    /* each index on its own cache line: the producer's stores never invalidate the consumer's line */
    alignas(64) atomic_size_t head;   /* elements ever written: stored by the producer only */
    alignas(64) atomic_size_t tail;   /* elements ever read: stored by the consumer only */
    alignas(64) size_t mask;          /* capacity - 1 (a power of two) */
    size_t elem;
    unsigned char *data;
};

ring *ring_new(size_t capacity, size_t elem_size)
{
    if (capacity == 0 || elem_size == 0 || capacity > RING_MAX_BYTES / elem_size)
        return NULL;
    size_t cap = 1;
    while (cap < capacity)
        cap <<= 1;
    if (cap > RING_MAX_BYTES / elem_size)
        return NULL;
    ring *r = aligned_alloc(64, (sizeof *r + 63) / 64 * 64);
    if (!r)
        return NULL;
    r->data = malloc(cap * elem_size);
    if (!r->data) {
        free(r);
        return NULL;
    }
    atomic_init(&r->head, 0);
    atomic_init(&r->tail, 0);
    r->mask = cap - 1;
    r->elem = elem_size;
    return r;
}

void ring_free(ring *r)
{
    if (r)
        free(r->data);
    free(r);
}

size_t ring_capacity(const ring *r)
{
    return r->mask + 1;
}

size_t ring_readable(const ring *r)
{
    /* unsigned differences are right across the wrap of size_t */
    const size_t tail = atomic_load_explicit(&r->tail, memory_order_acquire);
    return atomic_load_explicit(&r->head, memory_order_acquire) - tail;
}

size_t ring_writable(const ring *r)
{
    return ring_capacity(r) - ring_readable(r);
}

/* Where n elements from index `at` on lie: the first piece from slot at & mask, the rest from slot 0 (the wrap). */
static size_t first_piece(const ring *r, size_t at, size_t n)
{
    const size_t room = r->mask + 1 - (at & r->mask);
    return n < room ? n : room;
}

size_t ring_write(ring *r, const void *src, size_t n)
{
    const size_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
    const size_t tail = atomic_load_explicit(&r->tail, memory_order_acquire);
    const size_t space = ring_capacity(r) - (head - tail);
    if (n > space)
        n = space;
    if (n == 0)
        return 0;
    const size_t first = first_piece(r, head, n);
    memcpy(r->data + (head & r->mask) * r->elem, src, first * r->elem);
    memcpy(r->data, (const unsigned char *)src + first * r->elem, (n - first) * r->elem);
    atomic_store_explicit(&r->head, head + n, memory_order_release);
    return n;
}

size_t ring_read(ring *r, void *dst, size_t n)
{
    const size_t tail = atomic_load_explicit(&r->tail, memory_order_relaxed);
    const size_t head = atomic_load_explicit(&r->head, memory_order_acquire);
    if (n > head - tail)
        n = head - tail;
    if (n == 0)
        return 0;
    const size_t first = first_piece(r, tail, n);
    memcpy(dst, r->data + (tail & r->mask) * r->elem, first * r->elem);
    memcpy((unsigned char *)dst + first * r->elem, r->data, (n - first) * r->elem);
    atomic_store_explicit(&r->tail, tail + n, memory_order_release);
    return n;
}
