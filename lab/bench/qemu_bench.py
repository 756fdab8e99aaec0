"""Run one benchmark firmware of lab/bench/ the way its figures are measured:
QEMU's netduinoplus2 (Cortex-M4) under -icount shift 0, so that virtual time
counts executed instructions exactly (one per nanosecond)."""
import subprocess


def run(qemu, elf, timeout, machine="netduinoplus2"):
    """The finished QEMU process (stdout, stderr, returncode) of `elf`
    (on another `machine` for a board's own benchmarks: lab/bench/dma_ops.c)."""
    return subprocess.run([qemu, "-M", machine, "-nographic", "-monitor", "none",
                           "-serial", "stdio", "-semihosting-config", "enable=on,target=native",
                           "-icount", "shift=0,align=off,sleep=off", "-kernel", elf],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
