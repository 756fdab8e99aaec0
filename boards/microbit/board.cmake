# QEMU microbit: nRF51822 (Cortex-M0, ARMv6-M), 16 MHz (docs/boards-microbit.md).
ebb_use_port(cortex-m)
ebb_use_hal(nrf51)
target_sources(ebb_startup PRIVATE ${EBB_SOURCE_DIR}/hal/nrf51/vectors.c)
ebb_board(
  CPU -mcpu=cortex-m0 -mthumb -mfloat-abi=soft
  LIBC newlib-nano
  LINKER_SCRIPT ${EBB_BOARD_DIR}/memory.ld
  SOURCES ${EBB_BOARD_DIR}/board.c ${EBB_SOURCE_DIR}/boards/virtual/virtual_button.c
  LIBRARIES ebb::hal_nrf51
  TIME_DRIVER ebb::time_nrf51
  QEMU qemu-system-arm -M microbit -nographic -monitor none -serial stdio
       -semihosting-config enable=on,target=native)
ebb_public_headers(ebb_board ${EBB_SOURCE_DIR}/boards/virtual)
# Not for this chip: the port's SysTick driver (its cut uses Thumb-2 inline
# assembly that ARMv6-M lacks).
set_target_properties(ebb_time_systick PROPERTIES EXCLUDE_FROM_ALL TRUE)
# Cortex-M0: 2 priority bits (4 levels); PRIMASK locking (automatic on ARMv6-M).
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_PRIO_BITS=2)
# Idle by spinning under QEMU, as the other QEMU boards (docs/boards-microbit.md).
target_compile_definitions(ebb PUBLIC EBB_CONFIG_PORT_IDLE_WFI=0)
set(EBB_BOARD_FW_TESTS ${EBB_SOURCE_DIR}/tests/targets)
set(EBB_BOARD_TG_REF ${EBB_SOURCE_DIR}/tests/targets/ref_systick.c)
# At 15.6 MIPS three ticks due together, each checked with 64-bit
# arithmetic the M0 does in software, are seen up to 73 us late (measured).
set(EBB_BOARD_TG_LATE_NS 100000u)
# 2^6 = 64 ns of virtual time per instruction: 15.6 MIPS, near the 16 MHz core.
set(EBB_QEMU_ICOUNT_SHIFT 6)
# ARMv6-M: a load from an address nothing answers is a HardFault.
set(EBB_BOARD_TG_BUS_FAULT_CODE 101)
set(EBB_BOARD_TG_BUS_FAULT_NAME HardFault)
set(EBB_BOARD_TG_NO_CEILING_CHECK ON) # ARMv6-M: PRIMASK masks every interrupt
