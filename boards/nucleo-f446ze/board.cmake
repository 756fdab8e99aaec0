# NUCLEO-F446ZE: STM32F446 HAL; TIM2 time driver by default, SysTick on
# request (-DEBB_NUCLEO_TIME=systick, e.g. to calibrate the SysTick cut
# constant with tests/firmware/hw_time.c).  Built, not run, in CI.
set(EBB_NUCLEO_TIME "tim" CACHE STRING "Time driver of the NUCLEO board: tim or systick")
set_property(CACHE EBB_NUCLEO_TIME PROPERTY STRINGS tim systick)
set(EBB_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/memory.ld)
if(EBB_NUCLEO_TIME STREQUAL "systick")
  set(EBB_BOARD_TIME_DRIVER ebb_time_systick)
else()
  set(EBB_BOARD_TIME_DRIVER ebb_time_tim)
endif()
set(EBB_BOARD_RUNS_ON_QEMU OFF)
# Only the button line (EXTI13) is wired: one EXTI wait list instead of 16.
target_compile_definitions(ebb_hal_stm32f4 PUBLIC
  EBB_CONFIG_STM32_EXTI_FIRST_LINE=13 EBB_CONFIG_STM32_EXTI_LAST_LINE=13)
add_library(ebb_board STATIC ${CMAKE_CURRENT_LIST_DIR}/board.c ${EBB_SOURCE_DIR}/boards/common/board_common.c
  ${EBB_SOURCE_DIR}/boards/common/console_rx.c)
target_include_directories(ebb_board PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${EBB_SOURCE_DIR}/boards/include)
target_link_libraries(ebb_board PUBLIC ebb_hal_stm32f4 ${EBB_BOARD_TIME_DRIVER} ebb)
if(EBB_NUCLEO_TIME STREQUAL "systick")
  target_compile_definitions(ebb_board PRIVATE EBB_NUCLEO_TIME_SYSTICK=1)
endif()
