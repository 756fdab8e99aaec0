/* fmt.c - the direct formatter (ebb/fmt.h): no libc, no static state. */
#include "ebb/fmt.h"

#include <stdbool.h>

/* No calls into the C library, not even ones the compiler would make up
 * for a copy loop (GCC turns some into memcpy or strlen). */
#if defined(__clang__)
#define NO_LIBC_CALLS __attribute__((no_builtin))
#else
#define NO_LIBC_CALLS
#if defined(__GNUC__)
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif
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

/* The output: bytes go to [base, end), at run()'s p; `done` counts those
 * before base.  Invariant: p <= end, and *end may be written (the '\0'). */
typedef struct out {
    char *end;
    char *base;
    size_t done;
    ebb_fmt_put *put; /* NULL: the buffer form */
    void *ctx;
    const char *fmt; /* where conv() left the format; NULL: at its end */
    char chunk[CHUNK + 1];
} out;

/* The window is full: hand it on and start over.  The buffer form's
 * window is the caller's buffer up to its last byte, which gets the '\0';
 * after it, bytes land in the chunk only to be counted. */
__attribute__((noinline)) static char *flush(out *o, char *p)
{
    size_t n = (size_t)(p - o->base);
    *p = '\0';
    o->done += n;
    if (o->put != NULL) {
        if (n != 0) {
            o->put(o->ctx, o->base, n);
        }
    } else {
        o->base = o->chunk;
        o->end = o->chunk + CHUNK;
    }
    return o->base;
}

/* One byte at p, flushing first if the window is full (p and end are
 * run()'s locals: kept in registers, not in *o, which every byte store
 * could alias). */
#define PUT(ch)                                                                \
    do {                                                                       \
        if (p == end) {                                                        \
            p = flush(o, p);                                                   \
            end = o->end;                                                      \
        }                                                                      \
        *p++ = (ch);                                                           \
    } while (0)

/* The less common pieces, out of line: n copies of c, or n bytes of s. */
__attribute__((noinline)) static char *pad(out *o, char *p, char c, unsigned n)
{
    char *end = o->end;
    while (n-- != 0) {
        PUT(c);
    }
    return p;
}

