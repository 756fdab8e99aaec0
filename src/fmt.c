/* fmt.c - the direct formatter (ebb/fmt.h): no libc, no static state. */
#include "ebb/fmt.h"

#include <stdbool.h>

/* No calls into the C library, not even ones the compiler would make up
 * for a copy loop (GCC turns some into memcpy or strlen). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif

/* Division by 10 without a divide instruction or a 64-bit product where
 * the core has neither (ARMv6-M, ARMv8-M Baseline, RISC-V without M):
 * there the compiler's `/ 10u` is a libgcc call of 40+ cycles per digit. */
#ifndef EBB__FMT_SOFT_DIV
#if defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__) || (defined(__riscv) && !defined(__riscv_mul))
#define EBB__FMT_SOFT_DIV 1
#else
#define EBB__FMT_SOFT_DIV 0
#endif
#endif

/* Bytes a sink gets per call (and the dropped tail of a full buffer is
 * counted through): a '\0' follows in chunk[CHUNK]. */
#define CHUNK 32

enum { LEFT = 1u, ZERO = 2u };
enum { SZ_INT, SZ_HH, SZ_H, SZ_L, SZ_LL, SZ_Z, SZ_J, SZ_T };

/* The output: bytes go to [base, end) at p; `done` counts those before
 * base.  Invariant: p <= end, and *end may be written (the '\0'). */
typedef struct out {
    char *p;
    char *end;
    char *base;
    size_t done;
    ebb_fmt_put *put; /* NULL: the buffer form */
    void *ctx;
    char chunk[CHUNK + 1];
} out;

/* The window is full (or the output ends): hand it on and start over.  The
 * buffer form's window is the caller's buffer up to its last byte, which
 * gets the '\0'; after it, bytes land in the chunk only to be counted. */
static void flush(out *o)
{
    size_t n = (size_t)(o->p - o->base);
    *o->p = '\0';
    o->done += n;
    if (o->put != NULL) {
        if (n != 0) {
            o->put(o->ctx, o->base, n);
        }
    } else {
        o->base = o->chunk;
        o->end = o->chunk + CHUNK;
    }
    o->p = o->base;
}

__attribute__((noinline)) static void put_n(out *o, const char *s, size_t n)
{
    char *p = o->p;
    char *end = o->end; /* a local: stores through p may alias o->end */
    while (n != 0) {
        if (p == end) {
            o->p = p;
            flush(o);
            p = o->p;
            end = o->end;
        }
        *p++ = *s++;
        n--;
    }
    o->p = p;
}

__attribute__((noinline)) static void pad(out *o, char c, unsigned n)
{
    char *p = o->p;
    char *end = o->end;
    while (n != 0) {
        if (p == end) {
            o->p = p;
            flush(o);
            p = o->p;
            end = o->end;
        }
        *p++ = c;
        n--;
    }
    o->p = p;
}

static inline uint32_t div10(uint32_t n)
{
#if EBB__FMT_SOFT_DIV
    /* n * 0.8 by shifts and adds, / 8, then corrected by the remainder
     * (Hacker's Delight, 10-17): exact for every 32-bit n. */
    uint32_t q = (n >> 1) + (n >> 2);
    q += q >> 4;
    q += q >> 8;
    q += q >> 16;
    q >>= 3;
    uint32_t r = n - ((q << 3) + (q << 1));
    return q + (r > 9u);
#else
    return n / 10u;
#endif
}

/* The decimal digits of u, written backwards ending before e; returns the
 * first. */
__attribute__((noinline)) static char *dec_back(char *e, uint32_t u)
{
    do {
        uint32_t q = div10(u);
        *--e = (char)('0' + (u - q * 10u));
        u = q;
    } while (u != 0);
    return e;
}

/* The same for 64 bits: while the value needs more than 32, one digit at a
 * time by three 32-bit divisions (the high word, then two 16-bit pieces
 * with the remainder in front: each quotient fits 32 bits); then the 32-bit
 * loop.  No 64-bit division: that is a libgcc call on 32-bit targets. */
__attribute__((noinline)) static char *dec_back64(char *e, uint64_t v)
{
    while ((v >> 32) != 0) {
        uint32_t hi = (uint32_t)(v >> 32);
        uint32_t lo = (uint32_t)v;
        uint32_t qh = div10(hi);
        uint32_t x = ((hi - qh * 10u) << 16) | (lo >> 16);
        uint32_t qm = div10(x);
        x = ((x - qm * 10u) << 16) | (lo & 0xFFFFu);
        uint32_t ql = div10(x);
        *--e = (char)('0' + (x - ql * 10u));
        v = ((uint64_t)qh << 32) | (qm << 16) | ql;
    }
    return dec_back(e, (uint32_t)v);
}

