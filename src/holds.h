/*
 * holds.h (internal) - what a task may hold beyond its await: a channel
 * reservation or peek, a mutex.  The object modules give it back through
 * their "drop holder" functions, which ebb_task_cancel() reaches by weak
 * references: a program that never cancels a task links neither, and
 * cancelling costs a program without channels (mutexes) nothing for them.
 */
#ifndef EBB_SRC_HOLDS_H
#define EBB_SRC_HOLDS_H

#include <stdbool.h>

#include "ebb/contract.h"
#include "ebb/task.h"

void ebb__channel_drop_holder(ebb_task *t) EBB_WEAK;
void ebb__mutex_drop_holder(ebb_task *t) EBB_WEAK;

#endif
