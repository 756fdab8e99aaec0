# What ebb's tests expect of this board under QEMU (the names:
# tests/firmware/suite.cmake).  A board outside ebb's tree keeps them here,
# beside its board.cmake; cmake/firmware.cmake reads this file.
# The firmware suite (tests/firmware): 2^4 = 16 ns per instruction, the
# nearest rate to the core's 50 MHz (docs/porting.md); no reference clock
# named, so its timer tests against one are left out.
set(EBB_QEMU_ICOUNT_SHIFT 4)
# No EBB_FW_BAD_ADDRESS: QEMU's lm3s6965evb answers loads from every
# address it does not map with 0 (measured at 0x10000000, 0x20010000,
# 0x60000000, 0x70000000), so the bad-load fault test is left out here;
# a board whose bus faults names such an address.
set(EBB_FW_FAULT_UNDEF "104;FAULT UsageFault")
# A load through NULL hits the MPU's NULL guard over the vector table
# (port/cortex-m/startup/startup.c).
set(EBB_FW_NULL_FAULT "102;FAULT MemManage")
