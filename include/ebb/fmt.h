/** @file
 * ebb/fmt.h - printf-style formatting without the C library.
 *
 * One formatter for every target: into a buffer with snprintf's contract
 * (ebb_fmt), or through a sink function so a console prints without a
 * buffer of the caller's (ebb_fmt_to).  It keeps no state between calls,
 * takes no lock and calls nothing of libc, so it may be called from any
 * context: tasks, interrupt handlers, fault and panic paths.
 *
 * Conversions: `%d %i %u %x %X %s %c %p %%`.  Flags: `-` (left-justify) and
 * `0` (pad numbers with zeros; ignored with `-`, and by `%s %c %%`, which
 * pad with spaces).  A field width, also `*` (a negative one means `-` and
 * its magnitude).  Length modifiers `hh h l ll z j t`, so `%llu` and the
 * <inttypes.h> macros (PRIu64, PRIx64, ...) work on 32-bit targets, where
 * the C libraries' small printf variants often do not.  Besides:
 *
 *  - `%s` of NULL prints `(null)`; `%p` prints `0x` and the address in
 *    lowercase hex (NULL: `0x0`).
 *  - A width above EBB_FMT_WIDTH_MAX counts as EBB_FMT_WIDTH_MAX.
 *  - A conversion it does not know (`%f`, a precision `%.3d`, the flags
 *    `+ #` and space, ...) and a `%` at the very end are printed literally,
 *    from that `%` to the end of the format, and no further argument is
 *    read: the output shows the unsupported part and never reads an
 *    argument of the wrong type.
 *
 * With GCC and Clang the compiler checks each call's arguments against its
 * format (-Wformat, part of -Wall), as it does printf's.
 */
#ifndef EBB_FMT_H
#define EBB_FMT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @def EBB_FMT_PRINTF
 * Marks a function as taking a printf format as parameter `f` and its
 * arguments from parameter `a` on (0 for a va_list), so GCC and Clang check
 * every call's arguments against the format. */
#if defined(__GNUC__) || defined(__clang__)
#define EBB_FMT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define EBB_FMT_PRINTF(f, a)
#endif

/** The largest field width honoured; a larger one (written or from `*`)
 *  counts as this. */
#define EBB_FMT_WIDTH_MAX 4095

/** A sink for ebb_fmt_to(): receives the output in pieces, in order, `n`
 *  bytes at `s` (n > 0, at most 32), with `s[n]` == '\0' so a function that
 *  prints C strings can take `s` as it is.  `ctx` is ebb_fmt_to()'s. */
typedef void ebb_fmt_put(void *ctx, const char *s, size_t n);

/**
 * Format into `buf` as snprintf does: writes at most `cap` bytes, the last
 * of them always '\0' when cap > 0 (`buf` may be NULL when cap is 0), and
 * returns the length the whole output has, without the '\0' - a return of
 * `cap` or more means it was cut short.  Conversions: see the file comment.
 * Context: any (reentrant: no locks, no static state).  Cost: O(output
 * length); about 7 instructions per literal character and 10 per decimal
 * digit on the Cortex-M4 (docs/api.md, "Formatting"); stack: up to 264
 * bytes there (-O3, a conversion with flags or width), 160 for the common
 * ones.
 */
int ebb_fmt(char *buf, size_t cap, const char *fmt, ...) EBB_FMT_PRINTF(3, 4);

/** ebb_fmt() with the arguments in a va_list (for a function of your own
 *  that takes a format).  Context: any.  Cost: as ebb_fmt(). */
int ebb_vfmt(char *buf, size_t cap, const char *fmt, va_list ap) EBB_FMT_PRINTF(3, 0);

/**
 * Format through `put` (see ebb_fmt_put), with no buffer of the caller's:
 * the output goes to `put` in pieces of up to 32 bytes from a chunk on this
 * call's stack.  Returns the length of the whole output.  `put` must not be
 * NULL.  Context: any from which `put` may be called; the formatter itself
 * is reentrant.  Cost: as ebb_fmt(), plus one call of `put` per 32 bytes
 * of output and one at the end; stack: as ebb_fmt(), plus `put`'s own.
 */
int ebb_fmt_to(ebb_fmt_put *put, void *ctx, const char *fmt, ...) EBB_FMT_PRINTF(3, 4);

/** ebb_fmt_to() with the arguments in a va_list.  Context: as
 *  ebb_fmt_to().  Cost: as ebb_fmt_to(). */
int ebb_vfmt_to(ebb_fmt_put *put, void *ctx, const char *fmt, va_list ap) EBB_FMT_PRINTF(3, 0);

/** Write `v` as "0x" and exactly eight lowercase hex digits at `p` (10
 *  bytes, no '\0'); returns p + 10.  For fault reports, which should not
 *  link the whole formatter.  Context: any.  Cost: about 60 instructions. */
char *ebb_fmt_hex32(char *p, uint32_t v);

/** Write `v` in decimal ('-' first if negative) at `p` (at most 11 bytes,
 *  no '\0'); returns the end.  For panic reports, which should not link the
 *  whole formatter.  Context: any.  Cost: about 10 instructions per digit. */
char *ebb_fmt_dec32(char *p, int32_t v);

#ifdef __cplusplus
}
#endif

#endif /* EBB_FMT_H */
