# 16550 UART (ebb_use_hal(ns16550)): ebb::hal_ns16550.
ebb_add_library(hal_ns16550 STATIC ns16550.c)
ebb_public_headers(ebb_hal_ns16550 ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(ebb_hal_ns16550 PUBLIC ebb_hal ebb)
