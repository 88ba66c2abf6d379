#!/usr/bin/env python3
"""gen_rules.py N OUT - a rules file of N distinct prefer rules (bench/rules.sh)."""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
with open(out, "w") as f:
    f.write('version: "1"\nrules:\n')
    for i in range(n):
        f.write("  - id: bench-%d\n    effect: prefer\n    weight: 1\n"
                "    if: {vcpus: {gt: %d}}\n    message: \"rule %d\"\n" % (i, i % 97, i))
