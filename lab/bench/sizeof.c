/* The RAM each ebb object costs on the target: every object below is an
 * array of that many bytes, so `arm-none-eabi-nm -S` reads the sizes off the
 * compiled object (lab/bench/sizeof.sh) without running anything. */
#include "ebb/ebb.h"

#define SIZE(name, type) char sizeof_##name[sizeof(type)]

SIZE(task_header, ebb_task);
SIZE(executor, ebb_executor);
SIZE(wait, ebb_wait);
SIZE(timer, ebb_timer);
SIZE(ticker, ebb_ticker);
SIZE(channel_header, ebb_channel);
SIZE(spsc_header, ebb_spsc);
SIZE(signal, ebb_signal);
SIZE(mutex, ebb_mutex);
SIZE(list, ebb_list);
SIZE(waitlist, ebb_waitlist);
SIZE(pool, ebb_pool);
/* The task table (EBB_CONFIG_TASK_REGISTRY): per task, its name pointer in
 * RAM and its entry in flash. */
SIZE(task_name, const char *);
SIZE(task_entry, ebb_task_entry);

/* The showdown's queue: 8 messages of 32 bytes, header included. */
struct msg32 { char b[32]; };
char sizeof_channel_8x32[sizeof(ebb_spsc) + 8 * sizeof(struct msg32)];
