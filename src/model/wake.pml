/*
 * wake.pml - a Promela model (spin) of ebb's wake protocol: one task, its
 * executor's run queue and idle, an interrupt that fires the task's wait,
 * and a cancel from a second interrupt - the C this describes is
 * src/executor.c (ebb_executor_poll, take_locked, ebb_executor_run),
 * include/ebb/driver/wait.h (ebb__wake_locked), src/task.c
 * (ebb_task_cancel) and src/wait.c.
 *
 * An atomic block is a critical section (ebb_port_lock() .. unlock()):
 * the interrupts - the other processes - run only between them, at every
 * such point.  Checked (tests/model/check.sh, make test):
 *   - no lost wake: when the executor goes to sleep, no fire is left
 *     unseen by a task that is neither queued nor being polled;
 *   - one body at a time: the executor's poll and a cancel never run the
 *     task's body together (the busy claim);
 *   - a cancel leaves nothing registered: a task that is not running has
 *     no wait on a list.
 * Built with -DLOST_WAKE_BUG, the executor clears a task's queued link
 * after its poll instead of before (a wake during the poll is dropped);
 * with -DCLAIM_BUG, a cancel does not check the claim: the checker must
 * find each.
 */

bool queued = 1;   /* the task's run-queue link is set (ready list or the pass's chain): spawned */
bool on_ready = 1; /* ... on the ready list (the pass has not taken it) */
bool running = 1;  /* life cycle RUNNING */
bool busy;         /* the claim: a context runs the body */
bool wait_linked;  /* the task's wait is on the event's list */
bool fired;        /* a fire the task has not seen yet */
byte in_body;      /* contexts inside the body */

inline wake_locked() {
    if
    :: !queued && running -> queued = 1; on_ready = 1
    :: else -> skip
    fi
}

/* The task's body: consume a fire, register again (ebb_wait_on's shape). */
inline body(cancelling) {
    in_body++;
    assert(in_body == 1);
    atomic {
        if
        :: cancelling -> wait_linked = 0; fired = 0  /* withdraw; a fire is passed on */
        :: !cancelling && fired -> fired = 0; wait_linked = 1
        :: !cancelling && !fired && !wait_linked -> wait_linked = 1
        :: else -> skip
        fi
    }
    in_body--
}

active proctype executor() {
    bool mine;
    do
    :: atomic { on_ready -> on_ready = 0 }   /* detach the ready list */
#ifndef LOST_WAKE_BUG
       atomic { queued = 0; mine = running && !busy; if :: mine -> busy = 1 :: else fi }
#else
       atomic { mine = running && !busy; if :: mine -> busy = 1 :: else fi }
#endif
       if
       :: mine ->
          body(0);
#ifdef LOST_WAKE_BUG
          atomic { queued = 0; busy = 0 }
#else
          atomic { busy = 0 }
#endif
       :: else -> skip
       fi
    :: atomic { !on_ready ->
           /* idle: the check and the sleep are one step (no lost-wakeup
            * window); a fire the task has not seen must have queued it */
           assert(!fired || queued || busy || !running);
           (on_ready || timeout) }
       if
       :: timeout -> break
       :: else -> skip
       fi
    od
}

/* An interrupt firing the task's wait (ebb_waitlist_wake_one_locked). */
active proctype fire() {
    byte n;
    do
    :: n < 2 -> atomic { if :: wait_linked -> wait_linked = 0; fired = 1; wake_locked() :: else fi }; n++
    :: n >= 2 -> break
    od
}

/* A second interrupt cancelling the task (ebb_task_cancel). */
active proctype cancel() {
    bool claimed;
    atomic {
#ifndef CLAIM_BUG
        claimed = running && !busy;
#else
        claimed = running;
#endif
        if :: claimed -> busy = 1 :: else fi
    }
    if
    :: claimed ->
       body(1);
       atomic { running = 0; busy = 0 }
       assert(!wait_linked)  /* a cancelled task has nothing registered */
    :: else -> skip  /* EBB_EBUSY: its body runs now; nothing changed */
    fi
}

/* Throughout (checked in whichever state this runs, so in every reachable
 * one): a task that is not running, and that nobody is running, has no
 * wait on a list. */
active proctype invariant() {
    atomic { assert(!(!running && !busy && wait_linked)) }
}
