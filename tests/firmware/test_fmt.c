/*
 * test_fmt.c - ebb_fmt (ebb/fmt.h) on the target: 32-bit int and long, the
 * target's division (shifts and adds on ARMv6-M), 64-bit values without a
 * 64-bit division.  The host suite compares against the host's snprintf
 * (tests/core/test_fmt.c), where long is 64-bit; here fixed cases with
 * their expected text cover the paths only a 32-bit long takes.
 */
#include "fwtest.h"

static bool same(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

static int failures;

static void expect(int line, const char *want, const char *got, int n)
{
    int len = 0;
    while (want[len] != '\0') {
        len++;
    }
    if (n != len || !same(got, want)) {
        char msg[160];
        ebb_fmt(msg, sizeof msg, "FAIL line %d: got \"%s\" (%d), want \"%s\" (%d)\n", line, got, n, want, len);
        ebb_board_puts(msg);
        failures++;
    }
}

#define CASE(want, ...)                                                        \
    do {                                                                       \
        char b_[64];                                                           \
        int n_ = ebb_fmt(b_, sizeof b_, __VA_ARGS__);                          \
        expect(__LINE__, want, b_, n_);                                        \
    } while (0)

static size_t pieces, bytes;
static void count(void *ctx, const char *s, size_t n)
{
    (void)ctx;
    pieces++;
    bytes += n;
    FW_CHECK(n > 0 && n <= 32 && s[n] == '\0');
}

int main(void)
{
    ebb_board_init();
    const char *volatile null = NULL;
    CASE("Button is 1 (4294967295)\n", "Button is %u (%lu)\n", 1u, 4294967295ul);
    CASE("Button is 0 (0)\n", "Button is %u (%lu)\n", 0u, 0ul);
    CASE("-2147483648 2147483647 -1", "%ld %d %i", (long)INT32_MIN, 2147483647, -1);
    CASE("ffffffff FFFFFFFF 0 7fffffff", "%lx %X %x %lx", 0xfffffffful, 0xffffffffu, 0u, 0x7ffffffful);
    CASE("18446744073709551615 4294967296", "%llu %llu", (unsigned long long)UINT64_MAX, 4294967296ull);
    CASE("-9223372036854775808 9223372036854775807", "%lld %lld", (long long)INT64_MIN, (long long)INT64_MAX);
    CASE("10000000000 9999999999 42949672950", "%llu %llu %ju", 10000000000ull, 9999999999ull,
         (uintmax_t)42949672950ull);
    CASE("ffffffffffffffff 100000000", "%llx %llx", (unsigned long long)UINT64_MAX, 0x100000000ull);
    CASE("[   42][42   ][00042][-0042][  -42]", "[%5lu][%-5u][%05d][%05ld][%*d]", 42ul, 42u, 42, -42l, 5, -42);
    CASE("99999 -100000 7 -8", "%zu %zd %tu %td", (size_t)99999, (ptrdiff_t)-100000, (ptrdiff_t)7, (ptrdiff_t)-8);
    CASE("255 -1 65535 -32768", "%hhu %hhd %hu %hd", 255, 255, 65535, 32768);
    CASE("(null)|x|%|ab  |  ab", "%s|%c|%%|%-4s|%4s", null, 'x', "ab", "ab");
    CASE("0x1234abcd", "%p", (void *)(uintptr_t)0x1234abcdu);
    CASE("%f %d", "%f %d", 1.0, 2);
    /* Truncation: the count of the whole, the buffer cut and terminated. */
    char b[5];
    int n = ebb_fmt(b, sizeof b, "%lu", 123456789ul);
    expect(__LINE__, "1234", b, n == 9 ? 4 : -1);
    n = ebb_fmt(b, sizeof b, "ab%llu", 18446744073709551615ull);
    expect(__LINE__, "ab18", b, n == 22 ? 4 : -1);
    /* The sink: 70 bytes in pieces of at most 32. */
    n = ebb_fmt_to(count, NULL, "%30lu|%-30lx|%lld", 1ul, 2ul, -1234567890123ll);
    FW_CHECK(n == 76 && bytes == 76 && pieces == 3);
    /* The fault-path helpers. */
    char h[12];
    *ebb_fmt_hex32(h, 0xdeadbeefu) = '\0';
    expect(__LINE__, "0xdeadbeef", h, 10);
    char *e = ebb_fmt_dec32(h, INT32_MIN);
    *e = '\0';
    expect(__LINE__, "-2147483648", h, (int)(e - h));
    FW_CHECK(failures == 0);
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}
