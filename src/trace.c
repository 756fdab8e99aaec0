/* trace.c - the trace ring: records in, a binary stream out. */
#include "ebb/trace.h"

#if EBB_CONFIG_TRACE

#include <stddef.h>
#include <string.h>

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb/stats.h"

/* The context number of a record: a port that can tell its interrupts
 * apart defines EBB_PORT_TRACE_CTX() in ebb_port_impl.h. */
#ifndef EBB_PORT_TRACE_CTX
#define EBB_PORT_TRACE_CTX() 0u
#endif

#define RING EBB_CONFIG_TRACE_RING

/* Records [tail, head) are waiting to be drained (free-running indices,
 * slot = index % RING).  Writers add at head under the lock and never pass
 * end = tail + RING, so the one reader may copy [tail, head) without the
 * lock and then advance tail (and end) under it.  end is kept beside head
 * so that a writer's room check is one compare.  Named and global so that
 * gdb can read it (tools/gdb/ebb.py). */
struct ebb_trace_ring {
    uint32_t head;
    uint32_t end;       /* tail + RING: the head a full ring has */
    uint32_t tail;
    uint32_t lost;      /* dropped since start */
    uint32_t reported;  /* of them, reported in the stream */
    uint32_t size;      /* RING, for a reader without the headers */
    ebb_trace_record rec[RING];
} ebb_trace_ring = {0, RING, 0, 0, 0, RING, {{0, 0, 0, 0, 0}}};


/* A record's last word: arg, event and ctx in one store where the layout
 * allows (little-endian: arg first), field by field elsewhere.  `tag` is
 * arg | event << 16 (EBB__TRACE). */
_Static_assert(offsetof(ebb_trace_record, event) == offsetof(ebb_trace_record, arg) + 2 &&
                   offsetof(ebb_trace_record, ctx) == offsetof(ebb_trace_record, arg) + 3 &&
                   offsetof(ebb_trace_record, arg) + 4 == sizeof(ebb_trace_record),
               "a trace record ends in arg, event, ctx");
static inline void set_tail(ebb_trace_record *e, uint32_t tag, uint8_t ctx)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t const w = tag | (uint32_t)ctx << 24;
    memcpy((unsigned char *)e + offsetof(ebb_trace_record, arg), &w, sizeof w);
#else
    e->arg = (uint16_t)tag;
    e->event = (uint8_t)(tag >> 16);
    e->ctx = ctx;
#endif
}

void ebb__trace(uint32_t tag, const void *obj)
{
    struct ebb_trace_ring *const r = &ebb_trace_ring;
    ebb_irq_state s = ebb_port_lock();
    uint32_t const h = r->head;
    if (h == r->end) {
        r->lost++; /* full: the undrained records are kept */
    } else {
        ebb_trace_record *const e = &r->rec[h % RING];
        e->time = ebb__profile_now();
        e->obj = (uint32_t)(uintptr_t)obj;
        set_tail(e, tag, (uint8_t)EBB_PORT_TRACE_CTX());
        r->head = h + 1u;
    }
    ebb_port_unlock(s);
}

void ebb__trace_log(unsigned level, const char *fmt, const uint64_t *args, unsigned n)
{
    struct ebb_trace_ring *const r = &ebb_trace_ring;
    ebb_irq_state s = ebb_port_lock();
    uint32_t h = r->head;
    if (r->end - h < 1u + n) {
        r->lost += 1u + n; /* the whole message, never a part of it */
    } else {
        uint8_t const ctx = (uint8_t)EBB_PORT_TRACE_CTX();
        ebb_trace_record *e = &r->rec[h % RING];
        e->time = ebb__profile_now();
        e->obj = (uint32_t)(uintptr_t)fmt;
        e->arg = (uint16_t)(level << 8 | n);
        e->event = EBB_TRACE_LOG;
        e->ctx = ctx;
        for (unsigned i = 0; i < n; i++) {
            e = &r->rec[++h % RING];
            e->time = (uint32_t)args[i];
            e->obj = (uint32_t)(args[i] >> 32);
            e->arg = (uint16_t)(n - 1u - i);
            e->event = EBB_TRACE_LOG_ARG;
            e->ctx = ctx;
        }
        r->head = h + 1u;
    }
    ebb_port_unlock(s);
}

size_t ebb_trace_read(ebb_trace_record *out, size_t max)
{
    struct ebb_trace_ring *const r = &ebb_trace_ring;
    ebb_irq_state s = ebb_port_lock();
    uint32_t const tail = r->tail;
    uint32_t const avail = r->head - tail;
    ebb_port_unlock(s);
    size_t n = avail < max ? avail : max;
    for (size_t i = 0; i < n; i++) {
        out[i] = r->rec[(tail + (uint32_t)i) % RING]; /* no writer touches these */
    }
    s = ebb_port_lock();
    r->tail = tail + (uint32_t)n;
    r->end = r->tail + RING;
    ebb_port_unlock(s);
    return n;
}

uint32_t ebb_trace_lost(void) { return ebb_trace_ring.lost; }

static uint8_t header_sent, claimed;

size_t ebb_trace_take(void *buf, size_t cap)
{
    uint8_t *const out = (uint8_t *)buf;
    size_t n = 0;
    if (!header_sent && cap >= sizeof(ebb_trace_header)) {
        header_sent = 1;
        ebb_trace_header const h = {{'E', 'B', 'B', 'T'}, 1u, (uint16_t)sizeof(ebb_trace_record),
                                    ebb_profile_clock_hz()};
        memcpy(out, &h, sizeof h);
        n = sizeof h;
    }
    ebb_trace_record recs[16];
    size_t want = (cap - n) / sizeof recs[0];
    if (want > sizeof recs / sizeof recs[0]) {
        want = sizeof recs / sizeof recs[0];
    }
    size_t const got = ebb_trace_read(recs, want);
    memcpy(out + n, recs, got * sizeof recs[0]);
    n += got * sizeof recs[0];
    struct ebb_trace_ring *const r = &ebb_trace_ring;
    uint32_t const lost = r->lost; /* a word read: no lock needed */
    if (got < want && lost != r->reported) {
        ebb_trace_record const e = {ebb_profile_clock(), lost - r->reported, 0, EBB_TRACE_LOST,
                                    (uint8_t)EBB_PORT_TRACE_CTX()};
        r->reported = lost;
        memcpy(out + n, &e, sizeof e);
        n += sizeof e;
    }
    return n;
}

void ebb_trace_flush(void)
{
    if (claimed) {
        return;
    }
    ebb_trace_record buf[16];
    size_t n;
    while ((n = ebb_trace_take(buf, sizeof buf)) != 0) {
        ebb_trace_output(buf, n);
    }
}

void ebb_trace_claim(void) { claimed = 1; }

#else
typedef int ebb__trace_off; /* a translation unit is never empty */

#endif
