# QEMU netduinoplus2: STM32F405 HAL with virtual EXTI lines, SysTick time.
set(EBB_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/memory.ld)
set(EBB_BOARD_TIME_DRIVER ebb_time_systick)
set(EBB_BOARD_RUNS_ON_QEMU ON)
target_compile_definitions(ebb_hal_stm32f4 PUBLIC EBB_STM32_EXTI_VIRTUAL=1)
# Only the button line (EXTI13) is wired: one EXTI wait list instead of 16.
target_compile_definitions(ebb_hal_stm32f4 PUBLIC
  EBB_CONFIG_STM32_EXTI_FIRST_LINE=13 EBB_CONFIG_STM32_EXTI_LAST_LINE=13)
add_library(ebb_board STATIC ${CMAKE_CURRENT_LIST_DIR}/board.c ${EBB_SOURCE_DIR}/boards/common/board_common.c
  ${EBB_SOURCE_DIR}/boards/common/console_rx.c)
target_include_directories(ebb_board PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${EBB_SOURCE_DIR}/boards/include)
target_link_libraries(ebb_board PUBLIC ebb_hal_stm32f4 ebb_time_systick ebb)
# Measured with tests/firmware/test_timers.c: on QEMU a SysTick cut restarts
# the count 2.0 cycles after VAL is sampled (drift -0.7 to +4.1 us over 9,173 cuts, depending on code timing).
target_compile_definitions(ebb_time_systick PRIVATE EBB_CONFIG_SYSTICK_CUT_CYCLES_X16=32)
# Idle by spinning: QEMU 7.2 does not wake a WFI at the first SysTick expiry,
# only at the next one, so the SysTick driver loses a whole period (measured,
# with and without -icount, plain WFI or with PRIMASK/BASEPRI set: a 1 ms
# sleep ends after 100.87 ms of TIM2 reference time, ebb's clock reads
# 1 ms).  Spinning also keeps virtual time proportional to instructions.
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_IDLE_WFI=0)
