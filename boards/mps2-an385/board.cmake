# QEMU mps2-an385: Cortex-M3, CMSDK UART/timers (docs/boards-mps2.md).
set(EBB_QEMU_MACHINE mps2-an385)
set(EBB_BOARD_CPU -mcpu=cortex-m3 -mthumb -mfloat-abi=soft)
set(EBB_BOARD_VECTORS ${EBB_SOURCE_DIR}/hal/cmsdk/vectors_mps2.c)
include(${EBB_SOURCE_DIR}/boards/mps2-common/mps2.cmake)
