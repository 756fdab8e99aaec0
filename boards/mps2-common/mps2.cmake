# Shared part of the MPS2 boards' board.cmake: CMSDK drivers, the board
# library from board_mps2.c against the board's ebb_board_config.h, and the
# vector table named by the board (EBB_BOARD_VECTORS).
include(${EBB_SOURCE_DIR}/hal/cmsdk/cmsdk.cmake)
set(EBB_BOARD_LINKER_SCRIPT ${EBB_BOARD_DIR}/memory.ld)
set(EBB_BOARD_TIME_DRIVER ebb_time_cmsdk)
set(EBB_BOARD_HAL_LIB ebb_hal_cmsdk)
set(EBB_BOARD_RUNS_ON_QEMU ON)
add_library(ebb_board STATIC ${EBB_SOURCE_DIR}/boards/mps2-common/board_mps2.c
            ${EBB_SOURCE_DIR}/boards/virtual/virtual_button.c)
target_include_directories(ebb_board PUBLIC ${EBB_BOARD_DIR} ${EBB_SOURCE_DIR}/boards/mps2-common
                           ${EBB_SOURCE_DIR}/boards/virtual ${EBB_SOURCE_DIR}/boards/include)
target_compile_definitions(ebb_board PUBLIC EBB_BOARD_FAMILY_HEADER="ebb_board_mps2.h")
target_link_libraries(ebb_board PUBLIC ebb_hal_cmsdk ebb_time_cmsdk ebb)
# The MPS2 images implement 3 NVIC priority bits (8 levels); QEMU accepts 8,
# but code written for 8 would misbehave on the FPGA.
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_PRIO_BITS=3)
# Idle by spinning: under -icount (sleep=off) QEMU 7.2 wakes a WFI only at
# the second expiry of the alarm timer, not the first (measured: a 100 ms
# sleep ends after 200 ms); spinning also keeps virtual time proportional
# to instructions.  Without -icount WFI works; hardware idles in WFI.
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_IDLE_WFI=0)
set(EBB_BOARD_FW_TESTS ${EBB_SOURCE_DIR}/tests/targets)
set(EBB_BOARD_TG_REF ${EBB_SOURCE_DIR}/tests/targets/ref_mps2.c)
# Tests under -icount run at 2^5 = 32 ns per instruction (31 MIPS, near the
# images' 20-25 MHz), so that a second of virtual time stays cheap.
set(EBB_QEMU_ICOUNT_SHIFT 5)
set(EBB_BOARD_TG_TIME_SOURCE ${EBB_SOURCE_DIR}/hal/cmsdk/time_cmsdk.c)
set(EBB_BOARD_TG_WRAP_DEFS EBB_CONFIG_CMSDK_TIME_MAX_SHIFT=12 EBB_CONFIG_CMSDK_TIME_MAX_LOAD=40000)
# A load from an address nothing answers (0x70000000) is a BusFault here.
set(EBB_BOARD_TG_BUS_FAULT_CODE 103)
set(EBB_BOARD_TG_BUS_FAULT_NAME BusFault)
