/*
 * expect_panic.h - how a driver test expects a contract failure: the host
 * board's panic hook (ebb_host_set_panic_hook, ebb_host.h) is armed only
 * inside EXPECT_PANIC and jumps back into it, so a contract failing
 * anywhere else still ends the test as a failure.  Include after cmocka.h.
 */
#ifndef EXPECT_PANIC_H
#define EXPECT_PANIC_H

#include <setjmp.h>

#include "ebb_host.h"

static jmp_buf expect_panic_jmp;
static const char *expect_panic_module;
static int expect_panic_id;

static void expect_panic_hook(const char *module, int id)
{
    expect_panic_module = module;
    expect_panic_id = id;
    longjmp(expect_panic_jmp, 1);
}

/* Run `stmt`, which must fail contract `module`:`id`. */
#define EXPECT_PANIC(module, id, stmt)                                         \
    do {                                                                       \
        expect_panic_module = NULL;                                            \
        ebb_host_set_panic_hook(expect_panic_hook);                            \
        if (setjmp(expect_panic_jmp) == 0) {                                   \
            stmt;                                                              \
            ebb_host_set_panic_hook(NULL);                                     \
            fail_msg("expected contract %s:%d, none fired", module, id);      \
        }                                                                      \
        ebb_host_set_panic_hook(NULL);                                         \
        assert_non_null(expect_panic_module);                                  \
        assert_string_equal(expect_panic_module, module);                      \
        assert_int_equal(expect_panic_id, id);                                 \
    } while (0)

#endif
