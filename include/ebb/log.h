/** @file
 * ebb/log.h - deferred logging: printf-style messages whose formatting
 * happens on the host.
 *
 *     EBB_LOG_INFO("button %s at %llu us", pressed ? "down" : "up", (unsigned long long)now);
 *
 * The format string is kept in the ELF in a section that is never loaded
 * (.ebb_log); a call records the string's address and its arguments, 8
 * bytes each, into the trace ring (ebb/trace.h) as one LOG record and one
 * LOG_ARG record per argument, and scripts/ebb_trace.py formats them with
 * the ELF.  The compiler checks each format against its arguments, as
 * printf's; 64-bit integers (%lld, %llu, %llx, PRIu64...) work on every
 * target.  %s must name a string constant in the program (its address is
 * recorded, not its characters); %p takes a void pointer; %f a double.
 *
 * Logging goes where the trace goes: built with EBB_CONFIG_TRACE=1 the
 * messages are recorded, otherwise every EBB_LOG_* call is checked by the
 * compiler and compiles to nothing.  Messages below EBB_CONFIG_LOG_LEVEL
 * compile to nothing too.  Context: any (a message is written under the
 * port lock).  Cost: see docs/logging.md.  At most 8 arguments.
 */
#ifndef EBB_LOG_H
#define EBB_LOG_H

#include <stdint.h>

#include "ebb/config.h"
#include "ebb/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Log levels: a message is kept when its level is at least
 *  EBB_CONFIG_LOG_LEVEL. */
#define EBB_LOG_LEVEL_DEBUG 0
/** See EBB_LOG_LEVEL_DEBUG. */
#define EBB_LOG_LEVEL_INFO 1
/** See EBB_LOG_LEVEL_DEBUG. */
#define EBB_LOG_LEVEL_WARN 2
/** See EBB_LOG_LEVEL_DEBUG. */
#define EBB_LOG_LEVEL_ERROR 3
/** The lowest level recorded (default: EBB_LOG_LEVEL_INFO). */
#ifndef EBB_CONFIG_LOG_LEVEL
#define EBB_CONFIG_LOG_LEVEL EBB_LOG_LEVEL_INFO
#endif

/* Internal: the format check, never called (printf's rules). */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static inline void ebb__log_check(const char *fmt, ...) { (void)fmt; }

/* Internal: each argument as 64 bits, chosen by its type (a pointer other
 * than void * or char * does not compile: cast it, as printf's %p wants). */
static inline uint64_t ebb__log_int(uint64_t v) { return v; }
static inline uint64_t ebb__log_ptr(const volatile void *p) { return (uint64_t)(uintptr_t)p; }
static inline uint64_t ebb__log_dbl(double d)
{
    union { double d; uint64_t u; } v;
    v.d = d;
    return v.u;
}
#define EBB__LOG_ARG(x)                                                        \
    _Generic((x),                                                              \
        float: ebb__log_dbl, double: ebb__log_dbl,                             \
        char *: ebb__log_ptr, const char *: ebb__log_ptr,                      \
        signed char *: ebb__log_ptr, unsigned char *: ebb__log_ptr,            \
        const unsigned char *: ebb__log_ptr,                                   \
        void *: ebb__log_ptr, const void *: ebb__log_ptr,                      \
        volatile void *: ebb__log_ptr, const volatile void *: ebb__log_ptr,    \
        default: ebb__log_int)(x)

/* Internal: the format (the first argument) and the values after it, 0 to
 * 8 of them, as an array { 0, values... } (never empty), in ISO C: no
 * empty argument lists, no empty braces. */
