#!/usr/bin/env python3
"""check_docs.py - every function declared in include/aivm/*.h has a comment.

A declaration counts as documented when a comment ends on the line before it,
or when it belongs to a group that a comment right above introduces (lines of
declarations with no blank line between them). Exit 1 with one line per
undocumented function. Usage: scripts/check_docs.py [ROOT]
"""
import os
import re
import sys

DECL = re.compile(r'^[A-Za-z_][\w \*]*?\b(aivm_\w+)\s*\(')


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    inc = os.path.join(root, "include", "aivm")
    missing = []
    for f in sorted(os.listdir(inc)):
        if not f.endswith(".h"):
            continue
        lines = open(os.path.join(inc, f), encoding="utf-8").read().split("\n")
        documented = False  # the current group of lines has a comment above it
        depth = 0
        for i, line in enumerate(lines, 1):
            s = line.strip()
            if not s:
                documented = False
                continue
            if s.endswith("*/") or s.startswith("/*") or s.startswith("*"):
                documented = True
                continue
            opened = depth
            depth += line.count("{") - line.count("}")
            if opened or line.startswith((" ", "\t", "}", "#", "typedef", "struct")):
                continue
            m = DECL.match(line)
            if m and not line.startswith("static inline") or (m and "{" not in line):
                if not documented:
                    missing.append("include/aivm/%s:%d: %s has no comment" % (f, i, m.group(1)))
    for m in missing:
        print("check_docs: " + m)
    if missing:
        print("check_docs: %d undocumented public function(s)" % len(missing))
        return 1
    print("check_docs: every public function is documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
