# nRF51 drivers for the micro:bit board (included by its board.cmake).
#   ebb_hal_nrf51       UART console driver
#   ebb_time_nrf51      tickless time on TIMER0
set(EBB_NRF51_DIR ${EBB_SOURCE_DIR}/hal/nrf51)
add_library(ebb_hal_nrf51 STATIC ${EBB_NRF51_DIR}/uart.c)
target_include_directories(ebb_hal_nrf51 PUBLIC ${EBB_NRF51_DIR})
target_link_libraries(ebb_hal_nrf51 PUBLIC ebb)
add_library(ebb_time_nrf51 STATIC ${EBB_NRF51_DIR}/time_timer0.c)
target_link_libraries(ebb_time_nrf51 PUBLIC ebb_hal_nrf51 ebb)
# Not for this chip: the STM32 HAL, and the SysTick driver (its cut uses
# Thumb-2 inline assembly that ARMv6-M lacks).
set_target_properties(ebb_hal_stm32f4 ebb_time_tim ebb_time_systick PROPERTIES EXCLUDE_FROM_ALL TRUE)
