/*
 * ebb_board_virtual.h - what a board's own code calls of the virtual button
 * (virtual_button.c); applications use ebb_board.h.
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

/** Toggle the button (one key).  Context: any. */
void ebb_board_virtual_toggle(void);

/** True when a wait has selected the edge that setting the button to
 *  `pressed` would make (the patient finger waits for it).  Context: any.
 *  Cost: a few loads. */
bool ebb_board_virtual_armed(bool pressed);

#endif /* EBB_BOARD_VIRTUAL_H */
