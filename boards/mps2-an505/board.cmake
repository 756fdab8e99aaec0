# QEMU mps2-an505: Cortex-M33 (ARMv8-M Mainline) in the SSE-200 subsystem,
# run entirely in the Secure state (docs/boards-mps2.md).
set(EBB_QEMU_MACHINE mps2-an505)
set(EBB_BOARD_CPU -mcpu=cortex-m33 -mthumb -mfloat-abi=hard -mfpu=fpv5-sp-d16)
set(EBB_BOARD_VECTORS ${EBB_SOURCE_DIR}/hal/cmsdk/vectors_sse200.c)
include(${EBB_SOURCE_DIR}/boards/mps2-common/mps2.cmake)
# The four PL081 DMA controllers (hal/pl081): the driver library, and
# their firmware tests on QEMU.
ebb_use_hal(pl081)
list(APPEND EBB_BOARD_FW_TESTS ${EBB_SOURCE_DIR}/tests/firmware/pl081)
