/* An application's config header (ebb/config.h picks it up from the
 * include path), setting the priority options of two time drivers and an
 * EXTI option - the ones a driver header gives a default for. */
#define EBB_CONFIG_SYSTICK_PRIO 7u
#define EBB_CONFIG_STM32_TIME_TIM_PRIO 9u
#define EBB_CONFIG_STM32_EXTI_LAST_LINE 13
