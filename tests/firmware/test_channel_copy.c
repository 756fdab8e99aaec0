/*
 * test_channel_copy - a channel's element copy on the target: the port's
 * block copy where it has one (EBB_PORT_COPY_WORDS: LDM/STM on Cortex-M),
 * the word loop elsewhere, and memcpy for an odd size or an unaligned
 * pointer.  For elements of 1 to 9, 16 and 17 words, and of 6 and 13
 * bytes: two elements in flight at a time, through every slot of the ring
 * (so a copy that wrote past its slot would spoil its neighbour), each
 * received into a buffer between two guard words, and sent from and
 * received into a pointer one byte off a word.  Checked: every byte
 * arrives, nothing around it changes.
 */
#include "fwtest.h"

#define GUARD 0xA5C3E187u
#define ROUNDS 7u /* more than the capacity: every slot, twice */

static uint8_t fill(uint32_t seed, uint32_t i) { return (uint8_t)(seed * 31u + i * 7u + 1u); }

/* One element type and channel per size; `n` bytes. */
#define SIZES(X) X(4) X(8) X(12) X(16) X(20) X(24) X(28) X(32) X(36) X(64) X(68) X(6) X(13)
#define DEFINE(n)                                                              \
    typedef struct { uint8_t b[n]; } __attribute__((aligned((n) % 4 == 0 ? 4 : 1))) elem##n; \
    static EBB_CHANNEL_DEFINE(chan##n, elem##n, 3);
SIZES(DEFINE)

/* What a receive may touch: the element between two guard words; and a
 * byte array for the pointers one byte off. */
struct guarded {
    uint32_t pre;
    uint8_t b[68];
    uint32_t post;
};
static struct guarded in, out;
static uint8_t odd_in[72], odd_out[72];

static void check_channel(ebb_channel *ch, uint32_t n)
{
    for (uint32_t r = 0; r < ROUNDS; r++) {
        /* Two in flight: the second lands in the slot after the first. */
        for (uint32_t k = 0; k < 2u; k++) {
            for (uint32_t i = 0; i < n; i++) {
                out.b[i] = fill(2u * r + k, i);
            }
            FW_CHECK(ebb_channel_try_send(ch, out.b) == EBB_OK);
        }
        for (uint32_t k = 0; k < 2u; k++) {
            in.pre = in.post = GUARD;
            for (uint32_t i = 0; i < sizeof in.b; i++) {
                in.b[i] = 0x5Au;
            }
            FW_CHECK(ebb_channel_try_recv(ch, in.b) == EBB_OK);
            for (uint32_t i = 0; i < n; i++) {
                FW_CHECK(in.b[i] == fill(2u * r + k, i));
            }
            for (uint32_t i = n; i < sizeof in.b; i++) {
                FW_CHECK(in.b[i] == 0x5Au);
            }
            FW_CHECK(in.pre == GUARD && in.post == GUARD);
        }
        /* Pointers one byte off a word: the element goes through memcpy. */
        for (uint32_t i = 0; i < n; i++) {
            odd_out[1u + i] = fill(r + 100u, i);
        }
        odd_in[0] = odd_in[1u + n] = 0x77u;
        FW_CHECK(ebb_channel_try_send(ch, &odd_out[1]) == EBB_OK);
        FW_CHECK(ebb_channel_try_recv(ch, &odd_in[1]) == EBB_OK);
        for (uint32_t i = 0; i < n; i++) {
            FW_CHECK(odd_in[1u + i] == fill(r + 100u, i));
        }
        FW_CHECK(odd_in[0] == 0x77u && odd_in[1u + n] == 0x77u);
    }
    FW_CHECK(ebb_channel_try_recv(ch, in.b) == EBB_EAGAIN);
}

int main(void)
{
    ebb_board_init();
#define CHECK(n) check_channel(&chan##n, n);
    SIZES(CHECK)
    ebb_board_puts("test_channel_copy: PASS\n");
    ebb_board_exit(0);
}
