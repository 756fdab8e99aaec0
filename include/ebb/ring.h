/** @file
 * ebb/ring.h - internal: the storage ring of ebb_channel and ebb_spsc.
 *
 * Exposed only because the channels' initializers expand to it; use the
 * channel functions.  `capacity` slots of `size` bytes at `buf`; the
 * `count` elements in use start at slot `head`.
 */
#ifndef EBB_RING_H
#define EBB_RING_H

#include <stdint.h>

#include "ebb/contract.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Internal: a ring of fixed-size slots (see the top of this file). */
typedef struct ebb__ring {
    uint8_t *buf;      /**< capacity * size bytes */
    uint16_t size;     /**< bytes per element */
    uint16_t capacity; /**< elements */
    uint16_t head;     /**< index of the oldest element */
    uint16_t count;    /**< elements in it */
} ebb__ring;

/* Internal: an empty ring over `buf`, `capacity` elements of `size` bytes. */
#define EBB__RING_INIT(buf, size, capacity)                                    \
    {(uint8_t *)(buf),                                                         \
     (uint16_t)EBB_BUILD_CHECKED((size), (size) > 0 && (size) <= 0xFFFF,       \
                                 "element size must be 1..65535 bytes"),      \
     (uint16_t)(capacity), 0, 0}

/* Internal: the ring over an array `storage` (not a pointer), its length
 * the capacity. */
#define EBB__RING_OVER(storage, what)                                          \
    EBB__RING_INIT((storage), sizeof((storage)[0]),                            \
        EBB_BUILD_CHECKED(sizeof(storage) / sizeof((storage)[0]),              \
            EBB__IS_ARRAY(storage) && sizeof(storage) >= sizeof((storage)[0]) && \
                sizeof(storage) / sizeof((storage)[0]) <= 0xFFFF,              \
            what " needs an array of 1..65535 elements"))

/* Internal: `capacity` slots of `type` in an unnamed static array. */
#define EBB__RING_DEFINE(type, capacity, what)                                 \
    EBB__RING_INIT(                                                            \
        EBB__STORAGE(type, EBB_BUILD_CHECKED((capacity),                       \
            (capacity) > 0 && (capacity) <= 0xFFFF,                            \
            what " capacity must be 1..65535")),                               \
        sizeof(type), (capacity))

#ifdef __cplusplus
}
#endif

#endif /* EBB_RING_H */
