#!/usr/bin/env python3
"""The contracts table of docs/misuse.md, generated from the headers.

Every precondition of ebb's public API is stated once, in the doc comment
of the function that checks it, as

    Contract <module>:<id> - <condition> (<mode>: <outcome>).

where <mode> is "always checked" (a guard of memory or of the object's
state: the outcome holds with contracts on or off, the hook is called
first when they are on) or "contracts off" (diagnosis only: the check and
the hook are compiled out, and the outcome is what happens then).  A
mention without " - " (Contract wait:2, wait:3) refers to a definition
elsewhere.  This script collects the definitions of include/ebb/*.h, include/ebb/driver/*.h,
the device classes (hal/common) and the chip drivers' public headers
(hal/<chip>/ebb_*.h) and writes them as a table between the markers
of docs/misuse.md:

    python3 scripts/misuse_table.py --write docs/misuse.md
    python3 scripts/misuse_table.py --check docs/misuse.md   (make test)
"""
import glob
import os
import re
import sys

BEGIN = "<!-- contracts: scripts/misuse_table.py --write docs/misuse.md -->"
END = "<!-- end of contracts -->"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADERS = sorted(glob.glob(os.path.join(ROOT, "include/ebb/*.h")) +
                 glob.glob(os.path.join(ROOT, "include/ebb/driver/*.h")) +
                 glob.glob(os.path.join(ROOT, "hal/common/ebb_*.h")) +
                 glob.glob(os.path.join(ROOT, "hal/*/ebb_*.h")))

# "Contract m:n - condition (mode: outcome)", the parenthesis possibly
# starting with a note ("(no recursion; always checked: ...)"); the
# outcome may hold one level of parentheses.
DEF = re.compile(r"Contract (\w+):(\d+) - ([^()]*(?:\([^()]*\)[^()]*)*?)\s*"
                 r"\((?:[^();]*;\s*)?(always checked|contracts off):\s*"
                 r"([^()]*(?:\([^()]*\)[^()]*)*)\)")
DECL = re.compile(r"^\s*(?:EBB_\w+\s+)*(?:static\s+inline\s+)?(?:EBB_\w+\s+)*[\w\s\*]*?\(?(\w+)\)?\s*\(",
                  re.M)


def comments(text):
    """(comment text joined into one line, the declaration after it)."""
    for m in re.finditer(r"/\*\*(.*?)\*/\s*((?:(?!/\*)[^;{])*)", text, re.S):
        body = " ".join(l.strip().lstrip("*").strip() for l in m.group(1).splitlines())
        yield re.sub(r"\s+", " ", body).strip(), m.group(2)


def collect():
    """{(module, id): {"cond", "mode", "outcomes": {outcome: [functions]}}}."""
    rows = {}
    for h in HEADERS:
        text = open(h).read()
        for body, decl in comments(text):
            d = DECL.search(decl)
            fn = d.group(1) if d else None
            for m in DEF.finditer(body):
                key = (m.group(1), int(m.group(2)))
                r = rows.setdefault(key, {"cond": m.group(3).strip().rstrip(" ;,:"),
                                          "mode": m.group(4), "outcomes": {},
                                          "where": os.path.relpath(h, ROOT)})
                fns = r["outcomes"].setdefault(m.group(5).strip(), [])
                if fn and fn not in fns:
                    fns.append(fn)
    return rows


def table(rows):
    out = ["| contract | precondition | kind | contracts on | contracts off |",
           "|---|---|---|---|---|"]
    for (mod, cid), r in sorted(rows.items()):
        parts = []
        for outcome, fns in r["outcomes"].items():
            who = ", ".join("`%s()`" % f for f in fns) or "`%s`" % r["where"]
            parts.append("%s: %s" % (who, outcome))
        kind = "guard: stays" if r["mode"] == "always checked" else "diagnosis: compiled out"
        out.append("| `%s:%d` | %s | %s | `ebb_on_contract(\"%s\", %d)` | %s |"
                   % (mod, cid, r["cond"], kind, mod, cid, "; ".join(parts)))
    return "\n".join(out)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("--write", "--check"):
        sys.exit(__doc__)
    path = sys.argv[2]
    doc = open(path).read()
    if BEGIN not in doc or END not in doc:
        sys.exit("misuse_table: %s has no markers %s ... %s" % (path, BEGIN, END))
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = head + BEGIN + "\n" + table(collect()) + "\n" + END + tail
    if sys.argv[1] == "--write":
        if new != doc:
            open(path, "w").write(new)
            print("misuse_table: %s updated" % path)
        return
    if new != doc:
        sys.exit("misuse_table: the contracts table of %s is out of date with the headers; run "
                 "`python3 scripts/misuse_table.py --write %s`" % (path, path))
    print("misuse_table: %d contracts, the table is current" % len(collect()))


if __name__ == "__main__":
    main()
