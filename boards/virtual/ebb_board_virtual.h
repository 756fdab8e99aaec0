/*
 * ebb_board_virtual.h - what a board's own code calls of the virtual button
 * (button.c: level, waits, keys; virtual_button.c: the Cortex-M button and
 * finger interrupts; finger.c); applications use ebb_board.h.
 */
#ifndef EBB_BOARD_VIRTUAL_H
#define EBB_BOARD_VIRTUAL_H

#include <stdbool.h>

#include "ebb/executor.h"

/**
 * Run the scripted finger (boards/virtual/finger.c) on `ex`; `hold`, if not
 * NULL, keeps `ex` from running while held (its interrupt disabled), for a
 * finger executor that may preempt the code that reprograms the script.
 * Context: board init.
 */
void ebb_board_finger_attach(ebb_executor *ex, void (*hold)(bool held));

/** Set up the button and finger interrupt lines.  Context: board init. */
void ebb_board_virtual_init(void);

/** True while console keys toggle the button (the console ISR then
 *  consumes the received bytes).  Context: any. */
bool ebb_board_virtual_keys_mode(void);

/** Toggle the button (one key, at once).  Context: any. */
void ebb_board_virtual_toggle(void);

/** Play the keys typed in keys mode on `ex` (the finger's executor): one
 *  edge per key, each once a wait has selected it (or after 1 s), so that
 *  a burst is not lost to a busy application (ebb_board_key_player.h).
 *  The key player starts when keys mode is first turned on.  Context: board init. */
void ebb_board_virtual_keys_attach(ebb_executor *ex);

/** True when a wait has selected the edge that setting the button to
 *  `pressed` would make (the patient finger waits for it).  Context: any.
 *  Cost: a few loads. */
bool ebb_board_virtual_armed(bool pressed);

/** The board's part of an edge that a wait selected (button.c calls it
 *  after ebb_board_button_set() changed the level, lock released): wake
 *  the waiters with ebb_board_virtual_wake(), at once or from an interrupt
 *  it pends (as an EXTI line would).  Context: any. */
void ebb_board_virtual_edge(void);

/** Count `n` edges lost on the way (several edges for one interrupt).
 *  Context: any.  Cost: O(1). */
void ebb_board_virtual_lost(uint32_t n);

/** Wake the button's waiters.  Context: any, lock NOT held.  Cost:
 *  O(waiters), one critical section each. */
void ebb_board_virtual_wake(void);

/** Button released, no edge selected.  Context: board init. */
void ebb_board_virtual_button_reset(void);

#endif /* EBB_BOARD_VIRTUAL_H */
