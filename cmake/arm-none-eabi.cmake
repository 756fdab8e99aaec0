# Toolchain file: Debian's arm-none-eabi-gcc, for any Cortex-M.
#
# Deliberately generic: the CPU, the FPU and the C library are properties of
# the target, so they come from the board (ebb_board(CPU ... LIBC ...)
# in boards/<name>/board.cmake) as usage requirements of
# ebb::core, not from here.  One toolchain file then serves every board, and
# a project that builds ebb for its own board uses it unchanged.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
# Checking the compiler must not link: there is no board (memory map, startup
# code, C library choice) yet.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_C_FLAGS_INIT "-ffunction-sections -fdata-sections")
set(CMAKE_C_FLAGS_RELEASE_INIT "-O3 -g")
set(CMAKE_C_FLAGS_MINSIZEREL_INIT "-Os -g -flto")
set(CMAKE_C_FLAGS_RELWITHDEBINFO_INIT "-O2 -g")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
