# nRF51 drivers for the micro:bit board (ebb_use_hal(nrf51)).
#   ebb::hal_nrf51       UART console driver
#   ebb::nrf51_time      tickless time on TIMER0
# The vector table (vectors.c) is the board's to add to ebb::startup.
ebb_add_library(hal_nrf51 STATIC uart.c)
ebb_public_headers(ebb_hal_nrf51 ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(ebb_hal_nrf51 PUBLIC ebb_hal ebb)
ebb_add_library(nrf51_time STATIC nrf51_time.c)
target_link_libraries(ebb_nrf51_time PUBLIC ebb_hal_nrf51 ebb)
