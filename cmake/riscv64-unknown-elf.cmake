# Toolchain: Debian's riscv64-unknown-elf-gcc (multilib: builds RV32 too)
# with Debian's picolibc, for the RV32IMAC targets.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_ASM_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(EBB_CPU_FLAGS "-march=rv32imac_zicsr -mabi=ilp32 --specs=picolibc.specs")
set(CMAKE_C_FLAGS_INIT "${EBB_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_ASM_FLAGS_INIT "${EBB_CPU_FLAGS}")
# The C flags, specs included, are on the link line too.  GCC 12 picks the
# multilib (libgcc, picolibc) by exact -march name and knows no
# "rv32imac_zicsr": the last -march, plain rv32imac, selects the library
# (the code is the same; zicsr only names the CSR instructions).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-march=rv32imac -nostartfiles -Wl,--gc-sections")
set(CMAKE_C_FLAGS_RELEASE_INIT "-O3 -g")
set(CMAKE_C_FLAGS_MINSIZEREL_INIT "-Os -g -flto")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