__attribute__((noinline)) static char *put_n(out *o, char *p, const char *s, size_t n)
{
    char *end = o->end;
    while (n-- != 0) {
        PUT(*s++);
    }
    return p;
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
static inline char *dec_back(char *e, uint32_t u)
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

/* One conversion of any shape (run() does the common ones): f is at its
 * '%', p where the output stands.  Returns where the output stands then,
 * and leaves in o->fmt the format after the conversion, or NULL when the
 * output is complete (an unknown conversion ends it).  Out of line and
 * optimised for size (cold): the shapes it alone handles are the less
 * frequent ones. */
__attribute__((cold, noinline)) NO_LIBC_CALLS static char *conv(out *o, char *p, const char *f, va_list *ap)
{
    char *end = o->end;
    const char *spec = f;
    unsigned flags = 0;
    unsigned char c = (unsigned char)*++f;
    f++;
    while (c == '-' || c == '0') {
        flags |= c == '-' ? LEFT : ZERO;
        c = (unsigned char)*f++;
    }
    unsigned width = 0;
    if (c == '*') {
        int w = va_arg(*ap, int);
        c = (unsigned char)*f++;
        if (w < 0) {
            flags |= LEFT;
            width = 0u - (unsigned)w;
        } else {
            width = (unsigned)w;
        }
        if (width > EBB_FMT_WIDTH_MAX) {
            width = EBB_FMT_WIDTH_MAX;
        }
    } else {
        while ((unsigned)(c - '0') < 10u) {
            width = width * 10u + (unsigned)(c - '0');
            if (width > EBB_FMT_WIDTH_MAX) {
                width = EBB_FMT_WIDTH_MAX; /* and no overflow */
            }
            c = (unsigned char)*f++;
        }
    }
    if (flags & LEFT) {
        flags &= ~(unsigned)ZERO;
    }
    unsigned size = SZ_INT;
    if (c >= 'h') { /* all of h j l t z, and the conversions from h up */
        switch (c) {
        case 'l':
            size = SZ_L;
            if ((c = (unsigned char)*f++) == 'l') {
                size = SZ_LL;
                c = (unsigned char)*f++;
            }
            break;
        case 'h':
            size = SZ_H;
            if ((c = (unsigned char)*f++) == 'h') {
                size = SZ_HH;
                c = (unsigned char)*f++;
            }
            break;
        case 'z': size = SZ_Z; c = (unsigned char)*f++; break;
        case 'j': size = SZ_J; c = (unsigned char)*f++; break;
        case 't': size = SZ_T; c = (unsigned char)*f++; break;
        default: break;
        }
    }

    char tmp[24]; /* 20 digits of a 64-bit value, or a %c */
    char *e = tmp + sizeof tmp;
    const char *body;
    size_t n;
    const char *pre = "";
    unsigned npre = 0;
    switch (c) {
    case 'd':
    case 'i': {
        intmax_t s;
        switch (size) {
        case SZ_HH: s = (signed char)va_arg(*ap, int); break;
        case SZ_H: s = (short)va_arg(*ap, int); break;
        case SZ_L: s = va_arg(*ap, long); break;
        case SZ_LL: s = va_arg(*ap, long long); break;
        case SZ_Z: s = (ptrdiff_t)va_arg(*ap, size_t); break; /* size_t's signed type */
        case SZ_J: s = va_arg(*ap, intmax_t); break;
        case SZ_T: s = va_arg(*ap, ptrdiff_t); break;
        default: s = va_arg(*ap, int); break;
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
            u = (uintptr_t)va_arg(*ap, void *);
            pre = "0x";
            npre = 2;
        } else {
            switch (size) {
            case SZ_HH: u = (unsigned char)va_arg(*ap, unsigned); break;
            case SZ_H: u = (unsigned short)va_arg(*ap, unsigned); break;
            case SZ_L: u = va_arg(*ap, unsigned long); break;
            case SZ_LL: u = va_arg(*ap, unsigned long long); break;
            case SZ_Z: u = va_arg(*ap, size_t); break;
            case SZ_J: u = va_arg(*ap, uintmax_t); break;
            case SZ_T: u = (size_t)va_arg(*ap, ptrdiff_t); break; /* ptrdiff_t's unsigned type */
            default: u = va_arg(*ap, unsigned); break;
            }
        }
        if (c != 'u') {
            body = hex_back(e, u, c == 'X' ? 'A' - 10 : 'a' - 10);
        } else if ((u >> 32) != 0) {
            body = dec_back64(e, u);
        } else {
            body = dec_back(e, (uint32_t)u);
        }
        n = (size_t)(e - body);
        break;
    }
    case 'c':
        *--e = (char)va_arg(*ap, int);
        body = e;
        n = 1;
        flags &= ~(unsigned)ZERO;
        break;
    case 's':
        body = va_arg(*ap, const char *);
        if (body == NULL) {
            body = "(null)";
        }
        flags &= ~(unsigned)ZERO;
        for (n = 0; body[n] != '\0'; n++) {
        }
        break;
    case '%':
        *--e = '%';
        body = e;
        n = 1;
        flags &= ~(unsigned)ZERO;
        break;
    default:
        /* Unknown: the rest of the format as it stands, and no more
         * arguments read (their types are no longer known). */
        for (n = 0; spec[n] != '\0'; n++) {
        }
        o->fmt = NULL;
        return put_n(o, p, spec, n);
    }

    size_t len = npre + n;
    unsigned fill = width > len ? width - (unsigned)len : 0u;
    if (fill != 0 && !(flags & LEFT)) {
        if (flags & ZERO) {
            p = put_n(o, p, pre, npre); /* sign or 0x, then the zeros */
            npre = 0;
            p = pad(o, p, '0', fill);
        } else {
            p = pad(o, p, ' ', fill);
        }
        end = o->end;
        fill = 0;
    }
    if (npre != 0) {
        p = put_n(o, p, pre, npre);
        end = o->end;
    }
    if ((size_t)(end - p) >= n) {
        while (n != 0) {
            *p++ = *body++;
            n--;
        }
    } else {
        p = put_n(o, p, body, n);
        end = o->end;
    }
    if (fill != 0) {
        p = pad(o, p, ' ', fill);
        end = o->end;
    }
    o->fmt = f;
    return p;
}

/* Everything but the setting up and the last '\0'; returns where the
 * output stands (o->base and o->done hold the rest of the count). */
NO_LIBC_CALLS static char *run(out *o, const char *f, va_list *ap)
{
    char *p = o->base;
    char *end = o->end;
    for (;;) {
        /* The literal text up to the next '%' or the end: one compare and
         * branch for most characters. */
        unsigned char c;
        for (;;) {
            if (end - p >= 4) { /* room for four: no check per byte */
                if ((c = (unsigned char)f[0]) == '%' || c == '\0') {
                    break;
                }
                p[0] = (char)c;
                if ((c = (unsigned char)f[1]) == '%' || c == '\0') {
                    f += 1;
                    p += 1;
                    break;
                }
                p[1] = (char)c;
                if ((c = (unsigned char)f[2]) == '%' || c == '\0') {
                    f += 2;
                    p += 2;
                    break;
                }
                p[2] = (char)c;
                if ((c = (unsigned char)f[3]) == '%' || c == '\0') {
                    f += 3;
                    p += 3;
                    break;
                }
                p[3] = (char)c;
                f += 4;
                p += 4;
            } else {
                if ((c = (unsigned char)*f) == '%' || c == '\0') {
                    break;
                }
                f++;
                PUT((char)c);
            }
        }
        if (c == '\0') {
            return p;
        }

        /* The common shapes first: %u %d %i %x %X %s with no flags, width
         * or length (an l counts as none where long is int's size). */
        {
            unsigned char k = (unsigned char)f[1];
            const char *g = f + 2;
            bool lng = false;
            if (sizeof(long) == sizeof(int) && k == 'l') {
                k = (unsigned char)*g++;
                lng = true;
            }
            if (k == 'u' || k == 'd' || k == 'i' || k == 'x' || k == 'X') {
                char tmp[12]; /* a sign and ten digits */
                char *e = tmp + sizeof tmp;
                char *d;
                if (k == 'd' || k == 'i') {
                    int32_t v = lng ? (int32_t)va_arg(*ap, long) : (int32_t)va_arg(*ap, int);
                    d = dec_back(e, v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
                    if (v < 0) {
                        *--d = '-';
                    }
                } else {
                    uint32_t u = lng ? (uint32_t)va_arg(*ap, unsigned long) : va_arg(*ap, unsigned);
                    d = k == 'u' ? dec_back(e, u) : hex_back(e, u, k == 'X' ? 'A' - 10 : 'a' - 10);
                }
                if (end - p >= e - d) {
                    do {
                        *p++ = *d++;
                    } while (d != e);
                } else {
                    p = put_n(o, p, d, (size_t)(e - d));
                    end = o->end;
                }
                f = g;
                continue;
            }
            if (k == 's' && !lng) {
                const char *s = va_arg(*ap, const char *);
                if (s == NULL) {
                    s = "(null)";
                }
                while (*s != '\0') {
                    PUT(*s++);
                }
                f = g;
                continue;
            }
        }

        p = conv(o, p, f, ap);
        f = o->fmt;
        if (f == NULL) {
            return p;
        }
        end = o->end;
    }
}

/* The buffer form, for ebb_fmt() and ebb_vfmt(). */
static inline int to_buffer(char *buf, size_t cap, const char *fmt, va_list *ap)
{
    out o;
    o.done = 0;
    o.put = NULL;
    if (cap != 0) {
        o.base = buf;
        o.end = buf + cap - 1;
    } else {
        o.base = o.chunk; /* nothing to write: only count */
        o.end = o.chunk + CHUNK;
    }
    char *p = run(&o, fmt, ap);
    *p = '\0'; /* the buffer's end, or the chunk's */
    return (int)(o.done + (size_t)(p - o.base));
}

int ebb_vfmt(char *buf, size_t cap, const char *fmt, va_list ap)
{
    va_list aq; /* by address to run(): a copy's is portable, a parameter's not */
    va_copy(aq, ap);
    int n = to_buffer(buf, cap, fmt, &aq);
    va_end(aq);
    return n;
}

int ebb_fmt(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = to_buffer(buf, cap, fmt, &ap);
    va_end(ap);
    return n;
}

/* The sink form, for ebb_fmt_to() and ebb_vfmt_to(). */
static inline int to_sink(ebb_fmt_put *put, void *ctx, const char *fmt, va_list *ap)
{
    out o;
    o.done = 0;
    o.put = put;
    o.ctx = ctx;
    o.base = o.chunk;
    o.end = o.chunk + CHUNK;
    (void)flush(&o, run(&o, fmt, ap));
    return (int)o.done;
}

int ebb_vfmt_to(ebb_fmt_put *put, void *ctx, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = to_sink(put, ctx, fmt, &aq);
    va_end(aq);
    return n;
}

int ebb_fmt_to(ebb_fmt_put *put, void *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = to_sink(put, ctx, fmt, &ap);
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
