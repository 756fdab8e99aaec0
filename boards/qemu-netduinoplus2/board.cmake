# QEMU netduinoplus2: STM32F405 (Cortex-M4F) HAL with virtual EXTI lines,
# SysTick time.  Conventions: docs/boards.md.
ebb_use_port(cortex-m)
ebb_use_hal(stm32f4)
ebb_board(
  CPU -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16
  LIBC newlib-nano
  LINKER_SCRIPT memory.ld
  SOURCES board.c ../common/board_common.c ../common/board_spi.c
  VIRTUAL finger keys # the button is an EXTI line with virtual edges
  LIBRARIES ebb::hal_stm32f4 ebb::hal_stm32_spi
  TIME_DRIVER ebb::systick_time
  QEMU qemu-system-arm -M netduinoplus2 -nographic -monitor none -serial stdio
       -semihosting-config enable=on,target=native)
ebb_public_headers(ebb_board ${EBB_SOURCE_DIR}/boards/common) # ebb_board_stm32.h
target_compile_definitions(ebb_hal_stm32f4 PUBLIC EBB_STM32_EXTI_VIRTUAL=1)
# The profiling clock (trace timestamps, task statistics; ebb/stats.h):
# QEMU's TIM2 counts virtual nanoseconds from reset with no set-up - read
# inline, one load (its rate: ebb_profile_clock_hz() in board.c).
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PROFILE_COUNTER=0x40000024u)
# Only the button line (EXTI13) is wired: one EXTI wait list instead of 16.
target_compile_definitions(ebb_hal_stm32f4 PUBLIC
  EBB_CONFIG_STM32_EXTI_FIRST_LINE=13 EBB_CONFIG_STM32_EXTI_LAST_LINE=13)
# Measured with tests/firmware/test_time.c: on QEMU a SysTick cut restarts
# the count 2.0 cycles after VAL is sampled (drift -0.7 to +4.1 us over 9,173 cuts, depending on code timing).
target_compile_definitions(ebb_systick_time PRIVATE EBB_CONFIG_SYSTICK_CUT_CYCLES_X16=32)
# Idle by spinning: QEMU 7.2 does not wake a WFI at the first SysTick expiry,
# only at the next one, so the SysTick driver loses a whole period (measured,
# with and without -icount, plain WFI or with PRIMASK/BASEPRI set: a 1 ms
# sleep ends after 100.87 ms of TIM2 reference time, ebb's clock reads
# 1 ms).  Spinning also keeps virtual time proportional to instructions.
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_IDLE_WFI=0)

# The STM32 family's own tests, beside the suite (whose settings for this
# board are tests/settings/qemu-netduinoplus2.cmake).
set(EBB_BOARD_FW_TESTS ${EBB_SOURCE_DIR}/tests/firmware/stm32)
