#!/usr/bin/env python3
"""Extract every ```c block of the given Markdown files into <out>/ and write
<out>/examples.txt: one line per block, "<kind> <name> <file>", where kind is
"firmware" (the block includes ebb_board.h), "host-main" (a host program with
main) or "host" (compile only).  Every block must be a complete file."""
import os
import re
import sys


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    manifest = []
    for md in sys.argv[2:]:
        base = re.sub(r"[^A-Za-z0-9]", "_", os.path.splitext(os.path.basename(md))[0])
        block, n = None, 0
        for line in open(md, encoding="utf-8"):
            if block is None and line.rstrip("\n") == "```c":
                block = []
            elif block is not None and line.rstrip("\n") == "```":
                n += 1
                name = "doc_%s_%d" % (base, n)
                path = os.path.join(out, name + ".c")
                text = "".join(block)
                old = open(path).read() if os.path.exists(path) else None
                if old != text:  # keep the timestamp: no needless rebuilds
                    with open(path, "w") as f:
                        f.write(text)
                if '"ebb_board.h"' in text:
                    kind = "firmware"
                elif re.search(r"\bint main\(", text):
                    kind = "host-main"
                else:
                    kind = "host"
                manifest.append("%s %s %s" % (kind, name, path))
                block = None
            elif block is not None:
                block.append(line)
    with open(os.path.join(out, "examples.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
