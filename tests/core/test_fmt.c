/*
 * test_fmt.c - ebb_fmt (ebb/fmt.h) against the host's snprintf: every flag,
 * width and length modifier of every integer conversion over edge and
 * random 32/64-bit values, %s %c %p %%, several conversions in one format,
 * truncation at every capacity; the outcomes ebb defines itself (NULL %s,
 * unknown conversions, the width cap); the sink form; the fault-path
 * helpers.  Built twice: as the target's division, and with the
 * shift-and-add division of cores without a divider (EBB__FMT_SOFT_DIV=1).
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ebb/fmt.h"

#define BUF 160
#define SENTINEL '\x7f'

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t rand64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Values of every magnitude: edges, powers of ten around, and random ones
 * cut to a random bit length. */
static uint64_t value(unsigned i)
{
    static const uint64_t edges[] = {
        0, 1, 9, 10, 99, 100, 127, 128, 255, 256, 32767, 32768, 65535, 65536,
        999999999, 1000000000, 2147483647, 2147483648u, 4294967295u, 4294967296ull,
        9999999999ull, 10000000000ull, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull,
        0xFFFFFFFFFFFFFFFFull, 10000000000000000000ull, 9999999999999999999ull,
        0xFFFFFFFFFFFFFFFFull - 1, 42949672950ull, 42949672959ull,
    };
    if (i < sizeof edges / sizeof edges[0]) {
        return edges[i];
    }
    uint64_t v = rand64();
    unsigned bits = (unsigned)(rand64() % 65u);
    return bits == 64 ? v : v & ((1ull << bits) - 1);
}
#define VALUES 400u

/* Compare one formatting of ebb_fmt and snprintf at the full capacity, and
 * (when `every_cap`) at every capacity from 0 to one past the length: same
 * return, same bytes, nothing written past the capacity. */
static void compare(const char *fmt, int every_cap, ...)
{
    char want[BUF], got[BUF];
    va_list ap, aq;
    va_start(ap, every_cap);
    va_copy(aq, ap);
    int wn = vsnprintf(want, sizeof want, fmt, aq);
    va_end(aq);
    assert_true(wn >= 0 && wn < BUF - 1);
    size_t last = every_cap ? (size_t)wn + 1 : 0;
    for (size_t cap = (size_t)wn + 1;; cap = cap == (size_t)wn + 1 ? 0 : cap + 1) {
        memset(got, SENTINEL, sizeof got);
        va_copy(aq, ap);
        int gn = ebb_vfmt(got, cap, fmt, aq);
        va_end(aq);
        if (gn != wn) {
            fail_msg("\"%s\" cap %zu: ebb_fmt returned %d, snprintf %d (\"%s\")", fmt, cap, gn, wn, want);
        }
        if (cap > 0) {
            size_t k = cap - 1 < (size_t)wn ? cap - 1 : (size_t)wn;
            if (memcmp(got, want, k) != 0 || got[k] != '\0') {
                fail_msg("\"%s\" cap %zu: got \"%.*s\", want \"%.*s\"", fmt, cap, (int)k, got, (int)k, want);
            }
        }
        for (size_t i = cap; i < sizeof got; i++) {
            if (got[i] != SENTINEL) {
                fail_msg("\"%s\" cap %zu: byte %zu written", fmt, cap, i);
            }
        }
        if (cap == last) {
            break;
        }
    }
    va_end(ap);
}

static const char *const flag_set[] = {"", "-", "0", "-0", "0-", "00"};
static const char *const width_set[] = {"", "1", "2", "5", "11", "21", "26"};
static const char *const length_set[] = {"hh", "h", "", "l", "ll", "z", "j", "t"};

