# NUCLEO-F446ZE: STM32F446 (Cortex-M4F) HAL; TIM2 time driver by default,
# SysTick on request (-DEBB_NUCLEO_TIME=systick, e.g. to calibrate the
# SysTick cut constant with tests/firmware/hw_time.c).  Built, not run, in CI.
# Conventions: docs/boards.md.
set(EBB_NUCLEO_TIME "tim" CACHE STRING "Time driver of the NUCLEO board: tim or systick")
set_property(CACHE EBB_NUCLEO_TIME PROPERTY STRINGS tim systick)
ebb_use_port(cortex-m)
ebb_use_hal(stm32f4)
if(EBB_NUCLEO_TIME STREQUAL "systick")
  set(time ebb::systick_time)
else()
  set(time ebb::stm32_tim_time)
endif()
ebb_board(
  CPU -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16
  LIBC newlib-nano
  LINKER_SCRIPT memory.ld
  SOURCES board.c ../common/board_common.c
  LIBRARIES ebb::hal_stm32f4
  TIME_DRIVER ${time})
ebb_public_headers(ebb_board ${EBB_SOURCE_DIR}/boards/common) # ebb_board_stm32.h
# Only the button line (EXTI13) is wired: one EXTI wait list instead of 16.
target_compile_definitions(ebb_hal_stm32f4 PUBLIC
  EBB_CONFIG_STM32_EXTI_FIRST_LINE=13 EBB_CONFIG_STM32_EXTI_LAST_LINE=13)
# The highest interrupt the board's drivers use is EXTI15_10 (40; USART3 is
# 39, TIM2 28): the vector table stops there, 224 bytes of flash less than
# the STM32F446's 97 device vectors.  An interrupt above cannot be enabled
# (contract cm:4; a constant one does not compile): an application that
# needs one raises it (-DEBB_NUCLEO_IRQ_COUNT=97, or 0, keeps them all).
set(EBB_NUCLEO_IRQ_COUNT "41" CACHE STRING "NUCLEO: device interrupts with a vector (highest used + 1; 0 = all)")
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_IRQ_COUNT=${EBB_NUCLEO_IRQ_COUNT})
if(EBB_NUCLEO_TIME STREQUAL "systick")
  target_compile_definitions(ebb_board PRIVATE EBB_NUCLEO_TIME_SYSTICK=1)
endif()
# Semihosting: off on the chip, where a semihosting call without a debugger
# stops the core; a debug session configures with -DEBB_BOARD_SEMIHOSTING=1
# (docs/boards.md).  The port is told too: off, its fault and panic reports
# and main()'s return carry no semihosting code (ebb_cortex_m.h).
set(EBB_BOARD_SEMIHOSTING "0" CACHE STRING "NUCLEO: 1 for a debug session with semihosting (OpenOCD: arm semihosting enable)")
if(EBB_BOARD_SEMIHOSTING)
  target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_SEMIHOSTING=1)
else()
  target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_SEMIHOSTING=0)
endif()
