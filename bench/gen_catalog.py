#!/usr/bin/env python3
"""gen_catalog.py FACTOR IN OUT - write a catalog FACTOR times the size of IN by
repeating its sizes under new names (Standard_X -> Standard_X_b2, ...). Stdlib only:
the sizes block is copied as text, so the output is the same YAML dialect."""
import re
import sys

factor, src, dst = int(sys.argv[1]), sys.argv[2], sys.argv[3]
text = open(src, encoding="utf-8").read()
head, sep, sizes = text.partition("\nsizes:\n")
if not sep:
    sys.exit("no sizes section")
# the sizes section ends at the next top-level key
m = re.search(r"\n(?=[a-z_]+:)", sizes)
body, tail = (sizes[: m.start() + 1], sizes[m.start() + 1 :]) if m else (sizes, "")
out = [head, sep, body]
for i in range(2, factor + 1):
    out.append(re.sub(r"(- name: Standard_\S+)", r"\1_b%d" % i, body))
out.append(tail)
open(dst, "w", encoding="utf-8").write("".join(out))