static char hex_digit(uint32_t d, char a10)
{
    return (char)(d < 10u ? '0' + d : (uint32_t)a10 + d);
}

/* Hex digits of v backwards before e; a10 is 'a' - 10 or 'A' - 10. */
__attribute__((noinline)) static char *hex_back(char *e, uint64_t v, char a10)
{
    uint32_t lo = (uint32_t)v;
    uint32_t hi = (uint32_t)(v >> 32);
    if (hi != 0) {
        for (int i = 0; i < 8; i++) {
            *--e = hex_digit(lo & 0xFu, a10);
            lo >>= 4;
        }
        lo = hi;
    }
    do {
        *--e = hex_digit(lo & 0xFu, a10);
        lo >>= 4;
    } while (lo != 0);
    return e;
}

static void run(out *o, const char *f, va_list ap)
{
    for (;;) {
        /* The literal text up to the next '%' or the end. */
        char *p = o->p;
        char *end = o->end;
        char c;
        for (;;) {
            c = *f++;
            if ((unsigned char)c <= '%' && (c == '%' || c == '\0')) {
                break; /* one compare for most characters */
            }
            if (p == end) {
                o->p = p;
                flush(o);
                p = o->p;
                end = o->end;
            }
            *p++ = c;
        }
        o->p = p;
        if (c == '\0') {
            return;
        }

        const char *spec = f - 1;
        unsigned flags = 0;
        for (;; f++) {
            if (*f == '-') {
                flags |= LEFT;
            } else if (*f == '0') {
                flags |= ZERO;
            } else {
                break;
            }
        }
        unsigned width = 0;
        if (*f == '*') {
            int w = va_arg(ap, int);
            f++;
            if (w < 0) {
                flags |= LEFT;
                width = 0u - (unsigned)w;
            } else {
                width = (unsigned)w;
            }
        } else {
            while ((unsigned)(*f - '0') < 10u) {
                width = width * 10u + (unsigned)(*f++ - '0');
                if (width > EBB_FMT_WIDTH_MAX) {
                    width = EBB_FMT_WIDTH_MAX; /* and no overflow */
                }
            }
        }
        if (width > EBB_FMT_WIDTH_MAX) {
            width = EBB_FMT_WIDTH_MAX;
        }
        if (flags & LEFT) {
            flags &= ~(unsigned)ZERO;
        }
        unsigned size = SZ_INT;
        switch (*f) {
        case 'l':
            size = SZ_L;
            if (*++f == 'l') {
                size = SZ_LL;
                f++;
            }
            break;
        case 'h':
            size = SZ_H;
            if (*++f == 'h') {
                size = SZ_HH;
                f++;
            }
            break;
        case 'z': size = SZ_Z; f++; break;
        case 'j': size = SZ_J; f++; break;
        case 't': size = SZ_T; f++; break;
        default: break;
        }

        char tmp[24]; /* 20 digits of a 64-bit value, or a %c */
        char *e = tmp + sizeof tmp;
        const char *body;
        size_t n;
        const char *pre = "";
        unsigned npre = 0;
        c = *f++;
        switch (c) {
        case 'd':
        case 'i': {
            intmax_t s;
            switch (size) {
            case SZ_HH: s = (signed char)va_arg(ap, int); break;
            case SZ_H: s = (short)va_arg(ap, int); break;
            case SZ_L: s = va_arg(ap, long); break;
            case SZ_LL: s = va_arg(ap, long long); break;
            case SZ_Z: s = (ptrdiff_t)va_arg(ap, size_t); break; /* size_t's signed type */
            case SZ_J: s = va_arg(ap, intmax_t); break;
            case SZ_T: s = va_arg(ap, ptrdiff_t); break;
            default: s = va_arg(ap, int); break;
            }
            uintmax_t u = (uintmax_t)s;
            if (s < 0) {
                u = 0u - u;
                pre = "-";
                npre = 1;
            }
            body = (u >> 32) != 0 ? dec_back64(e, u) : dec_back(e, (uint32_t)u);
            n = (size_t)(e - body);
            break;
        }
        case 'u':
        case 'x':
        case 'X':
        case 'p': {
            uintmax_t u;
            if (c == 'p') {
                u = (uintptr_t)va_arg(ap, void *);
                pre = "0x";
                npre = 2;
            } else {
                switch (size) {
                case SZ_HH: u = (unsigned char)va_arg(ap, unsigned); break;
                case SZ_H: u = (unsigned short)va_arg(ap, unsigned); break;
                case SZ_L: u = va_arg(ap, unsigned long); break;
                case SZ_LL: u = va_arg(ap, unsigned long long); break;
                case SZ_Z: u = va_arg(ap, size_t); break;
                case SZ_J: u = va_arg(ap, uintmax_t); break;
                case SZ_T: u = (size_t)va_arg(ap, ptrdiff_t); break; /* ptrdiff_t's unsigned type */
                default: u = va_arg(ap, unsigned); break;
                }
            }
            if (c == 'u') {
                body = (u >> 32) != 0 ? dec_back64(e, u) : dec_back(e, (uint32_t)u);
            } else {
                body = hex_back(e, u, c == 'X' ? 'A' - 10 : 'a' - 10);
            }
            n = (size_t)(e - body);
            break;
        }
        case 'c':
            *--e = (char)va_arg(ap, int);
            body = e;
            n = 1;
            flags &= ~(unsigned)ZERO;
            break;
        case 's':
            body = va_arg(ap, const char *);
            if (body == NULL) {
                body = "(null)";
            }
            for (n = 0; body[n] != '\0'; n++) {
            }
            flags &= ~(unsigned)ZERO;
            break;
        case '%':
            body = "%";
            n = 1;
            flags &= ~(unsigned)ZERO;
            break;
        default:
            /* Unknown: the rest of the format as it stands, and no more
             * arguments read (their types are no longer known). */
            for (n = 0; spec[n] != '\0'; n++) {
            }
            put_n(o, spec, n);
            return;
        }

        size_t len = npre + n;
        unsigned fill = width > len ? width - (unsigned)len : 0u;
        if (fill != 0 && !(flags & LEFT)) {
            if (flags & ZERO) {
                put_n(o, pre, npre); /* sign or 0x, then the zeros */
                npre = 0;
                pad(o, '0', fill);
            } else {
                pad(o, ' ', fill);
            }
            fill = 0;
        }
        if (npre != 0) {
            put_n(o, pre, npre);
        }
        put_n(o, body, n);
        if (fill != 0) {
            pad(o, ' ', fill);
        }
    }
}

