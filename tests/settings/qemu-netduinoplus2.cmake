# What ebb's tests and benchmarks expect of qemu-netduinoplus2 (names:
# tests/firmware/suite.cmake; read by cmake/firmware.cmake).
# Reference clock: QEMU's TIM2, a 1 GHz virtual clock.  -icount shift 0.
set(EBB_FW_REF ${EBB_SOURCE_DIR}/tests/firmware/ref_stm32_tim2.c)
# SysTick cuts drift by a few cycles each (see above): looser than the
# reference's single clock.
set(EBB_FW_TIME_DEFS LATE_NS=15000u EARLY_NS=10000u DRIFT_NS=10000u)
set(EBB_FW_NULL_FAULT "102;FAULT MemManage")
set(EBB_FW_BAD_ADDRESS 0xA0001000u) # FMC registers: not modelled, not answered
# The report's fixed facts: the fault, CFSR (PRECISERR|BFARVALID; UNDEFINSTR),
# HFSR, the bad address, then PC, LR and EXC_RETURN (which vary with the code).
set(EBB_FW_FAULT_LOAD "103;FAULT BusFault CFSR=0x00008200 HFSR=0x00000000 BFAR=0xa0001000 PC=0x")
set(EBB_FW_FAULT_UNDEF "104;FAULT UsageFault CFSR=0x00010000 HFSR=0x00000000 PC=0x")
# test_spi: SPI1 with nothing on the bus (tests/firmware/test_spi.c).
set(EBB_FW_SPI stm32)
