# A board folder outside boards/, as a user brings their own (configure with
# -DEBB_BOARD=<this folder>): QEMU's netduinoplus2 again, but on picolibc
# instead of newlib-nano, reusing the in-tree board's sources.
set(np2 ${EBB_SOURCE_DIR}/boards/qemu-netduinoplus2)
ebb_use_port(cortex-m)
ebb_use_hal(stm32f4)
ebb_board(
  CPU -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16
  LIBC picolibc
  # Its own linker script (a vendor-style one that does not know ebb).
  LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/own.ld
  SOURCES ${np2}/board.c ${EBB_SOURCE_DIR}/boards/common/board_common.c
  VIRTUAL finger keys
  LIBRARIES ebb::hal_stm32f4
  TIME_DRIVER ebb::systick_time
  QEMU qemu-system-arm -M netduinoplus2 -nographic -monitor none -serial stdio
       -semihosting-config enable=on,target=native)
ebb_public_headers(ebb_board ${np2})
ebb_public_headers(ebb_board ${EBB_SOURCE_DIR}/boards/common)
target_compile_definitions(ebb_hal_stm32f4 PUBLIC EBB_STM32_EXTI_VIRTUAL=1
  EBB_CONFIG_STM32_EXTI_FIRST_LINE=13 EBB_CONFIG_STM32_EXTI_LAST_LINE=13)
target_compile_definitions(ebb_systick_time PRIVATE EBB_CONFIG_SYSTICK_CUT_CYCLES_X16=32)
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_IDLE_WFI=0)
