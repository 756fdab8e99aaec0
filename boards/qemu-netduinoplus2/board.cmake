# QEMU netduinoplus2: STM32F405 (Cortex-M4F) HAL with virtual EXTI lines,
# SysTick time.  Conventions: docs/boards.md.
ebb_use_port(cortex-m)
ebb_use_hal(stm32f4)
ebb_board(
  CPU -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16
  LIBC newlib-nano
  LINKER_SCRIPT memory.ld
  SOURCES board.c ../common/board_common.c
  VIRTUAL finger keys # the button is an EXTI line with virtual edges
  LIBRARIES ebb::hal_stm32f4
  TIME_DRIVER ebb::systick_time
  QEMU qemu-system-arm -M netduinoplus2 -nographic -monitor none -serial stdio
       -semihosting-config enable=on,target=native)
ebb_public_headers(ebb_board ${EBB_SOURCE_DIR}/boards/common) # ebb_board_stm32.h
target_compile_definitions(ebb_hal_stm32f4 PUBLIC EBB_STM32_EXTI_VIRTUAL=1)
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

# The firmware suite (tests/firmware/suite.cmake) and the STM32 family's own
# tests.  Reference clock: QEMU's TIM2, a 1 GHz virtual clock.
set(EBB_BOARD_FW_TESTS ${EBB_SOURCE_DIR}/tests/firmware/stm32)
set(EBB_FW_REF ${EBB_SOURCE_DIR}/tests/firmware/ref_stm32_tim2.c)
# SysTick cuts drift by a few cycles each (see above): looser than the
# reference's single clock.
set(EBB_FW_TIME_DEFS LATE_NS=15000u EARLY_NS=10000u DRIFT_NS=10000u)
set(EBB_FW_NULL_FAULT "102;FAULT MemManage")
set(EBB_FW_BAD_ADDRESS 0xA0001000u) # FMC registers: not modelled, not answered
# The report's fixed facts: the fault, CFSR (PRECISERR|BFARVALID; UNDEFINSTR),
# HFSR, the bad address, then PC, LR and EXC_RETURN (which vary with the code).
set(EBB_FW_FAULT_LOAD "103;FAULT BusFault CFSR=0x00008200 HFSR=0x00000000 BFAR=0xa0001000 PC=0x")
set(EBB_FW_FAULT_UNDEF "104;FAULT UsageFault CFSR=0x00010000 HFSR=0x00000000 PC=0x")
