/* A user's config header must be able to set a driver's option, even when
 * the driver's header is the first ebb header a file includes: every header
 * with options includes ebb/config.h (and so ebb_config.h) before its
 * defaults.  Before that, the driver's default came first and the
 * application's definition was a redefinition - a compile error under
 * -Werror, or silently the wrong priority. */
#include "ebb_systick_time.h"
#include "ebb_stm32_tim_time.h"
#include "ebb_stm32_exti.h"

_Static_assert(EBB_CONFIG_SYSTICK_PRIO == 7u, "the application's SysTick priority");
_Static_assert(EBB_CONFIG_STM32_TIME_TIM_PRIO == 9u, "the application's TIM priority");
_Static_assert(EBB_CONFIG_STM32_EXTI_LAST_LINE == 13, "the application's EXTI option");

int ebb_config_user_check(void);
int ebb_config_user_check(void) { return 0; }