/* One integer argument of the type `len` and `conv` name. */
static void compare_int(const char *fmt, const char *len, char conv, uint64_t v, int every_cap)
{
    int sign = conv == 'd' || conv == 'i';
    if (!strcmp(len, "hh") || !strcmp(len, "h") || !strcmp(len, "")) {
        if (sign) {
            compare(fmt, every_cap, (int)(int32_t)(uint32_t)v);
        } else {
            compare(fmt, every_cap, (unsigned)(uint32_t)v);
        }
    } else if (!strcmp(len, "l")) {
        if (sign) {
            compare(fmt, every_cap, (long)v);
        } else {
            compare(fmt, every_cap, (unsigned long)v);
        }
    } else if (!strcmp(len, "ll")) {
        if (sign) {
            compare(fmt, every_cap, (long long)v);
        } else {
            compare(fmt, every_cap, (unsigned long long)v);
        }
    } else if (!strcmp(len, "z")) {
        if (sign) {
            compare(fmt, every_cap, (ptrdiff_t)(size_t)v);
        } else {
            compare(fmt, every_cap, (size_t)v);
        }
    } else if (!strcmp(len, "j")) {
        if (sign) {
            compare(fmt, every_cap, (intmax_t)v);
        } else {
            compare(fmt, every_cap, (uintmax_t)v);
        }
    } else {
        if (sign) {
            compare(fmt, every_cap, (ptrdiff_t)v);
        } else {
            compare(fmt, every_cap, (size_t)(ptrdiff_t)v);
        }
    }
}

static void test_integers(void **state)
{
    (void)state;
    static const char convs[] = "diuxX";
    unsigned n = 0;
    for (unsigned c = 0; c < sizeof convs - 1; c++) {
        for (unsigned l = 0; l < sizeof length_set / sizeof length_set[0]; l++) {
            for (unsigned fl = 0; fl < sizeof flag_set / sizeof flag_set[0]; fl++) {
                for (unsigned w = 0; w < sizeof width_set / sizeof width_set[0]; w++) {
                    char fmt[32];
                    snprintf(fmt, sizeof fmt, "<%%%s%s%s%c>", flag_set[fl], width_set[w], length_set[l], convs[c]);
                    for (unsigned i = 0; i < VALUES / 8; i++) {
                        /* Every capacity for a seventh of the cases: all of
                         * them would take the sanitized build a minute. */
                        compare_int(fmt, length_set[l], convs[c], value(i), (n++ % 7u) == 0);
                    }
                }
            }
        }
    }
    /* Many values at a plain width. */
    for (unsigned c = 0; c < sizeof convs - 1; c++) {
        for (unsigned l = 0; l < sizeof length_set / sizeof length_set[0]; l++) {
            char fmt[16];
            snprintf(fmt, sizeof fmt, "%%%s%c", length_set[l], convs[c]);
            for (unsigned i = 0; i < 4 * VALUES; i++) {
                compare_int(fmt, length_set[l], convs[c], value(i), 0);
            }
        }
    }
}

static void test_inttypes_macros(void **state)
{
    (void)state;
    for (unsigned i = 0; i < VALUES; i++) {
        uint64_t v = value(i);
        compare("%" PRIu64 " %" PRId64 " %" PRIx64 " %" PRIX64, 1, v, (int64_t)v, v, v);
        compare("%" PRIu32 "|%" PRId32 "|%08" PRIx32, 1, (uint32_t)v, (int32_t)v, (uint32_t)v);
        compare("%20" PRIu64 "|%-20" PRId64 "|", 0, v, (int64_t)v);
    }
}

static void test_star_width(void **state)
{
    (void)state;
    static const int widths[] = {0, 1, 3, 9, 20, -1, -3, -9, -20};
    for (unsigned w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        compare("[%*d]", 1, widths[w], -42);
        compare("[%-*u]", 1, widths[w], 42u);
        compare("[%0*x]", 1, widths[w], 0xbeefu);
        compare("[%*s]", 1, widths[w], "abc");
        compare("[%*c]", 1, widths[w], 'z');
    }
}

