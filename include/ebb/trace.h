/** @file
 * ebb/trace.h - a timeline of what ran when: the core and the ports record
 * events (a task spawned, woken, polled, done or cancelled; a wait
 * registered or fired; a timer armed or fired; an interrupt entered or left;
 * the executor idle) into one static ring, drained to the host in a compact
 * binary stream and decoded there by scripts/ebb_trace.py (docs/tracing.md).
 *
 * Off by default: with EBB_CONFIG_TRACE 0 every trace point expands to
 * nothing, so a program built without tracing is the same image as one
 * built before tracing existed.  On (EBB_CONFIG_TRACE=1, for the core and
 * the application alike: CMake option EBB_TRACE, or `make trace`):
 *   - each event is one record of 12 bytes, written under the port lock,
 *     timestamped by ebb_profile_clock() (ebb/stats.h; ebb's clock by default);
 *   - the ring holds EBB_CONFIG_TRACE_RING records (a power of two); when it
 *     is full a new event is dropped and counted, never written over an
 *     undrained one, and the count travels in the stream (EBB_TRACE_LOST);
 *   - the ring is drained by ebb_trace_flush() - the idle loop of
 *     ebb_executor_run() calls it before each sleep, the ports at exit and
 *     panic - into ebb_trace_output(), which a port or board provides
 *     (Cortex-M: semihosting into a host file); or read by gdb at any time
 *     (tools/gdb/ebb.py, `ebb-trace FILE`), or by the program itself with
 *     ebb_trace_read().
 */
#ifndef EBB_TRACE_H
#define EBB_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "ebb/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/** 1: record the trace (core, port and application built alike); 0: every
 *  trace point is nothing. */
#ifndef EBB_CONFIG_TRACE
#define EBB_CONFIG_TRACE 0
#endif
#if EBB_CONFIG_TRACE != 0 && EBB_CONFIG_TRACE != 1
#error "EBB_CONFIG_TRACE must be 0 or 1"
#endif
/** Records in the trace ring (a power of two, at least 16). */
#ifndef EBB_CONFIG_TRACE_RING
#define EBB_CONFIG_TRACE_RING 256u
#endif
#if (EBB_CONFIG_TRACE_RING & (EBB_CONFIG_TRACE_RING - 1u)) != 0 || EBB_CONFIG_TRACE_RING < 16u
#error "EBB_CONFIG_TRACE_RING must be a power of two, at least 16"
#endif

/** What a trace record says happened.  The numbers are the stream format:
 *  they never change meaning (scripts/ebb_trace.py decodes them). */
enum ebb_trace_event {
    EBB_TRACE_SPAWN = 1,      /**< obj: the task */
    EBB_TRACE_WAKE = 2,       /**< obj: the task, queued on its executor */
    EBB_TRACE_POLL = 3,       /**< obj: the task; its poll begins */
    EBB_TRACE_POLL_END = 4,   /**< obj: the task; arg: 0 pending, 1 done, 2 yielded */
    EBB_TRACE_CANCEL = 5,     /**< obj: the task; arg: its result (an EBB_E* code, 0: ok) */
    EBB_TRACE_WAIT = 6,       /**< obj: the wait list the polled task waits on now */
    EBB_TRACE_FIRE = 7,       /**< obj: the wait list whose oldest waiter is woken */
    EBB_TRACE_TIMER_ARM = 8,  /**< obj: the timer (the polled task's); arg: its deadline's low 16 bits */
    EBB_TRACE_TIMER_FIRE = 9, /**< obj: the timer, expired */
    EBB_TRACE_ISR = 10,       /**< arg: the interrupt entered (the port's number) */
    EBB_TRACE_ISR_END = 11,   /**< arg: the interrupt left */
    EBB_TRACE_IDLE = 12,      /**< obj: the executor going to sleep */
    EBB_TRACE_IDLE_END = 13,  /**< obj: the executor, awake with work */
    EBB_TRACE_LOST = 14,      /**< obj: events dropped since the last LOST (ring full) */
    EBB_TRACE_LOG = 15,       /**< obj: the format (ebb/log.h); arg: level << 8 | argument count */
    EBB_TRACE_LOG_ARG = 16,   /**< one argument of the LOG before it: 64 bits, low word in
                                   `time`, high word in `obj` */
};

/** One trace record (12 bytes).  `ctx` is the port's context number when
 *  it was recorded: 0 in thread mode, otherwise the interrupt (Cortex-M:
 *  the exception number, IPSR; RISC-V: 0x80 + mcause's interrupt code). */