#define EBB__LOG_N(_1, _2, _3, _4, _5, _6, _7, _8, _9, n, ...) n
#define EBB__LOG_NARGS(...) EBB__LOG_N(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0, _)
#define EBB__LOG_FMT(...) EBB__LOG_FMT_(__VA_ARGS__, _)
#define EBB__LOG_FMT_(f, ...) f
#define EBB__LOG_CAT(a, b) EBB__LOG_CAT_(a, b)
#define EBB__LOG_CAT_(a, b) a##b
#define EBB__LOG_L0(f) 0
#define EBB__LOG_L1(f, a) 0, EBB__LOG_ARG(a)
#define EBB__LOG_L2(f, a, b) EBB__LOG_L1(f, a), EBB__LOG_ARG(b)
#define EBB__LOG_L3(f, a, b, c) EBB__LOG_L2(f, a, b), EBB__LOG_ARG(c)
#define EBB__LOG_L4(f, a, b, c, d) EBB__LOG_L3(f, a, b, c), EBB__LOG_ARG(d)
#define EBB__LOG_L5(f, a, b, c, d, e) EBB__LOG_L4(f, a, b, c, d), EBB__LOG_ARG(e)
#define EBB__LOG_L6(f, a, b, c, d, e, g) EBB__LOG_L5(f, a, b, c, d, e), EBB__LOG_ARG(g)
#define EBB__LOG_L7(f, a, b, c, d, e, g, h) EBB__LOG_L6(f, a, b, c, d, e, g), EBB__LOG_ARG(h)
#define EBB__LOG_L8(f, a, b, c, d, e, g, h, i) EBB__LOG_L7(f, a, b, c, d, e, g, h), EBB__LOG_ARG(i)

#if EBB_CONFIG_TRACE
#define EBB__LOG_EMIT(level, ...)                                              \
    do {                                                                       \
        static const char ebb__log_fmt[] __attribute__((section(".ebb_log"), used)) = \
            EBB__LOG_FMT(__VA_ARGS__);                                         \
        const uint64_t ebb__log_args[] = {                                     \
            EBB__LOG_CAT(EBB__LOG_L, EBB__LOG_NARGS(__VA_ARGS__))(__VA_ARGS__)}; \
        ebb__trace_log((level), ebb__log_fmt, &ebb__log_args[1],              \
                       EBB__LOG_NARGS(__VA_ARGS__));                           \
    } while (0)
#else
#define EBB__LOG_EMIT(level, ...) ((void)0)
#endif

/* Internal: a message at `level` (the format, then its values): always
 * format-checked (never run; a mismatch is an error whatever the warning
 * flags, since the record would be decoded wrongly), recorded when the
 * level and the build keep it. */
#if defined(__GNUC__)
#define EBB__LOG_CHECK(...)                                                    \
    _Pragma("GCC diagnostic push")                                             \
    _Pragma("GCC diagnostic error \"-Wformat\"")                               \
    _Pragma("GCC diagnostic error \"-Wformat-extra-args\"")                    \
    ebb__log_check(__VA_ARGS__);                                               \
    _Pragma("GCC diagnostic pop")
#else
#define EBB__LOG_CHECK(...) ebb__log_check(__VA_ARGS__);
#endif
#define EBB__LOG(level, ...)                                                   \
    do {                                                                       \
        if (0) {                                                               \
            EBB__LOG_CHECK(__VA_ARGS__)                                        \
        }                                                                      \
        if ((level) >= EBB_CONFIG_LOG_LEVEL) {                                 \
            EBB__LOG_EMIT((level), __VA_ARGS__);                               \
        }                                                                      \
    } while (0)

/** Record a debug message: a printf format (a string literal), then at
 *  most 8 values.  Context: any.  Cost: docs/logging.md. */
#define EBB_LOG_DEBUG(...) EBB__LOG(EBB_LOG_LEVEL_DEBUG, __VA_ARGS__)
/** Record an informational message (see EBB_LOG_DEBUG). */
#define EBB_LOG_INFO(...) EBB__LOG(EBB_LOG_LEVEL_INFO, __VA_ARGS__)
/** Record a warning (see EBB_LOG_DEBUG). */
#define EBB_LOG_WARN(...) EBB__LOG(EBB_LOG_LEVEL_WARN, __VA_ARGS__)
/** Record an error (see EBB_LOG_DEBUG). */
#define EBB_LOG_ERROR(...) EBB__LOG(EBB_LOG_LEVEL_ERROR, __VA_ARGS__)

#ifdef __cplusplus
}
#endif

#endif /* EBB_LOG_H */
