# QEMU netduinoplus2: STM32F405 HAL with virtual EXTI lines, SysTick time.
set(EBB_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/memory.ld)
set(EBB_BOARD_TIME_DRIVER ebb_time_systick)
set(EBB_BOARD_RUNS_ON_QEMU ON)
target_compile_definitions(ebb_hal_stm32f4 PUBLIC EBB_STM32_EXTI_VIRTUAL=1)
add_library(ebb_board STATIC ${CMAKE_CURRENT_LIST_DIR}/board.c)
target_include_directories(ebb_board PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${EBB_SOURCE_DIR}/boards/include)
target_link_libraries(ebb_board PUBLIC ebb_hal_stm32f4 ebb_time_systick ebb)
