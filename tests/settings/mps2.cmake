# What ebb's tests and benchmarks expect of the MPS2 boards under QEMU
# (names: tests/firmware/suite.cmake); tests/settings/mps2-an*.cmake include
# it, cmake/firmware.cmake reads those.
# The firmware suite (tests/firmware/suite.cmake): reference clock, the
# dual timer (the time driver uses the two single timers).
set(EBB_FW_REF ${EBB_SOURCE_DIR}/tests/firmware/ref_mps2.c)
# Tests under -icount run at 2^5 = 32 ns per instruction (31 MIPS, near the
# images' 20-25 MHz), so that a second of virtual time stays cheap.
set(EBB_QEMU_ICOUNT_SHIFT 5)
# test_time's late bound at 32 ns an instruction: its worst wake is three
# tickers due together - three expiries (a timer-tree erase and a wake
# each, one critical section apiece), then the polls - which
# -DEBB_FW_TIME_LATEST=ON prints as "three tickers".
set(EBB_FW_TIME_DEFS LATE_NS=48000u)
# test_time_wraps: the counter wraps every 4 ms, alarms re-armed every 1.6 ms.
set(EBB_FW_TIME_WRAP_SOURCE ${EBB_SOURCE_DIR}/hal/cmsdk/cmsdk_time.c)
set(EBB_FW_TIME_WRAP_DEFS EBB_CONFIG_CMSDK_TIME_MAX_SHIFT=12 EBB_CONFIG_CMSDK_TIME_MAX_LOAD=40000)
# A load from an address nothing answers is a BusFault here.
set(EBB_FW_BAD_ADDRESS 0x70000000u)
set(EBB_FW_FAULT_LOAD "103;FAULT BusFault")
set(EBB_FW_FAULT_UNDEF "104;FAULT UsageFault")
# test_spi: the board's PL022 in loop-back (tests/firmware/test_spi.c).
set(EBB_FW_SPI pl022)
