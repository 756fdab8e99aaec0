/*
 * holds.h (internal) - what a task may hold beyond its await: a channel
 * reservation or peek, a mutex.  The object modules find (and give back)
 * what a task holds in their tables through their "holds" functions, which
 * ebb_task_cancel() reaches by weak references: a program that never
 * cancels a task links neither, and cancelling costs a program without
 * channels (mutexes) nothing for them.
 */
#ifndef EBB_SRC_HOLDS_H
#define EBB_SRC_HOLDS_H

#include <stdbool.h>

#include "ebb/contract.h"
#include "ebb/task.h"

/* The number of holds of `t` found in the channel (mutex) table; with
 * `give_back`, each is given back as it is found.  Context: any.  Cost:
 * O(objects in the table), the lock held for one object at a time. */
unsigned ebb__channel_holds(ebb_task *t, bool give_back) EBB_WEAK;
unsigned ebb__mutex_holds(ebb_task *t, bool give_back) EBB_WEAK;

#endif
