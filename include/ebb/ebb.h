/** @file
 * ebb/ebb.h - everything an application needs, in one include. */
#ifndef EBB_EBB_H
#define EBB_EBB_H

#include "ebb/config.h"
#include "ebb/contract.h"
#include "ebb/task.h"
#include "ebb/executor.h"
#include "ebb/wait.h"
#include "ebb/time.h"
#include "ebb/async.h"
#include "ebb/channel.h"
#include "ebb/spsc.h"
#include "ebb/signal.h"
#include "ebb/mutex.h"
#include "ebb/sem.h"
#include "ebb/pool.h"
#include "ebb/op.h"
#include "ebb/trace.h"
#include "ebb/stats.h"
#include "ebb/log.h"
#include "ebb/fmt.h"

#endif /* EBB_EBB_H */
