#!/usr/bin/env python3
"""Run one firmware image on a QEMU machine (netduinoplus2 unless --machine)
and judge it.

The firmware is self-checking: it exits through semihosting with a status
(0 = pass).  This script checks that status against --code, and optionally
the console (first -serial, QEMU's stdout) byte for byte against --expect,
and that --grep text appears in the console or semihosting (stderr) output.
A hang is a failure (--timeout seconds of host time).
"""
import argparse
import re
import subprocess
import sys
import threading
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qemu", default="qemu-system-arm")
    ap.add_argument("--machine", default="netduinoplus2")
    ap.add_argument("--min-seconds", type=float, default=0.0,
                    help="fail if the run took less host time (non-icount time checks)")
    ap.add_argument("--ebb-not-ahead", action="store_true",
                    help="the firmware prints 'EBB-US <n>', the microseconds its clock "
                         "counted: fail if that exceeds the host time of the whole run "
                         "(without -icount the emulator's clock follows the host's, so "
                         "ebb's clock can lag it, never lead it)")
    ap.add_argument("--elf", required=True)
    ap.add_argument("--code", type=int, default=0, help="expected exit status")
    ap.add_argument("--expect", help="file the console output must equal")
    ap.add_argument("--grep", action="append", default=[], help="text that must appear")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--no-icount", action="store_true")
    ap.add_argument("--icount-shift", type=int, default=0,
                    help="virtual ns per instruction = 2^shift")
    ap.add_argument("--input", help="bytes to type (Python escapes allowed)")
    ap.add_argument("--input-after", default="ready",
                    help="console text to wait for before typing (QEMU drops earlier bytes)")
    ap.add_argument("--key-gap", type=float, default=0.02,
                    help="seconds between typed bytes")
    ap.add_argument("--until", help="stop QEMU once this console text appears (a pass)")
    ap.add_argument("--log", help="also write the console output to this file")
    ap.add_argument("--panic-at", help="the PANIC line's address must resolve (addr2line) to "
                    "a location containing this text, e.g. a file name")
    a = ap.parse_args()

    # --machine "virt -bios none": the machine, then its own options
    cmd = [a.qemu, "-M"] + a.machine.split() + ["-nographic", "-monitor", "none",
           "-serial", "stdio", "-semihosting-config", "enable=on,target=native"]
    if not a.no_icount:
        cmd += ["-icount", f"shift={a.icount_shift},align=off,sleep=off"]
    cmd += ["-kernel", a.elf]
    if a.input is not None or a.until is not None:
        return interactive(a, cmd)
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=a.timeout)
    except subprocess.TimeoutExpired as e:
        sys.stdout.write((e.stdout or b"").decode(errors="replace"))
        print(f"\nFAIL: no exit within {a.timeout} s (hang)")
        return 1
    out = p.stdout.decode(errors="replace")
    err = p.stderr.decode(errors="replace")
    if a.log:
        with open(a.log, "w") as f:
            f.write(out)
    sys.stdout.write(out)
    sys.stdout.write(err)
    ok = True
    if p.returncode != a.code:
        print(f"FAIL: exit status {p.returncode}, expected {a.code}")
        ok = False
    took = time.monotonic() - t0
    if took < a.min_seconds:
        print(f"FAIL: ran {took:.2f} s of host time, expected at least {a.min_seconds} s")
        ok = False
    if a.ebb_not_ahead:
        m = re.search(r"EBB-US (\d+)", out)
        if not m:
            print("FAIL: no 'EBB-US <n>' line")
            ok = False
        else:
            ebb_s = int(m.group(1)) / 1e6
            print(f"ebb's clock counted {ebb_s:.3f} s in {took:.3f} s of host time")
            if ebb_s > took:
                print("FAIL: ebb's clock ran ahead of the host's")
                ok = False
    if a.expect:
        want = open(a.expect, "rb").read()
        if p.stdout != want:
            print(f"FAIL: console output differs from {a.expect}")
            for i, (x, y) in enumerate(zip(p.stdout, want)):
                if x != y:
                    print(f"  first difference at byte {i}: got {x!r}, want {y!r}")
                    break
            else:
                print(f"  lengths: got {len(p.stdout)}, want {len(want)}")
            ok = False
    for g in a.grep:
        if g not in out and g not in err:
            print(f"FAIL: missing {g!r} in the output")
            ok = False
    if a.panic_at:
        where = panic_location(a.elf, out + err)
        print(f"panic location: {where}")
        if where is None or a.panic_at not in where:
            print(f"FAIL: the panic's address does not resolve to {a.panic_at!r}")
            ok = False
    print("PASS" if ok else "")
    return 0 if ok else 1


def panic_location(elf, text):
    """file:line (function) of the address in the first PANIC line, by the
    toolchain's addr2line, or None."""
    m = re.search(r"PANIC \S+ at (0x[0-9a-f]+)", text)
    if not m:
        return None
    with open(elf, "rb") as f:
        machine = int.from_bytes(f.read(20)[18:20], "little")
    tool = {40: "arm-none-eabi-addr2line", 243: "riscv64-unknown-elf-addr2line"}.get(machine)
    if tool is None:
        return None
    # -i: the inline chain too (an -Os LTO image inlines the checking
    # function into its caller), innermost first.
    r = subprocess.run([tool, "-f", "-i", "-e", elf, m.group(1)], capture_output=True, text=True)
    lines = r.stdout.splitlines()
    pairs = ["%s (%s)" % (lines[i + 1].split(" (")[0], lines[i]) for i in range(0, len(lines) - 1, 2)]
    return ", inlined in ".join(pairs) if pairs else None


def interactive(a, cmd):
    """Type --input once --input-after shows up; stop at --until or exit."""
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
    out = bytearray()
    lock = threading.Lock()

    def reader():
        while True:
            b = p.stdout.read1(4096) if hasattr(p.stdout, "read1") else p.stdout.read(1)
            if not b:
                return
            with lock:
                out.extend(b)

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    typed = a.input is None
    data = (a.input or "").encode().decode("unicode_escape").encode("latin-1")
    deadline = time.monotonic() + a.timeout
    reached = False
    while time.monotonic() < deadline and p.poll() is None:
        with lock:
            text = out.decode(errors="replace")
        if not typed and a.input_after in text:
            # a byte at a time: the USART holds one byte, QEMU waits for it
            for b in data:
                p.stdin.write(bytes([b]))
                p.stdin.flush()
                time.sleep(a.key_gap)
            typed = True
        if a.until is not None and a.until in text:
            reached = True
            break
        time.sleep(0.01)
    if p.poll() is None:
        p.kill()
    p.wait()
    t.join(timeout=1)
    text = out.decode(errors="replace")
    sys.stdout.write(text)
    ok = True
    if a.until is not None:
        if not reached:
            print(f"\nFAIL: {a.until!r} did not appear")
            ok = False
    elif p.returncode != a.code:
        print(f"\nFAIL: exit status {p.returncode}, expected {a.code}")
        ok = False
    for g in a.grep:
        if g not in text:
            print(f"FAIL: missing {g!r} in the output")
            ok = False
    print("PASS" if ok else "")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
