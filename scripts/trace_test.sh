#!/bin/sh
# make test's trace check (docs/tracing.md): `make trace` as a user runs
# it, on the showdown (netduinoplus2, Cortex-M4) and on blinky (micro:bit,
# Cortex-M0, and qemu-riscv-virt, RV32), each decoded trace held against
# what the program must do.
set -eu
cd "$(dirname "$0")/.."
sh scripts/trace.sh qemu-netduinoplus2 showdown >build/trace-showdown.out
# 200 edges: one button poll each (and its first), one message each
# (and the writer's first poll); the EXTI, SysTick and idle lanes present.
python3 scripts/check_trace.py build/trace/showdown.summary.json \
    --polls button=201,writer=201 --lanes "irq SysTick,irq IRQ40,idle"
lines=$(grep -c '^Button is' build/trace/showdown.console.txt || true)
[ "$lines" -eq 200 ] || { echo "FAIL: $lines console lines, want 200"; exit 1; }
for f in log json vcd svg; do
    [ -s "build/trace/showdown.$f" ] || { echo "FAIL: no build/trace/showdown.$f"; exit 1; }
done
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' build/trace/showdown.json
# The same build tree has the statistics on: gdb's ebb-tasks shows them.
cmake --build build/trace-qemu-netduinoplus2 --target board_gdb_tasks_GOTO -j"${JOBS:-2}" >/dev/null
# gdb also copies the trace ring out of the halted program (ebb-trace), and
# the decoder reads it: the halting poll of the driver task is in it.
rm -f build/trace/gdb_tasks.bin
EBB_GDB_EXTRA="ebb-trace $PWD/build/trace/gdb_tasks.bin" \
sh tests/boards/gdb_tasks.sh "$PWD" build/trace-qemu-netduinoplus2/board_gdb_tasks_GOTO.elf \
    gdb-multiarch qemu-system-arm table stats >build/trace-gdb-stats.out ||
    { cat build/trace-gdb-stats.out; exit 1; }
grep -E '^(now|executor 0|  driver|ebb-trace)' build/trace-gdb-stats.out
python3 scripts/ebb_trace.py --elf build/trace-qemu-netduinoplus2/board_gdb_tasks_GOTO.elf \
    --out build/trace/gdb_tasks build/trace/gdb_tasks.bin >/dev/null
python3 scripts/check_trace.py build/trace/gdb_tasks.summary.json --min-polls driver=1
# blinky wakes every 500 ms (seconds of QEMU under -icount are many ticks)
# and logs each change with EBB_LOG_INFO: its deferred messages decoded
# from the ELF, 64-bit argument and %s constant included.
SECONDS_LIMIT=5 sh scripts/trace.sh microbit blinky >build/trace-blinky.out
python3 scripts/check_trace.py build/trace/blinky.summary.json --min-polls blinky=10 \
    --lanes "idle,irq IRQ8" --log "INFO led on at 500" --log "INFO led off at 1000"
SECONDS_LIMIT=3 sh scripts/trace.sh qemu-riscv-virt blinky >build/trace-blinky-rv.out
python3 scripts/check_trace.py build/trace/blinky.summary.json --min-polls blinky=10 \
    --lanes "idle,irq MTI (timer)" \
    --log "INFO led on at 500" --log "INFO led off at 1000"
# The stream out of a UART in frames instead of semihosting
# (hal/common/ebb_trace_uart.h): QEMU's second -serial (the MPS2's UART1)
# captured to a file, the frames decoded, the ticker's 50 polls and its
# last message in them.
cmake -S . -B build/trace-mps2-an385 -DEBB_BOARD=mps2-an385 -DCMAKE_BUILD_TYPE=Release \
    -DEBB_TRACE=ON -DEBB_TASK_STATS=ON >/dev/null
cmake --build build/trace-mps2-an385 --target trace_uart -j"${JOBS:-2}" >/dev/null
rm -f build/trace/uart1.bin
(cd build/trace && timeout 60 qemu-system-arm -M mps2-an385 -nographic -monitor none -serial stdio \
    -serial file:uart1.bin -semihosting-config enable=on,target=native -icount shift=5,align=off,sleep=off \
    -kernel ../trace-mps2-an385/tests/firmware/trace_uart.elf </dev/null >trace_uart.console.txt 2>&1)
grep -q "trace_uart: done" build/trace/trace_uart.console.txt ||
    { echo "FAIL: trace_uart did not finish"; cat build/trace/trace_uart.console.txt; exit 1; }
python3 scripts/ebb_trace.py --frames --elf build/trace-mps2-an385/tests/firmware/trace_uart.elf \
    --out build/trace/trace_uart build/trace/uart1.bin >build/trace-uart.out
python3 scripts/check_trace.py build/trace/trace_uart.summary.json --min-polls ticker=51,drain=2 \
    --log "INFO tick 0" --log "INFO tick 49"
# The NUCLEO-F446ZE's cycle-counter clock builds (it runs only on the
# board: QEMU models no DWT): a traced image links the board's own.
cmake -S . -B build/trace-nucleo-f446ze -DEBB_BOARD=nucleo-f446ze -DCMAKE_BUILD_TYPE=Release \
    -DEBB_TRACE=ON -DEBB_TASK_STATS=ON >/dev/null
cmake --build build/trace-nucleo-f446ze --target blinky -j"${JOBS:-2}" >/dev/null
arm-none-eabi-nm build/trace-nucleo-f446ze/apps/examples/blinky/blinky.elf | grep -q " T ebb_profile_clock$" ||
    { echo "FAIL: the NUCLEO's traced image does not link its DWT clock"; exit 1; }
echo "trace: PASS"
