"""Every public function in the API reference says from which context it may
be called and what it costs (the rule for public headers), and cites every
contract id that its definition in src/ checks (EBB_REQUIRE / EBB_REQUIRE_OR /
a module's *_refuse(N)).  Doxygen itself (WARN_IF_UNDOCUMENTED, warnings as
errors) has already failed on any public function or macro without a doc
comment.  Reads Doxygen's XML (docs/Doxyfile, GENERATE_XML).
Usage: check_api.py XML_DIR SOURCE_DIR"""
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

xml_dir = pathlib.Path(sys.argv[1])
src_dir = pathlib.Path(sys.argv[2])

# Contract ids each public function checks in its own definition.
checks = {}
for src in sorted(src_dir.glob("src/*.c")):
    text = src.read_text(errors="replace")
    mod = re.search(r'EBB_MODULE\("(\w+)"\)', text)
    if not mod:
        continue
    for m in re.finditer(r'^(?!static)[A-Za-z_][^\n;]*?\(?\b(ebb_[a-z]\w*)\)?\s*\([^;{]*\)\s*\n\{(.*?)^\}',
                         text, re.S | re.M):
        ids = {int(i) for i in re.findall(
            r'(?:EBB_REQUIRE(?:_OR)?\(|_refuse\(|ebb_on_contract\(ebb__module,\s*)\s*(\d+)', m.group(2))}
        if ids:
            checks[m.group(1)] = (mod.group(1), ids, f"{src.relative_to(src_dir)}")

bad = []
count = 0
documented = set()
for f in sorted(xml_dir.glob("*_8h.xml")):
    root = ET.parse(f).getroot()
    for m in root.iter("memberdef"):
        if m.get("kind") != "function":
            continue
        name = m.findtext("name")
        text = " ".join("".join(m.find(t).itertext()) for t in ("briefdescription", "detaileddescription"))
        text = " ".join(text.split())
        loc = m.find("location")
        where = f"{loc.get('file')}:{loc.get('line')}"
        count += 1
        missing = []
        if not re.search(r"\bContext\b", text):
            missing.append("Context:")
        if not re.search(r"\bCost\b|\bO\(|\bcosts?\b", text):
            missing.append("Cost:")
        if missing:
            bad.append(f"{where}: {name}() documents no {' / '.join(missing)}")
        documented.add(name)
        if name in checks:
            mod, ids, src = checks[name]
            for i in sorted(ids):
                if not re.search(rf"\b{mod}:{i}\b", text):
                    bad.append(f"{where}: {name}() does not cite contract {mod}:{i}, which {src} checks")
for name, (mod, ids, src) in sorted(checks.items()):
    if name not in documented:
        bad.append(f"{src}: {name}() checks contracts but is in no public header")
for b in bad:
    print(b)
print(f"{count} public functions ({len(checks)} check contracts), {len(bad)} problems")
sys.exit(1 if bad else 0)
