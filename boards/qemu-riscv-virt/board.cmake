# QEMU virt, RV32IMAC: 16550 console, machine-timer time, no GPIO.
set(EBB_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/memory.ld)
set(EBB_BOARD_TIME_DRIVER ebb_time_mtimer)
set(EBB_BOARD_HAL_LIB ebb_hal_ns16550)
set(EBB_BOARD_RUNS_ON_QEMU ON)
# -bios none: no OpenSBI; the hart jumps straight to the ELF in RAM.
set(EBB_QEMU_MACHINE "virt -bios none")
target_compile_definitions(ebb_time_mtimer PUBLIC EBB_CONFIG_MTIMER_HZ=10000000u)
add_library(ebb_board STATIC ${CMAKE_CURRENT_LIST_DIR}/board.c ${CMAKE_CURRENT_LIST_DIR}/console_rx.c)
target_include_directories(ebb_board PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${EBB_SOURCE_DIR}/boards/include)
target_compile_definitions(ebb_board PUBLIC EBB_BOARD_FAMILY_HEADER="ebb_board_virt.h")
target_link_libraries(ebb_board PUBLIC ebb_hal_ns16550 ebb_time_mtimer ebb)
