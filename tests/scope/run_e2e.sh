#!/bin/sh
# run_e2e.sh QEMU PLUGIN_SO FIRMWARE_ELF LOG
# Runs the scope test firmware (tests/scope/fw/scope_fw.S) on netduinoplus2 with
# the ebbscope plugin and checks the edge log against the known instruction
# sequence. Expected values are derived in the comments of scope_fw.S.
set -u
qemu=$1 plugin=$2 elf=$3 log=$4
rm -f "$log"
timeout 20 "$qemu" -M netduinoplus2 -nographic -monitor none -serial null \
    -semihosting-config enable=on,target=native \
    -icount shift=0,align=off,sleep=off \
    -kernel "$elf" -plugin "$plugin,out=$log,elf=$elf"
rc=$?
if [ $rc -ne 0 ]; then
    echo "FAIL: qemu exited with $rc (0 expected; 3 = Default_Handler ran)"
    exit 1
fi
[ -s "$log" ] || { echo "FAIL: no log"; exit 1; }
grep -v '^edge' "$log"
awk '
function fail(msg) { print "FAIL: " msg; bad = 1 }
function eq(what, got, want) { if (got != want) fail(what ": got " got ", want " want) }
function within(what, got, lo, hi) {
    if (got < lo || got > hi) fail(what ": got " got ", want " lo ".." hi)
}
$1 == "#" && $2 == "model" { model = $0 }
$1 == "edge" {
    n++; insn[n] = $2; c0[n] = $3; ca[n] = $4; im[n] = $5; dm[n] = $6
    sig[n] = $7 $8 "=" $9
}
$1 == "end" {
    ended = 1
    for (i = 2; i <= NF; i++) { split($i, kv, "="); tot[kv[1]] = kv[2] }
}
END {
    if (!ended) fail("no end line")
    # Default, SVC, SysTick, EXTI15_10 and IRQ 42..45 handlers read from the ELF
    if (model !~ / handlers=8$/) fail("vector table: " model)
    eq("edge count", n, 16 + 400 + 2)
    want = "G1=1 G1=0 G1=1 G1=0 G1=1 G1=0 G1=1 G0=1 G0=0 G1=0 G1=1 G1=0 G1=1 G1=0 G1=1 G1=0"
    got = ""; for (i = 1; i <= 16 && i <= n; i++) got = got (i > 1 ? " " : "") sig[i]
    eq("edge sequence", got, want)
    if (n != 418) exit 1
    # edge 1: 12 instructions of Reset_Handler, then the store
    eq("insn at first edge", insn[1], 13)
    eq("cyc0 at first edge", c0[1], 18)
    # window 1: 10 nops + store, all from prefetched flash lines
    eq("w1 insns", insn[2] - insn[1], 11)
    eq("w1 cyc0", c0[2] - c0[1], 11)
    eq("w1 cycart", ca[2] - ca[1], 11)
    # window 2: ldr lit (2), dependent ldr (2), pipelined ldr (1), str (1)
    eq("w2 insns", insn[4] - insn[3], 4)
    eq("w2 cyc0", c0[4] - c0[3], 6)
    eq("w2 dmiss", dm[4] - dm[3], 2)
    eq("w2 imiss", im[4] - im[3], 0)
    # each D-miss stalls 5, plus at most one 6-cycle read in flight each
    within("w2 cycart", ca[4] - ca[3], 6 + 2 * 5, 6 + 2 * 11)
    # window 3: cmp, it, skipped ldreq (1), str
    eq("w3 insns", insn[6] - insn[5], 4)
    eq("w3 cyc0", c0[6] - c0[5], 4)
    eq("w3 cycart", ca[6] - ca[5], 4)
    # G -> PG0 high: ldr, movs, str STIR, entry 12, ldr, movs, str
    eq("latency insns", insn[8] - insn[7], 6)
    eq("latency cyc0", c0[8] - c0[7], 2 + 1 + 1 + 12 + 2 + 1 + 1)
    eq("latency imiss", im[8] - im[7], 1)
    eq("latency dmiss", dm[8] - dm[7], 2)
    within("latency cycart", ca[8] - ca[7], 20 + 3 * 5, 20 + 3 * 11)
    # handler: 5 nops, ldr (literal line already cached), str
    eq("irq insns", insn[9] - insn[8], 7)
    eq("irq cyc0", c0[9] - c0[8], 8)
    eq("irq cycart", ca[9] - ca[8], 8)
    # bx lr + exception return (11), nop, str; back in a cached line
    eq("return insns", insn[10] - insn[9], 3)
    eq("return cyc0", c0[10] - c0[9], 13)
    eq("return cycart", ca[10] - ca[9], 13)
    # window 5: svc (1 + entry 12), bx lr (1 + return 10), str; SVC_Handler misses
    eq("svc insns", insn[12] - insn[11], 3)
    eq("svc cyc0", c0[12] - c0[11], 25)
    eq("svc imiss", im[12] - im[11], 1)
    eq("svc dmiss", dm[12] - dm[11], 0)
    within("svc cycart", ca[12] - ca[11], 25 + 5, 25 + 11)
    # window 6: IRQ 42 pends 43, tail-chain (bx lr 1 + 6), 43 returns (1 + 10);
    # all lines and literals already cached
    eq("tail-chain insns", insn[14] - insn[13], 8)
    eq("tail-chain cyc0", c0[14] - c0[13], 2 + 1 + 13 + 1 + 1 + 7 + 11 + 1)
    eq("tail-chain cycart", ca[14] - ca[13], 37)
    eq("tail-chain misses", (im[14] - im[13]) + (dm[14] - dm[13]), 0)
    # window 7: IRQ 44 pends 45 which pre-empts (entry 12), two returns;
    # IRQ 45 sits in the line prefetched when IRQ 44 was entered
    eq("nested insns", insn[16] - insn[15], 8)
    eq("nested cyc0", c0[16] - c0[15], 2 + 1 + 13 + 1 + 13 + 11 + 11 + 1)
    eq("nested cycart", ca[16] - ca[15], 53)
    eq("nested misses", (im[16] - im[15]) + (dm[16] - dm[15]), 0)
    # window 8: 400 PG1-high stores; SysTick is taken right after one of them
    # and its handler stores PG0 high then low
    j = 0
    for (i = 17; i <= n; i++) if (sig[i] == "G0=1") j = i
    if (j <= 17 || j >= n - 1 || sig[j + 1] != "G0=0") fail("window 8: no SysTick edge pair inside the store run")
    for (i = 17; i <= n; i++) {
        if (i == j || i == j + 1) continue
        if (sig[i] != "G1=1") fail("window 8: edge " i " is " sig[i])
        if (i > 17 && i != j + 2) {
            eq("window 8 store insns at " i, insn[i] - insn[i - 1], 1)
            eq("window 8 store cyc0 at " i, c0[i] - c0[i - 1], 1)
        }
    }
    # SysTick: entry 12 after the previous store (not inside its timestamp),
    # ldr 2, movs 1, str 1, str PG0 high 1
    eq("systick insns", insn[j] - insn[j - 1], 4)
    eq("systick cyc0", c0[j] - c0[j - 1], 12 + 2 + 1 + 1 + 1)
    # bx lr (1 + 10), next PG1 store (1)
    eq("systick return insns", insn[j + 2] - insn[j + 1], 2)
    eq("systick return cyc0", c0[j + 2] - c0[j + 1], 12)
    # totals: movs, ldr, bkpt after the last edge
    eq("total insns", tot["insn"], insn[n] + 3)
    eq("exc_entry", tot["exc_entry"], 6)
    eq("exc_return", tot["exc_return"], 6)
    eq("tail_chain", tot["tail_chain"], 1)
    eq("it_skipped", tot["it_skipped"], 1)
    eq("reexec_dropped", tot["reexec_dropped"], 0)
    eq("stray_mem", tot["stray_mem"], 0)
    eq("edges", tot["edges"], n)
    if (tot["cycart"] - tot["cyc0"] != tot["stall"]) fail("cycart - cyc0 != stall")
    if (bad) exit 1
    print "PASS"
}' "$log"
