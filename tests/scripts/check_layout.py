#!/usr/bin/env python3
"""The README's map is the repository: every path in its "What is in the
box" table exists, every top-level folder and every public header is in
it, the README stays short (about 150 lines), and docs/README.md links
every page of docs/.

usage: check_layout.py EBB_SOURCE_DIR"""
import pathlib
import re
import sys


def main(argv):
    root = pathlib.Path(argv[1])
    bad = []
    readme = (root / "README.md").read_text()
    lines = readme.splitlines()
    if len(lines) > 160:
        bad.append("README.md has %d lines; keep it a map (about 150)" % len(lines))
    start = readme.index("## What is in the box")
    table = readme[start:readme.index("\n## ", start + 1)]
    rows = [l for l in table.splitlines() if l.startswith("| `")]
    listed = [re.match(r"\| `([^`]+)`", r).group(1) for r in rows]
    for p in listed:
        if not (root / p).exists():
            bad.append("README lists %s, which does not exist" % p)
    top = sorted(d.name + "/" for d in root.iterdir()
                 if d.is_dir() and not d.name.startswith(".") and d.name != "build")
    for d in top:
        if not any(p.startswith(d) for p in listed):
            bad.append("top-level folder %s is not in the README's table" % d)
    for h in sorted((root / "include" / "ebb").glob("*.h")) + sorted((root / "include" / "ebb" / "driver").glob("*.h")):
        if "`%s`" % h.name not in table:
            bad.append("public header %s is not in the README's table" % h.relative_to(root))
    index = (root / "docs" / "README.md").read_text()
    for page in sorted((root / "docs").glob("*.md")):
        if page.name != "README.md" and "(%s)" % page.name not in index:
            bad.append("docs/README.md does not link %s" % page.name)
    for b in bad:
        print("layout: " + b)
    print("layout: README map %d rows, %d lines; docs index %s" %
          (len(rows), len(lines), "complete" if not bad else "incomplete"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
