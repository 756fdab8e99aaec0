# What ebb's tests and benchmarks expect of qemu-riscv-virt (names:
# tests/firmware/suite.cmake; read by cmake/firmware.cmake).
# The machine has no second timer on virtual time: the reference is the
# machine timer, read directly (ref_riscv_mtime.c).  No ceiling (the lock
# masks every interrupt): test_irq_executor 0 only.  -icount shift 0.
set(EBB_FW_REF ${EBB_SOURCE_DIR}/tests/firmware/ref_riscv_mtime.c)
set(EBB_FW_IRQX_KINDS 0)
set(EBB_FW_BAD_ADDRESS 16u) # nothing is mapped below 0x1000
set(EBB_FW_FAULT_LOAD "101;FAULT load access fault")
set(EBB_FW_FAULT_UNDEF "101;FAULT illegal instruction")
