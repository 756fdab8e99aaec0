# Toolchain file: Debian's riscv64-unknown-elf-gcc (multilib: builds RV32
# too) with Debian's picolibc.  Like cmake/arm-none-eabi.cmake it carries no
# ISA/ABI flags: those come from the board (ebb_board(CPU ... LIBC picolibc)
# in boards/<name>/board.cmake), as usage requirements of ebb::core.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_ASM_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_C_FLAGS_INIT "-ffunction-sections -fdata-sections")

# The C libraries, named by path, for the RV32IMAC/ilp32 boards.  GCC 12 picks its multilib (libgcc,
# picolibc) by the exact -march name and knows no "rv32imac_zicsr": it would
# link the RV64 default.  Asking for plain rv32imac finds the right
# directory (same code: zicsr only names the CSR instructions), and the link
# itself keeps -march=rv32imac_zicsr, which link-time optimisation needs to
# assemble the CSR instructions.
execute_process(COMMAND ${CMAKE_C_COMPILER} -march=rv32imac -mabi=ilp32 -print-libgcc-file-name
                OUTPUT_VARIABLE EBB_RV_LIBGCC OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${CMAKE_C_COMPILER} -march=rv32imac -mabi=ilp32 -print-multi-directory
                OUTPUT_VARIABLE EBB_RV_MULTIDIR OUTPUT_STRIP_TRAILING_WHITESPACE)
set(EBB_RV_LIBC /usr/lib/picolibc/riscv64-unknown-elf/lib/${EBB_RV_MULTIDIR}/libc.a)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-nostartfiles -nostdlib -Wl,--gc-sections")
set(CMAKE_C_STANDARD_LIBRARIES "-Wl,--start-group ${EBB_RV_LIBC} ${EBB_RV_LIBGCC} -Wl,--end-group")

set(CMAKE_C_FLAGS_RELEASE_INIT "-O3 -g")
set(CMAKE_C_FLAGS_MINSIZEREL_INIT "-Os -g -flto")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
