# QEMU mps2-an500: Cortex-M7, CMSDK UART/timers (docs/boards-mps2.md).
set(EBB_QEMU_MACHINE mps2-an500)
set(EBB_BOARD_CPU -mcpu=cortex-m7 -mthumb -mfloat-abi=hard -mfpu=fpv5-d16)
set(EBB_BOARD_VECTORS ${EBB_SOURCE_DIR}/hal/cmsdk/vectors_mps2.c)
include(${EBB_SOURCE_DIR}/boards/mps2-common/mps2.cmake)
