/*
 * ebb_board_key_player.h - console keys played as button edges, one at a
 * time, by a task on the board's finger executor (key_player.c).  Shared by
 * the virtual button (boards/virtual/button.c) and the netduinoplus2
 * board's EXTI button.
 *
 * Toggling the level in the console interrupt loses the edges of a burst:
 * a key typed while the application is still busy with the last edge finds
 * no wait armed for it, changes the level and wakes nobody.  So the console
 * interrupt only counts keys, and the player turns each into an edge once a
 * wait has selected it, as the patient finger does.  An edge nobody arms
 * for within a second still changes the level (a real button does not wait).
 */
#ifndef EBB_BOARD_KEY_PLAYER_H
#define EBB_BOARD_KEY_PLAYER_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/executor.h"

/** The board's side: make the next key's edge if a wait has selected it,
 *  and say whether it did.  Context: the player's task, lock not held. */
bool ebb_board_key_edge_if_armed(void);

/** The board's side: nobody selected the edge in time; change the level
 *  anyway.  Context: the player's task, lock not held. */
void ebb_board_key_edge_forced(void);

/** Forget keys typed and not played.  Context: main, before the console
 *  interrupt is enabled (a board's set-up).  Cost: O(1). */
void ebb_board_key_player_reset(void);

/** Start the player on `ex` (EBB_EBUSY: it runs already; ebb_task_spawn's
 *  other outcomes otherwise).  Context: main or task.  Cost: O(1). */
int ebb_board_key_player_start(ebb_executor *ex);

/** `n` more keys were typed.  Context: the console interrupt (the only
 *  writer of the count).  Cost: O(1) + a signal raise. */
void ebb_board_key_player_typed(uint32_t n);

#endif /* EBB_BOARD_KEY_PLAYER_H */
