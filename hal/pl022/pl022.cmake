# ARM PL022 SSP (ebb_use_hal(pl022)): ebb::hal_pl022, an SPI master on the
# SPI class of ebb::hal (hal/common/ebb_spi.h).
ebb_add_library(hal_pl022 STATIC pl022.c)
ebb_public_headers(ebb_hal_pl022 ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(ebb_hal_pl022 PUBLIC ebb_hal ebb)
