# Arm PL011 UART (ebb_use_hal(pl011)): ebb::hal_pl011, on the UART class.
ebb_add_library(hal_pl011 STATIC pl011.c)
ebb_public_headers(ebb_hal_pl011 ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(ebb_hal_pl011 PUBLIC ebb_hal ebb)
