# This board's compiler, used when ebb is configured with -DEBB_BOARD=qemu-riscv-virt
# and no toolchain file.
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/riscv64-unknown-elf.cmake)