static void test_strings_chars(void **state)
{
    (void)state;
    static const char *const strs[] = {"", "a", "hello", "exactly-sixteen!", "a string longer than most fields here, 53 bytes long"};
    static const char *const s_formats[] = {"%s", "[%s]", "[%1s]", "[%8s]", "[%-8s]", "[%30s]", "[%-30s]", "%s%s"};
    for (unsigned f = 0; f < sizeof s_formats / sizeof s_formats[0]; f++) {
        for (unsigned s = 0; s < sizeof strs / sizeof strs[0]; s++) {
            compare(s_formats[f], 1, strs[s], strs[(s + 1) % 5]);
        }
    }
    static const char *const c_formats[] = {"%c", "[%c]", "[%3c]", "[%-3c]", "%c%c%c"};
    for (unsigned f = 0; f < sizeof c_formats / sizeof c_formats[0]; f++) {
        for (int c = 1; c < 256; c += 7) {
            compare(c_formats[f], 1, c, 'x', c ^ 0x20);
        }
    }
    compare("100%% %d%%", 1, 50);
    compare("%%%%%%", 1);
    compare("", 1);
    compare("no conversions at all", 1);
}

static void test_pointers(void **state)
{
    (void)state;
    int local;
    static int object;
    void *ptrs[] = {&local, &object, (void *)(uintptr_t)1, (void *)(uintptr_t)0xdeadbeef, (void *)test_pointers};
    for (unsigned i = 0; i < sizeof ptrs / sizeof ptrs[0]; i++) {
        compare("%p", 1, ptrs[i]);
        compare("[%30p]", 0, ptrs[i]);
        compare("[%-30p]", 0, ptrs[i]);
    }
}

/* Several conversions in a row, their arguments drawn at random. */
static void test_mixed(void **state)
{
    (void)state;
    for (unsigned i = 0; i < 2000; i++) {
        uint64_t a = value(i % VALUES), b = value((i * 7) % VALUES);
        compare("Button is %u (%lu)\n", 1, (unsigned)(a & 1), (unsigned long)b);
        compare("%d:%llx:%s:%c:%05u|%-6zu|", i % 5 == 0, (int)a, (unsigned long long)b, "mid", 'q', (unsigned)a, (size_t)b);
        compare("t=%" PRIu64 " ms %8" PRId64 "%%", 0, a, (int64_t)b);
    }
}

/* What ebb defines where C leaves it open or snprintf goes further. */
static void expect(const char *want, int ret, const char *got, int n)
{
    assert_string_equal(got, want);
    assert_int_equal(n, ret);
}

