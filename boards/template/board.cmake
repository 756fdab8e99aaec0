# boards/template - the board to copy for a new one: a Cortex-M3 board on
# QEMU's lm3s6965evb machine (TI Stellaris LM3S6965), with the PL011 UART
# as console, the port's SysTick time driver, and the virtual button.
# Copy the folder, rename it, and replace what names the LM3S6965 (this
# file, ebb_board_config.h, vectors.c, memory.ld); README.md lists the steps.
ebb_use_port(cortex-m)
ebb_use_hal(pl011)
# The chip's vector table: the board's own until its chip has a HAL folder.
target_sources(ebb_startup PRIVATE ${EBB_BOARD_DIR}/vectors.c)
ebb_board(
  CPU -mcpu=cortex-m3 -mthumb -mfloat-abi=soft
  LIBC newlib-nano
  LINKER_SCRIPT ${EBB_BOARD_DIR}/memory.ld
  SOURCES ${EBB_BOARD_DIR}/board.c ${EBB_SOURCE_DIR}/boards/common/board_qemu.c
  VIRTUAL button irq finger keys
  LIBRARIES ebb::hal_pl011
  TIME_DRIVER ebb::systick_time
  QEMU qemu-system-arm -M lm3s6965evb -nographic -monitor none -serial stdio
       -semihosting-config enable=on,target=native)
# The LM3S6965 implements 3 NVIC priority bits.
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_PRIO_BITS=3)
# Idle by spinning under QEMU -icount (a WFI there wakes late: see
# boards/mps2-common/mps2.cmake); hardware idles in WFI.
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_IDLE_WFI=0)
