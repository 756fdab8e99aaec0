# QEMU virt, RV32IMAC: 16550 console, machine-timer time, no GPIO.
# Conventions: docs/boards.md; toolchain.cmake here picks the RISC-V compiler.
ebb_use_port(riscv)
ebb_use_hal(ns16550)
ebb_board(
  CPU -march=rv32imac_zicsr -mabi=ilp32
  # picolibc's headers; the libraries themselves are named by path by the
  # toolchain file (GCC 12 picks no RV32 multilib for "rv32imac_zicsr").
  LIBC picolibc
  LINKER_SCRIPT memory.ld
  SOURCES board.c
  VIRTUAL button finger keys # edges wake from the code that sets them: no irq part
  LIBRARIES ebb::hal_ns16550
  TIME_DRIVER ebb::mtimer_time
  # -bios none: no OpenSBI; the hart jumps straight to the ELF in RAM.
  # Semihosting carries the trace stream (ebb/trace.h) out of a traced build.
  QEMU qemu-system-riscv32 -M virt -bios none -nographic -monitor none -serial stdio
       -semihosting-config enable=on,target=native)
target_compile_definitions(ebb_mtimer_time PUBLIC EBB_CONFIG_MTIMER_HZ=10000000u)
set(EBB_QEMU_MACHINE "virt -bios none")
# The port's own tests, beside the suite (whose settings for this board
# are tests/settings/qemu-riscv-virt.cmake).
set(EBB_BOARD_FW_TESTS ${EBB_SOURCE_DIR}/tests/firmware/riscv)