static int fmt_nonliteral(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = ebb_vfmt(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}

static void test_defined_outcomes(void **state)
{
    (void)state;
    char buf[BUF];
    const char *null = NULL;
    int n = ebb_fmt(buf, sizeof buf, "<%s>", null);
    expect("<(null)>", 8, buf, n);
    n = ebb_fmt(buf, sizeof buf, "<%8s|%-7s>", null, null);
    expect("<  (null)|(null) >", 18, buf, n);
    n = ebb_fmt(buf, sizeof buf, "%p", (void *)NULL);
    expect("0x0", 3, buf, n);
    /* The '0' flag pads numbers only. */
    n = fmt_nonliteral(buf, sizeof buf, "[%05s|%03c|%04%]", "ab", 'c');
    expect("[   ab|  c|   %]", 16, buf, n);
    /* Unknown conversions: the rest of the format, literally; no argument
     * read after them (the %d's 7 is not printed). */
    n = fmt_nonliteral(buf, sizeof buf, "a=%d %f %d", 1, 2.0, 7);
    expect("a=1 %f %d", 9, buf, n);
    n = fmt_nonliteral(buf, sizeof buf, "[%.3d]", 5);
    expect("[%.3d]", 6, buf, n);
    n = fmt_nonliteral(buf, sizeof buf, "[%+d][% d][%#x]", 5, 5, 5);
    expect("[%+d][% d][%#x]", 15, buf, n);
    n = fmt_nonliteral(buf, sizeof buf, "%lq%d", 5);
    expect("%lq%d", 5, buf, n);
    n = fmt_nonliteral(buf, sizeof buf, "end %");
    expect("end %", 5, buf, n);
    n = fmt_nonliteral(buf, sizeof buf, "end %-08ll");
    expect("end %-08ll", 10, buf, n);
    /* Truncated like the rest. */
    n = fmt_nonliteral(buf, 4, "a=%.1f", 1.0);
    expect("a=%", 6, buf, n);
    /* The width cap. */
    static char big[EBB_FMT_WIDTH_MAX + 64];
    n = fmt_nonliteral(big, sizeof big, "%5000d|", 42);
    assert_int_equal(n, EBB_FMT_WIDTH_MAX + 1);
    assert_int_equal((int)strlen(big), EBB_FMT_WIDTH_MAX + 1);
    assert_string_equal(big + EBB_FMT_WIDTH_MAX - 2, "42|");
    n = ebb_fmt(big, sizeof big, "%*d|", -100000, 42);
    assert_int_equal(n, EBB_FMT_WIDTH_MAX + 1);
    assert_memory_equal(big, "42 ", 3);
    assert_int_equal(big[EBB_FMT_WIDTH_MAX], '|');
    /* A count of what would have been written, and no write, at cap 0. */
    assert_int_equal(ebb_fmt(NULL, 0, "%s=%d", "abc", 12345), 9);
}

/* The sink form: the same bytes as the buffer form, in pieces of 1..32
 * bytes each followed by a '\0'. */
struct collected {
    char text[1024];
    size_t len;
    unsigned calls;
};

static void collect(void *ctx, const char *s, size_t n)
{
    struct collected *c = ctx;
    assert_true(n > 0 && n <= 32);
    assert_int_equal(s[n], '\0');
    assert_true(c->len + n < sizeof c->text);
    memcpy(c->text + c->len, s, n);
    c->len += n;
    c->text[c->len] = '\0';
    c->calls++;
}

static void test_sink(void **state)
{
    (void)state;
    char want[1024];
    for (unsigned i = 0; i < 300; i++) {
        struct collected c = {{0}, 0, 0};
        uint64_t v = value(i % VALUES);
        int width = (int)(i % 97u);
        int wn = snprintf(want, sizeof want, "%*" PRIu64 "|%-*s|%x %lld", width, v, width / 2, "sink", (unsigned)v, (long long)v);
        int gn = ebb_fmt_to(collect, &c, "%*" PRIu64 "|%-*s|%x %lld", width, v, width / 2, "sink", (unsigned)v, (long long)v);
        assert_int_equal(gn, wn);
        assert_int_equal((int)c.len, wn);
        assert_string_equal(c.text, want);
        assert_int_equal(c.calls, (unsigned)(wn + 31) / 32u);
    }
    struct collected c = {{0}, 0, 0};
    assert_int_equal(ebb_fmt_to(collect, &c, "%s", ""), 0);
    assert_int_equal(c.calls, 0);
}

static void test_fault_helpers(void **state)
{
    (void)state;
    char want[32], got[32];
    for (unsigned i = 0; i < 4 * VALUES; i++) {
        uint32_t v = (uint32_t)value(i);
        snprintf(want, sizeof want, "0x%08" PRIx32, v);
        memset(got, SENTINEL, sizeof got);
        char *end = ebb_fmt_hex32(got, v);
        assert_ptr_equal(end, got + 10);
        assert_int_equal(got[10], SENTINEL);
        *end = '\0';
        assert_string_equal(got, want);

        int wn = snprintf(want, sizeof want, "%" PRId32, (int32_t)v);
        memset(got, SENTINEL, sizeof got);
        end = ebb_fmt_dec32(got, (int32_t)v);
        assert_int_equal(end - got, wn);
        assert_int_equal(*end, SENTINEL);
        *end = '\0';
        assert_string_equal(got, want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_integers),
        cmocka_unit_test(test_inttypes_macros),
        cmocka_unit_test(test_star_width),
        cmocka_unit_test(test_strings_chars),
        cmocka_unit_test(test_pointers),
        cmocka_unit_test(test_mixed),
        cmocka_unit_test(test_defined_outcomes),
        cmocka_unit_test(test_sink),
        cmocka_unit_test(test_fault_helpers),
    };
#if defined(EBB__FMT_SOFT_DIV)
    return cmocka_run_group_tests_name("fmt (shift-and-add division)", tests, NULL, NULL);
#else
    return cmocka_run_group_tests_name("fmt", tests, NULL, NULL);
#endif
}
