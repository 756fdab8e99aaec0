# NUCLEO-F446ZE: STM32F446 HAL, TIM2 time driver.  Built, not run, in CI.
set(EBB_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/memory.ld)
set(EBB_BOARD_TIME_DRIVER ebb_time_tim)
set(EBB_BOARD_RUNS_ON_QEMU OFF)
add_library(ebb_board STATIC ${CMAKE_CURRENT_LIST_DIR}/board.c)
target_include_directories(ebb_board PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${EBB_SOURCE_DIR}/boards/include)
target_link_libraries(ebb_board PUBLIC ebb_hal_stm32f4 ebb_time_tim ebb)
