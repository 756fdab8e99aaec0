#!/usr/bin/env python3
"""Size of ebb on every target: the core library (src/*.c plus the port's
own .c files: Cortex-M port.c and semihost.c, RISC-V port.c, plic.c and
swi.c) compiled at -O3 and at -Os for each target's CPU, and the blinky
example as each board's build links it.

    lab/report/size_table.py [--build DIR] [--write FILE | --check FILE] [--jobs N]

The core is compiled here, straight from the sources, with the flags of
each target (-ffunction-sections -fdata-sections, no LTO); its figures are
the sums over the objects (arm-none-eabi-size), i.e. everything the library
offers - an application links only what it uses.  Blinky's figures are
those of build/<preset>/apps/examples/blinky/blinky.elf (the board presets
build -O3), or "not built" when that tree is missing.  --write replaces the
table between the markers in FILE (docs/sizes.md); --check fails unless
FILE holds the table measured, which make test runs.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (target, CPU flags, board presets using it); Cortex-M unless TOOLCHAINS
# says otherwise.
TARGETS = [
    ("Cortex-M0 (ARMv6-M)", "-mcpu=cortex-m0 -mthumb -mfloat-abi=soft", ["microbit"]),
    ("Cortex-M3 (ARMv7-M)", "-mcpu=cortex-m3 -mthumb -mfloat-abi=soft", ["mps2-an385"]),
    ("Cortex-M4F (ARMv7E-M)", "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16",
     ["qemu-netduinoplus2", "mps2-an386"]),
    ("Cortex-M7 (ARMv7E-M)", "-mcpu=cortex-m7 -mthumb -mfloat-abi=hard -mfpu=fpv5-d16",
     ["mps2-an500"]),
    ("Cortex-M33 (ARMv8-M Main)", "-mcpu=cortex-m33 -mthumb -mfloat-abi=hard -mfpu=fpv5-sp-d16",
     ["mps2-an505"]),
    ("RV32IMAC (machine mode)", "-march=rv32imac_zicsr -mabi=ilp32 --specs=picolibc.specs",
     ["qemu-riscv-virt"]),
]
# target -> (compiler, port directory, the port's .c files in the core)
CORTEX_M = ("arm-none-eabi-gcc", "cortex-m", ("port.c", "semihost.c"))
TOOLCHAINS = {
    "RV32IMAC (machine mode)": ("riscv64-unknown-elf-gcc", "riscv", ("port.c", "plic.c", "swi.c")),
}
LEVELS = ["-O3", "-Os"]
BEGIN = "<!-- size table: lab/report/size_table.py --write docs/sizes.md -->"
END = "<!-- end of size table -->"


def toolchain(target):
    return TOOLCHAINS.get(target, CORTEX_M)


def core_sources(target):
    src = sorted(os.path.join(ROOT, "src", f) for f in os.listdir(os.path.join(ROOT, "src"))
                 if f.endswith(".c"))
    _, port_dir, files = toolchain(target)
    return src + [os.path.join(ROOT, "port", port_dir, f) for f in files]


def compile_one(job):
    target, cpu, level, source, out = job
    cc, port_dir, _ = toolchain(target)
    cmd = ([cc, "-std=gnu11", "-Wall", "-Wextra", "-Werror", level]
           + cpu.split() + ["-ffunction-sections", "-fdata-sections",
                            "-I", os.path.join(ROOT, "include"),
                            "-I", os.path.join(ROOT, "port", port_dir),
                            "-c", source, "-o", out])
    subprocess.run(cmd, check=True)
    return out


def size_of(files, target):
    """Sum of text, data, bss over files (the target's size, Berkeley)."""
    size = toolchain(target)[0][:-len("gcc")] + "size"
    out = subprocess.run([size] + files, check=True, capture_output=True,
                         text=True).stdout.splitlines()[1:]
    t = d = b = 0
    for line in out:
        f = line.split()
        t, d, b = t + int(f[0]), d + int(f[1]), b + int(f[2])
    return t, d, b


def table(build, jobs):
    with tempfile.TemporaryDirectory() as tmp:
        work = []
        for ti, (name, cpu, _) in enumerate(TARGETS):
            for level in LEVELS:
                for s in core_sources(name):
                    out = os.path.join(tmp, f"{ti}{level}_{os.path.basename(s)}.o")
                    work.append((name, cpu, level, s, out))
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            list(pool.map(compile_one, work))
        rows = []
        for ti, (name, cpu, presets) in enumerate(TARGETS):
            cells = []
            for level in LEVELS:
                objs = [w[4] for w in work if w[0] == name and w[2] == level]
                t, d, b = size_of(objs, name)
                cells.append(f"{t} / {d} / {b}")
            blinky = []
            for p in presets:
                elf = os.path.join(build, p, "apps", "examples", "blinky", "blinky.elf")
                if os.path.exists(elf):
                    t, d, b = size_of([elf], name)
                    blinky.append(f"{p}: {t} / {d} / {b}")
                else:
                    blinky.append(f"{p}: not built")
            rows.append(f"| {name} | {cells[0]} | {cells[1]} | {'<br>'.join(blinky)} |")
    head = ["| Target | core -O3: .text / .data / .bss | core -Os: .text / .data / .bss "
            "| blinky (board build, -O3): .text / .data / .bss |",
            "|---|---|---|---|"]
    return "\n".join(head + rows) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--write", help="replace the table between the markers in this file")
    ap.add_argument("--check", help="exit 1 unless this file's table is the one measured")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    t = table(a.build, a.jobs)
    sys.stdout.write(t)
    if a.write:
        text = open(a.write).read()
        i, j = text.index(BEGIN) + len(BEGIN), text.index(END)
        open(a.write, "w").write(text[:i] + "\n" + t + text[j:])
    if a.check:
        text = open(a.check).read()
        i, j = text.index(BEGIN) + len(BEGIN), text.index(END)
        if text[i:j] != "\n" + t:
            sys.stderr.write(f"size_table: {a.check} quotes other sizes than measured; "
                             f"rewrite it with --write {a.check}\n")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
