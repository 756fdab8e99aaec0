"""Every contract id the docs and headers cite ("module:N", "contract
module:N") must exist: some source file with EBB_MODULE("module") checks
EBB_REQUIRE(N, ...) / EBB_REQUIRE_OR(N, ...) / ebb_on_contract(ebb__module, N)
/ a module's *_refuse(N) helper, or calls ebb_on_contract("module", N).  Usage: check_contract_ids.py SOURCE_DIR"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
defined = set()
for src in list(root.glob("src/*.c")) + list(root.glob("port/**/*.[ch]")) + \
        list(root.glob("hal/**/*.[ch]")) + list(root.glob("boards/**/*.[ch]")) + \
        list(root.glob("include/ebb/*.h")):
    text = src.read_text(errors="replace")
    for m in re.finditer(r'ebb_on_contract\("(\w+)",\s*(\d+)\)', text):
        defined.add((m.group(1), int(m.group(2))))
    for m in re.finditer(r'ebb__(\w+?)_refuse\((\d+)\)', text):
        defined.add((m.group(1), int(m.group(2))))
    mod = re.search(r'EBB_MODULE\("(\w+)"\)', text)
    if mod:
        for m in re.finditer(r'(?:EBB_REQUIRE(?:_OR)?\(|ebb_on_contract\(ebb__module,\s*|_refuse\()(\d+)\b', text):
            defined.add((mod.group(1), int(m.group(1))))
modules = {m for m, _ in defined}

cited = []
files = list(root.glob("include/ebb/*.h")) + list(root.glob("docs/*.md")) + [root / "README.md"] + \
    list(root.glob("hal/**/*.h")) + list(root.glob("port/**/*.h")) + list(root.glob("boards/**/*.h"))
for f in files:
    for n, line in enumerate(f.read_text(errors="replace").splitlines(), 1):
        for m in re.finditer(r'\b([a-z]+):(\d+)\b', line):
            if m.group(1) in modules:
                cited.append((f.relative_to(root), n, m.group(1), int(m.group(2))))

bad = [c for c in cited if (c[2], c[3]) not in defined]
for f, n, mod, i in bad:
    print(f"{f}:{n}: cites {mod}:{i}, which no check defines")
print(f"{len(cited)} contract ids cited, {len(defined)} defined, {len(bad)} missing")
sys.exit(1 if bad else 0)
