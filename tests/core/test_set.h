/*
 * test_set.h - give an idle object a new value in a test.
 *
 * A struct that holds an ebb list link or head cannot be assigned
 * (ebb/driver/list.h: assigning over a linked one would cut its list), so a
 * test that re-initializes such an object between cases - one it knows is
 * on no list - copies the new value over it instead:
 *
 *     TEST_SET(s[i], (struct sleeper){.task = EBB_TASK_INITIALIZER(poll)});
 */
#ifndef EBB_TEST_SET_H
#define EBB_TEST_SET_H

#include <string.h>

#define TEST_SET(obj, ...)                                                     \
    do {                                                                       \
        __typeof__(obj) const test_set_value_ = __VA_ARGS__;                   \
        memcpy(&(obj), &test_set_value_, sizeof test_set_value_);              \
    } while (0)

#endif /* EBB_TEST_SET_H */
