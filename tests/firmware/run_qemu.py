#!/usr/bin/env python3
"""Run one firmware image on QEMU's netduinoplus2 and judge it.

The firmware is self-checking: it exits through semihosting with a status
(0 = pass).  This script checks that status against --code, and optionally
the console (first -serial, QEMU's stdout) byte for byte against --expect,
and that --grep text appears in the console or semihosting (stderr) output.
A hang is a failure (--timeout seconds of host time).
"""
import argparse
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qemu", default="qemu-system-arm")
    ap.add_argument("--elf", required=True)
    ap.add_argument("--code", type=int, default=0, help="expected exit status")
    ap.add_argument("--expect", help="file the console output must equal")
    ap.add_argument("--grep", action="append", default=[], help="text that must appear")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--no-icount", action="store_true")
    a = ap.parse_args()

    cmd = [a.qemu, "-M", "netduinoplus2", "-nographic", "-monitor", "none",
           "-serial", "stdio", "-semihosting-config", "enable=on,target=native"]
    if not a.no_icount:
        cmd += ["-icount", "shift=0,align=off,sleep=off"]
    cmd += ["-kernel", a.elf]
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=a.timeout)
    except subprocess.TimeoutExpired as e:
        sys.stdout.write((e.stdout or b"").decode(errors="replace"))
        print(f"\nFAIL: no exit within {a.timeout} s (hang)")
        return 1
    out = p.stdout.decode(errors="replace")
    err = p.stderr.decode(errors="replace")
    sys.stdout.write(out)
    sys.stdout.write(err)
    ok = True
    if p.returncode != a.code:
        print(f"FAIL: exit status {p.returncode}, expected {a.code}")
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
    print("PASS" if ok else "")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
