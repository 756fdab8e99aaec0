# CMSDK drivers for the MPS2 boards (ebb_use_hal(cmsdk)).
#   ebb::hal_cmsdk       APB UART console driver
#   ebb::cmsdk_time      tickless time on two APB timers
# The vector table depends on the image: the board adds its own to
# ebb::startup (vectors_mps2.c or vectors_sse200.c).
ebb_add_library(hal_cmsdk STATIC uart.c)
ebb_public_headers(ebb_hal_cmsdk ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(ebb_hal_cmsdk PUBLIC ebb_hal ebb)
ebb_add_library(cmsdk_time STATIC cmsdk_time.c)
target_link_libraries(ebb_cmsdk_time PUBLIC ebb_hal_cmsdk ebb)
