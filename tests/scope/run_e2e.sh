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
cat "$log"
awk '
function fail(msg) { print "FAIL: " msg; bad = 1 }
function eq(what, got, want) { if (got != want) fail(what ": got " got ", want " want) }
function within(what, got, lo, hi) {
    if (got < lo || got > hi) fail(what ": got " got ", want " lo ".." hi)
}
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
    eq("edge count", n, 10)
    want = "G1=1 G1=0 G1=1 G1=0 G1=1 G1=0 G1=1 G0=1 G0=0 G1=0"
    got = ""; for (i = 1; i <= n; i++) got = got (i > 1 ? " " : "") sig[i]
    eq("edge sequence", got, want)
    if (n != 10) exit 1
    # edge 1: 9 instructions of Reset_Handler, then the store
    eq("insn at first edge", insn[1], 10)
    eq("cyc0 at first edge", c0[1], 14)
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
    # totals: movs, ldr, bkpt after the last edge
    eq("total insns", tot["insn"], insn[10] + 3)
    eq("exc_entry", tot["exc_entry"], 1)
    eq("exc_return", tot["exc_return"], 1)
    eq("tail_chain", tot["tail_chain"], 0)
    eq("it_skipped", tot["it_skipped"], 1)
    eq("reexec_dropped", tot["reexec_dropped"], 0)
    eq("stray_mem", tot["stray_mem"], 0)
    eq("edges", tot["edges"], 10)
    if (tot["cycart"] - tot["cyc0"] != tot["stall"]) fail("cycart - cyc0 != stall")
    if (bad) exit 1
    print "PASS"
}' "$log"
