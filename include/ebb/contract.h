/** @file
 * ebb/contract.h - design-by-contract checks.
 *
 * A violated precondition is a bug in the caller, not a run-time condition to
 * recover from, so it does not return an error code: it calls the single hook
 * ebb_on_contract(module, id), which never returns.  Each module numbers its
 * checks (the id is listed next to every API that can fail one), so a field
 * report of "channel:4" is enough to find the line.  EBB_CONFIG_CONTRACTS=0
 * compiles the hook calls out; the checks that guard memory stay, and the
 * call returns its documented outcome instead (docs/misuse.md).
 */
#ifndef EBB_CONTRACT_H
#define EBB_CONTRACT_H

#include "ebb/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @def EBB_NORETURN
 * The function does not return (C11 _Noreturn where GNU C is missing). */
/** @def EBB_WEAK
 * A default definition that an application's own definition replaces
 * (empty where the compiler has no weak symbols). */
/** @def EBB_UNUSED
 * No warning when the object is not used. */
/** @def EBB_LIKELY
 * Branch hint: `x` is usually true. */
/** @def EBB_UNLIKELY
 * Branch hint: `x` is usually false (contract failures). */
/** @def EBB_MUST_CHECK
 * A result that must not be ignored (an error that means nothing changed). */
#if defined(__GNUC__)
#define EBB_NORETURN __attribute__((noreturn))
#define EBB_WEAK __attribute__((weak))
#define EBB_UNUSED __attribute__((unused))
#define EBB_LIKELY(x) __builtin_expect(!!(x), 1)
#define EBB_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define EBB_MUST_CHECK __attribute__((warn_unused_result))
#else
#define EBB_MUST_CHECK
#define EBB_NORETURN _Noreturn
#define EBB_WEAK
#define EBB_UNUSED
#define EBB_LIKELY(x) (x)
#define EBB_UNLIKELY(x) (x)
#endif

/** Compile-time check, usable at file scope and inside functions. */
#define EBB_BUILD_ASSERT(cond, msg) _Static_assert(cond, msg)

/** `value`, or a compile error with `msg` unless `cond` (a constant
 *  expression) holds: a build-time check inside an expression, so that an
 *  object's *_INITIALIZER checks its own parameters and its *_DEFINE stays
 *  one declaration that `static` can prefix (docs/api.md, "Defining
 *  objects").  An integer constant expression when `value` is one. */
#define EBB_BUILD_CHECKED(value, cond, msg)                                    \
    ((value) + 0 * sizeof(struct { _Static_assert(cond, msg); int ebb__ok; }))

/* Internal: true when `a` is an array (not a pointer), for initializers
 * that take their size from an array.  GNU C only; elsewhere unchecked. */
#if defined(__GNUC__)
#define EBB__IS_ARRAY(a) (!__builtin_types_compatible_p(__typeof__(a), __typeof__(&(a)[0])))
#else
#define EBB__IS_ARRAY(a) 1
#endif

/* Internal: the hidden storage of a *_DEFINE - an unnamed, zeroed array of
 * `n` `type`s, suitably aligned.  A compound literal, so that the DEFINE
 * stays one declaration (the user's `static` applies to the object); at
 * file scope it has static storage duration, like any static array.  The
 * union keeps the {0} initializer free of -Wmissing-braces for any type. */
#define EBB__STORAGE(type, n) (((union { char ebb__z; type ebb__a[(n)]; }){0}).ebb__a)

/**
 * Called when a precondition fails.  The default (weak) definition calls
 * ebb_port_panic(); an application or a test may provide its own.  It must
 * not return (it may reset, halt, or longjmp out in a test harness).
 * Context: any.  Cost: whatever the hook does.
 */
EBB_NORETURN void ebb_on_contract(const char *module, int id);

/** Name the module once per .c file; EBB_REQUIRE reports it. */
#define EBB_MODULE(name) static char const ebb__module[] EBB_UNUSED = name

/** @def EBB_REQUIRE
 * Precondition `id` of the file's module: `cond` false calls
 * ebb_on_contract(module, id).  With EBB_CONFIG_CONTRACTS 0 it compiles to
 * nothing (`cond` is not evaluated). */
#if EBB_CONFIG_CONTRACTS
#define EBB_REQUIRE(id, cond) \
    (EBB_LIKELY(cond) ? (void)0 : ebb_on_contract(ebb__module, (id)))
#else
#define EBB_REQUIRE(id, cond) ((void)0)
#endif

/**
 * A precondition with its documented fallback: with contracts on, a
 * violation calls the hook (which does not return, so the compiler drops
 * the fallback); with contracts off, `fallback` runs instead - a return of
 * an error code or a no-op, never a write through a bad index or pointer.
 * `cond` is evaluated twice: keep it free of side effects.
 */
#define EBB_REQUIRE_OR(id, cond, fallback)                                     \
    do {                                                                       \
        EBB_REQUIRE(id, cond);                                                 \
        if (EBB_UNLIKELY(!(cond))) {                                           \
            fallback;                                                          \
        }                                                                      \
    } while (0)

#ifdef __cplusplus
}
#endif

#endif /* EBB_CONTRACT_H */