typedef struct ebb_trace_record {
    uint32_t time;  /**< ebb_profile_clock() (ebb's clock's low 32 bits) */
    uint32_t obj;   /**< the object named by the event (an address) */
    uint16_t arg;   /**< the event's argument */
    uint8_t event;  /**< enum ebb_trace_event */
    uint8_t ctx;    /**< context number, see above */
} ebb_trace_record;

/** The stream's header, written by ebb_trace_flush() before its first
 *  records: "EBBT", the format version, the record size, the clock rate. */
typedef struct ebb_trace_header {
    char magic[4];        /**< "EBBT" */
    uint16_t version;     /**< 1 */
    uint16_t record_size; /**< sizeof(ebb_trace_record) */
    uint32_t clock_hz;    /**< ticks of ebb_profile_clock() per second */
} ebb_trace_header;

#if EBB_CONFIG_TRACE

/* Internal: record one event (any context; takes the port lock, nests).
 * `tag` is the record's arg in its low 16 bits and its event in the next
 * 8 (EBB__TRACE folds them, a constant at most call sites). */
void ebb__trace(uint32_t tag, const void *obj);

/**
 * Copy out and remove up to `max` of the oldest records, in order.
 * Context: any, one reader at a time (records are added meanwhile).
 * Cost: O(records copied); the lock is held O(1).
 */
size_t ebb_trace_read(ebb_trace_record *out, size_t max);

/** Events dropped because the ring was full, since start.  Context: any. */
uint32_t ebb_trace_lost(void);

/**
 * Take the stream's next bytes into `buf`, whole 12-byte units, at most
 * `cap` bytes (cap >= 12): the header on the first call, then the oldest
 * records, and an EBB_TRACE_LOST record once the ring is empty if events
 * were dropped since the last one.  Returns the bytes taken, 0 when
 * nothing waits.  The bytes, concatenated, are the stream
 * scripts/ebb_trace.py reads.
 * Context: any, one drainer at a time.  Cost: O(bytes); the lock is held
 * O(1).
 */
size_t ebb_trace_take(void *buf, size_t cap);

/**
 * Drain the ring into ebb_trace_output() with ebb_trace_take(), unless a
 * drain of the program's own claimed the stream (ebb_trace_claim()).
 * Context: any, one drainer at a time (the idle loop, an exit path).
 * Cost: O(records) plus the output's.
 */
void ebb_trace_flush(void);

/**
 * From now on the caller drains the stream with ebb_trace_take() (a task
 * writing it to a UART: hal/common/ebb_trace_uart.h); ebb_trace_flush(),
 * at idle, exit and panic, leaves it alone.  Context: init.  Cost: a
 * store.
 */
void ebb_trace_claim(void);

/**
 * Where ebb_trace_flush() writes the stream: provided by the port (Cortex-M
 * and RISC-V: semihosting into a host file; host: ebb_host_set_trace_output()).
 * Context: as ebb_trace_flush().
 */
void ebb_trace_output(const void *bytes, size_t n);


#define EBB__TRACE(ev, obj, arg)                                               \
    ebb__trace((uint32_t)(uint16_t)(arg) | (uint32_t)(uint8_t)(ev) << 16, (obj))

/* Internal (ebb/log.h): one LOG record and its `n` arguments, contiguous
 * in the ring (all or nothing: a message is never cut). */
void ebb__trace_log(unsigned level, const char *fmt, const uint64_t *args, unsigned n);
#define EBB__TRACE_IDLE_ENTER(ex) (EBB__TRACE(EBB_TRACE_IDLE, (ex), 0), ebb_trace_flush())

#else

#define EBB__TRACE_IDLE_ENTER(ex) ((void)0)

#define EBB__TRACE(ev, obj, arg) ((void)0)

#endif

/** First statement of an interrupt handler that calls ebb (a driver's, an
 *  executor's): record its entry with the port's number `irq` (Cortex-M:
 *  the exception number).  Nothing when tracing is off.  Context: that
 *  handler.  Cost: one record. */
#define EBB_TRACE_ISR_ENTER(irq) EBB__TRACE(EBB_TRACE_ISR, NULL, (irq))
/** Last statement of such a handler: record its exit.  Cost: one record. */
#define EBB_TRACE_ISR_EXIT(irq) EBB__TRACE(EBB_TRACE_ISR_END, NULL, (irq))

/* (A run loop of one's own marks its sleep with EBB_EXECUTOR_IDLE_ENTER /
 * EXIT, ebb/stats.h: the trace's IDLE records and the statistics.) */

#ifdef __cplusplus
}
#endif

#endif /* EBB_TRACE_H */