int ebb_vfmt(char *buf, size_t cap, const char *fmt, va_list ap)
{
    out o;
    o.done = 0;
    o.put = NULL;
    o.ctx = NULL;
    if (cap != 0) {
        o.base = buf;
        o.end = buf + cap - 1;
    } else {
        o.base = o.chunk; /* nothing to write: only count */
        o.end = o.chunk + CHUNK;
    }
    o.p = o.base;
    run(&o, fmt, ap);
    flush(&o);
    return (int)o.done;
}

int ebb_fmt(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = ebb_vfmt(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}

int ebb_vfmt_to(ebb_fmt_put *put, void *ctx, const char *fmt, va_list ap)
{
    out o;
    o.done = 0;
    o.put = put;
    o.ctx = ctx;
    o.base = o.chunk;
    o.end = o.chunk + CHUNK;
    o.p = o.base;
    run(&o, fmt, ap);
    flush(&o);
    return (int)o.done;
}

int ebb_fmt_to(ebb_fmt_put *put, void *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = ebb_vfmt_to(put, ctx, fmt, ap);
    va_end(ap);
    return n;
}

/* The fault-path helpers: one digit loop for both, kept small (cold: an
 * image that reports faults links them whether or not one happens). */
__attribute__((cold, noinline)) static char *digits32(char *p, uint32_t v, uint32_t base, uint32_t min)
{
    /* Count the digits (at least `min`), then write them backwards from
     * the end: no buffer to copy from. */
    uint32_t n = 0;
    uint32_t t = v;
    do {
        n++;
        t /= base;
    } while (t != 0);
    char *end = p + (n > min ? n : min);
    char *q = end;
    do {
        *--q = hex_digit(v % base, 'a' - 10);
        v /= base;
    } while (q != p);
    return end;
}

__attribute__((cold)) char *ebb_fmt_hex32(char *p, uint32_t v)
{
    *p++ = '0';
    *p++ = 'x';
    return digits32(p, v, 16u, 8u);
}

__attribute__((cold)) char *ebb_fmt_dec32(char *p, int32_t v)
{
    if (v < 0) {
        *p++ = '-';
    }
    return digits32(p, v < 0 ? 0u - (uint32_t)v : (uint32_t)v, 10u, 1u);
}
