/* test_probe.c - the probe-pin address convention (lab/scope/probe.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "probe.h"

static void expect(uint32_t a, char port, unsigned pin, unsigned level)
{
    scope_probe p;
    print_message("%08x -> %c%u=%u\n", a, port, pin, level);
    assert_true(scope_decode_probe(a, &p));
    assert_int_equal(p.port, port);
    assert_int_equal(p.pin, pin);
    assert_int_equal(p.level, level);
}

static void test_documented_addresses(void **state)
{
    (void)state;
    expect(0x42430300u, 'G', 0, 1);
    expect(0x42430304u, 'G', 1, 1);
    expect(0x42430340u, 'G', 0, 0);
    expect(0x42430344u, 'G', 1, 0);
    expect(0x42410334u, 'C', 13, 1);
    expect(0x42410374u, 'C', 13, 0);
}

/* alias of bit k of port n's BSRR, computed independently of probe.h */
static uint32_t alias(unsigned port, unsigned k)
{
    uint32_t bsrr = 0x40020000u + 0x400u * port + 0x18u;
    return 0x42000000u + (bsrr - 0x40000000u) * 32u + 4u * k;
}

static void test_every_port_and_pin(void **state)
{
    (void)state;
    for (unsigned port = 0; port <= 10; port++) {
        for (unsigned k = 0; k < 32; k++) {
            scope_probe p;
            assert_true(scope_decode_probe(alias(port, k), &p));
            assert_int_equal(p.port, 'A' + port);
            assert_int_equal(p.pin, k & 15);
            assert_int_equal(p.level, k < 16);
        }
    }
}

static void test_not_a_probe(void **state)
{
    (void)state;
    scope_probe p;
    assert_false(scope_decode_probe(0x40021818u, &p));      /* BSRR itself, not the alias */
    assert_false(scope_decode_probe(0x42430280u, &p));      /* alias of GPIOG ODR (0x14) */
    assert_false(scope_decode_probe(alias(11, 0), &p));     /* beyond GPIOK */
    assert_false(scope_decode_probe(0x42000000u, &p));      /* alias of TIM2 */
    assert_false(scope_decode_probe(0x20000000u, &p));
    assert_false(scope_decode_probe(0x44000000u, &p));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_documented_addresses),
        cmocka_unit_test(test_every_port_and_pin),
        cmocka_unit_test(test_not_a_probe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
