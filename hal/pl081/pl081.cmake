# ARM PL081 DMA controller (ebb_use_hal(pl081)): ebb::hal_pl081, the
# register half of the DMA class (hal/common/ebb_dma.h, in ebb::hal).
# Cortex-M only (its interrupt set-up uses port/cortex-m).
ebb_add_library(hal_pl081 STATIC pl081.c)
ebb_public_headers(ebb_hal_pl081 ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(ebb_hal_pl081 PUBLIC ebb_hal ebb)
