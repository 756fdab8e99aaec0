# Shared part of the MPS2 boards' board.cmake: CMSDK drivers, the board
# library from board_mps2.c against the board's ebb_board_config.h, and the
# vector table named by the board (EBB_BOARD_VECTORS).  Conventions:
# docs/boards.md.  The board sets EBB_QEMU_MACHINE, EBB_BOARD_VECTORS and
# EBB_BOARD_CPU before including this.
ebb_use_port(cortex-m)
ebb_use_hal(cmsdk)
ebb_use_hal(pl022)
target_sources(ebb_startup PRIVATE ${EBB_BOARD_VECTORS})
ebb_board(
  CPU ${EBB_BOARD_CPU}
  LIBC newlib-nano
  LINKER_SCRIPT ${EBB_BOARD_DIR}/memory.ld
  SOURCES ${EBB_SOURCE_DIR}/boards/mps2-common/board_mps2.c ${EBB_SOURCE_DIR}/boards/common/board_qemu.c
          ${EBB_SOURCE_DIR}/boards/common/board_spi.c
  VIRTUAL button irq finger keys
  LIBRARIES ebb::hal_cmsdk ebb::hal_pl022
  TIME_DRIVER ebb::cmsdk_time
  QEMU qemu-system-arm -M ${EBB_QEMU_MACHINE} -nographic -monitor none -serial stdio
       -semihosting-config enable=on,target=native)
ebb_public_headers(ebb_board ${EBB_SOURCE_DIR}/boards/mps2-common)
# The MPS2 images implement 3 NVIC priority bits (8 levels); QEMU accepts 8,
# but code written for 8 would misbehave on the FPGA.
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_PRIO_BITS=3)
# Idle by spinning: under -icount (sleep=off) QEMU 7.2 wakes a WFI only at
# the second expiry of the alarm timer, not the first (measured: a 100 ms
# sleep ends after 200 ms); spinning also keeps virtual time proportional
# to instructions.  Without -icount WFI works; hardware idles in WFI.
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_IDLE_WFI=0)
